/**
 * What one workspace holds at most: past it a create answers 409 `quota_reached` with the number
 * (docs/api.md, "Quotas and write limits"). Tests count until deleted; invitations while pending.
 */
export const WORKSPACE_QUOTAS = {
  tests: 1000,
  domains: 50,
  webhooks: 50,
  apiKeys: 50,
  pendingInvitations: 100,
  utmTemplates: 50,
  tagColours: 200,
} as const;

export type QuotaKind = keyof typeof WORKSPACE_QUOTAS;

/**
 * Writes (POST, PUT, PATCH, DELETE) a user's session, or one API key, may make a minute: WRITE_LIMITER
 * in wrangler.toml; past it 429 `rate_limited` with `Retry-After`.
 */
export const WRITES_PER_MINUTE = 120;
export const WRITE_RETRY_AFTER_SECONDS = 60;

/**
 * Invitation emails (each send and each resend) a workspace may send an hour, and one inviter a day,
 * across their workspaces: past either 429 `rate_limited` with `Retry-After` (issue #45, point 5).
 */
export const INVITATION_SEND_LIMITS = {
  perWorkspacePerHour: 20,
  perInviterPerDay: 50,
} as const;
