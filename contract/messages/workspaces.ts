export const WORKSPACE_MESSAGES = {
  nameRequired: "Please enter a name for the workspace",
  nameTooLong: "Workspace name must be 60 characters or fewer",
  nameCharacters:
    "Workspace name cannot contain line breaks, control characters or text-direction characters",
  notFound: "Workspace not found. You may have been removed from it.",
  viewerCannotChange: "You can view this workspace but not change it. Ask an owner to make you an editor.",
  readKeyCannotChange: "This API key can only read. Create a key with the write scope to make changes.",
  ownerOnly: "Only an owner of this workspace can do that.",
  personalCannotBeDeleted:
    "Your personal workspace goes only with your account. Delete the account in Settings instead.",
  tooMany: (max: number) => `You can own at most ${max} workspaces. Delete one to create another.`,
  changeRequired: "Please enter a name or choose whether two-factor sign-in is required",
} as const;

/** quota_reached and the write limit (contract/quotas.ts). */
export const QUOTA_MESSAGES = {
  tests: (max: number) =>
    `A workspace can have at most ${max.toLocaleString("en-US")} tests. Delete one to create another.`,
  domains: (max: number) => `A workspace can have at most ${max} custom domains. Remove one to add another.`,
  webhooks: (max: number) =>
    `A workspace can have at most ${max} webhook endpoints. Delete one to add another.`,
  apiKeys: (max: number) => `A workspace can have at most ${max} API keys. Revoke one to create another.`,
  pendingInvitations: (max: number) =>
    `A workspace can have at most ${max} pending invitations. Revoke some to invite more.`,
  utmTemplates: (max: number) =>
    `A workspace can have at most ${max} UTM templates. Delete one to save another.`,
  tagColours: (max: number) =>
    `A workspace can colour at most ${max} tags. Its tags keep their default colours past that.`,
  writesRateLimited: (max: number) =>
    `Too many changes: at most ${max} a minute. Please wait a minute and try again.`,
} as const;

/** The public report page of a shared test (issue #34). The share dialog's texts: contract/sharing.ts. */
export const SHARE_MESSAGES = {
  pageTitle: (name: string) => `${name} — SplitLink results`,
  recommendation: "Recommendation",
  lift: "Lift against A",
  versions: "Versions",
  chart: "Conversion rate over time (cumulative)",
  noChart: "No visitors yet.",
  columns: {
    version: "Version",
    visitors: "Visitors",
    conversions: "Conversions",
    rate: "Rate",
    revenue: "Revenue",
    perVisitor: "Per visitor",
  },
  asOf: (when: string) => `Results as of ${when}. Made with SplitLink.`,
  gone: "This report link was revoked or never existed.",
  goneTitle: "Report not found · SplitLink",
} as const;
