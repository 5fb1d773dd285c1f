// Texts the API returns and the SPA shows, word for word from the specification where it has them.
// The generic ones have their own module: the SPA's first download needs only them.
import type { HistoryAction } from "./api/history";
import type { StripeOutcome } from "./api/integrations";
import {
  CONVERSIONS_PER_ADDRESS_DAY,
  type ConversionSources,
  type RefusedConversionReason,
  SESSIONS_PER_ADDRESS_HOUR,
  type UncountedVisitReason,
} from "./trust";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_SECONDS, type WebhookEventType } from "./webhooks";
import type { ApiKeyRevocationReason } from "./workspaces";

export { GENERIC_MESSAGES } from "./generic-messages";

export const AUTH_MESSAGES = {
  missingCredentials: "You must provide either an email or phone number and a password",
  invalidEmail: "Unable to validate email address: invalid format",
  invalidCredentials: "Invalid login credentials",
  emailTaken: "User already registered",
  weakPassword: "Password is too weak",
  sessionMissing: "Auth session missing!",
  invalidRefreshToken: "Invalid Refresh Token: Refresh Token Not Found",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  reauthRequired: "Please enter your password again to do this.",
  reauthTitle: "Confirm it is you",
  reauthIntro: "Enter your password to continue. You will not be asked again for 10 minutes.",
  reauthButton: "Confirm",
} as const;

export const TEST_MESSAGES = {
  notSignedIn: "You must be logged in to create a test",
  requiredFields: "Please fill in all required fields",
  invalidUrls: "Please enter valid URLs",
  // Next to the field whose address is refused (the toast keeps the specification's words above).
  urlNotHttp: "Enter a full address starting with https:// or http://",
  urlNoDomain: "This address has no domain: enter it in full, such as https://shop.example/sale",
  urlLoops: "This URL is a SplitLink link: visitors would go round in a loop",
  sameUrls: "Both versions go to the same page",
  sameUrlsDetail:
    "Every visitor sees the same page whichever version they get, so the test cannot show a difference. Create it anyway?",
  invalidCustomSlugService:
    "Custom slug must be 3-50 characters long and contain only letters, numbers, and hyphens",
  invalidCustomSlugForm: "Slug must be 3-50 characters and contain only letters, numbers, and hyphens",
  reservedSlug: "This slug is reserved and cannot be used",
  slugTaken: "This custom slug is already taken for this domain",
  slugTakenLive: "This slug is already taken for this domain",
  slugAvailable: "Slug is available!",
  slugCheckError: "Error checking slug availability",
  fixCustomSlug: "Please fix the custom slug before creating the test",
  domainNotUsable: "Please choose one of your verified, active domains",
  conversionSources: "Choose which conversions count: all or server",
  createFailed: "Failed to create test",
  created: "Test created successfully",
  createdBanner: "Your split test was created successfully!",
  notFound: "Test not found",
  deleted: "Test deleted successfully",
  deleteFailed: "Failed to delete test",
  loadFailed: "Failed to load test details",
  linkCopied: "Link copied to clipboard",
  copied: "Copied to clipboard",
  copyFailed: "Failed to copy",
} as const;

export const VARIANT_MESSAGES = {
  count: "A test has 2 to 8 variants",
  weight: "Each weight must be a whole number from 1 to 99",
  total: "Weights must add up to 100",
  nameTooLong: "A variant name is at most 60 characters",
  saved: "Variants saved",
  bothShapes: "Send either variants or urlA and urlB, not both",
  mode: 'The mode must be "experiment" or "optimise"',
} as const;

const OS_NAMES: Record<string, string> = {
  ios: "iOS",
  android: "Android",
  windows: "Windows",
  macos: "macOS",
  linux: "Linux",
  chromeos: "ChromeOS",
};

/** Audience rules: their validation and their summary in words. */
export const RULE_MESSAGES = {
  tooMany: "A test has at most 20 rules",
  conditions: "Each rule needs 1 to 10 conditions",
  conditionType: 'A condition\'s type must be "device", "os", "language", "country", "query" or "referrer"',
  device: 'A device condition\'s value must be "mobile", "tablet" or "desktop"',
  os: 'An operating system condition\'s value must be "ios", "android", "windows", "macos", "linux" or "chromeos"',
  language: 'A language condition\'s value must be a language tag, like "es" or "pt-BR"',
  country: 'A country condition\'s value must be a two-letter country code, like "DE"',
  referrer: 'A referrer condition\'s value must be a host name, like "news.ycombinator.com"',
  queryName: "A query condition needs the parameter's name (no spaces, & = or #)",
  queryValue: "A query condition's value must be 200 characters or fewer",
  action: 'A rule\'s action must be { "type": "redirect", "url": … } or { "type": "experiment" }',
  actionUrl: "A rule that sends visitors to a URL needs a valid http or https URL",
  fallbackUrl: "The fallback URL must be a valid http or https URL",
  fallbackNeeded:
    "With a rule that joins the experiment, set a fallback URL for the visitors who match no rule",
  locked:
    "This test has counted clicks: rules that choose who joins the experiment can no longer change. Rules that only send visitors to a fixed URL still can.",
  frozen:
    "This test has counted clicks: its rules choose who joins the experiment, so they can no longer change.",
  saved: "Rules saved",
  none: "Everyone takes part in the test.",
  fallback: (url: string) => `Visitors who match no rule → ${url}`,
  visits: (count: number) =>
    count === 0 ? "no visits yet" : count === 1 ? "1 visit" : `${count.toLocaleString("en-US")} visits`,
  order:
    "Rules are checked in order on every visit, before the split: the first rule whose conditions all match decides.",
  summary: {
    visitors: "Visitors",
    visitorsOf: (devices: string[]) => `${devices.join(" and ")} visitors`,
    device: (value: string) => ({ mobile: "Mobile", tablet: "Tablet", desktop: "Desktop" })[value] ?? value,
    os: (value: string) => `on ${OS_NAMES[value] ?? value}`,
    language: (value: string) => `speaking ${value}`,
    country: (value: string) => `from ${value.toUpperCase()}`,
    query: (name: string, value?: string) => (value ? `with ?${name}=${value}` : `with ?${name}`),
    referrer: (value: string) => `coming from ${value}`,
    redirect: (who: string, url: string) => `${who} → ${url}`,
    experiment: (who: string) => `${who} → join the experiment`,
  },
  osName: (value: string) => OS_NAMES[value] ?? value,
} as const;

export const REDIRECT_MESSAGES = {
  noSlug: "No test slug provided",
  domainNotRegistered: (host: string) => `This domain (${host}) is not registered with SplitLink`,
  domainNotVerified: (host: string) => `This domain (${host}) is not verified with SplitLink yet`,
  domainLookupError: (message?: string) => `Error looking up domain: ${message || "Unknown error"}`,
  testNotFound: "Test not found",
  redirectError: (message?: string) => `An error occurred during redirect: ${message || "Unknown error"}`,
} as const;

export const CONVERSION_MESSAGES = {
  recorded: "Conversion recorded successfully",
  invalidSession: "Invalid session data format",
  noSession: "No session data found",
  rateLimited: "Too many conversions from this address. Please try again shortly.",
  // Not in the specification: values on conversions and the server-side API (docs/conversions.md).
  invalidAmount: "The amount must be a number from 0 to 1,000,000,000 in major units, such as 49.99",
  amountDecimals: (currency: string, decimals: number) =>
    decimals === 0
      ? `${currency} amounts are whole numbers`
      : `${currency} amounts have at most ${decimals} decimal${decimals === 1 ? "" : "s"}`,
  invalidCurrency: "The currency must be a three-letter ISO 4217 code, such as EUR or USD",
  valueIncomplete:
    "Send amount and currency together: a number such as 49.99 and a three-letter ISO 4217 code such as EUR",
  unknownSession:
    "This is no sessionId a split link gives out. Send the sessionId the split link added to your page's address.",
  // Not in the specification: the attribution window (docs/operations.md, "Attribution window and archive").
  outsideAttributionWindow: (days: number) =>
    `This visitor's click came more than ${days} days before this conversion, the attribution window, so the conversion does not count.`,
  invalidServerConversion: "The conversion must carry testId and sessionId",
  invalidBeacon: "The conversion must carry splitTestId, sessionId and variant (a letter from A to H)",
  invalidSighting: "A sighting carries testId, kind (landing or goal) and the page's http(s) URL",
  idempotencyKeyMissing:
    "Send an Idempotency-Key header: a unique value per conversion, such as your order id (at most 255 characters).",
  idempotencyKeyReused:
    "This Idempotency-Key was already used for a different conversion in the last 24 hours.",
} as const;

export const LIFECYCLE_MESSAGES = {
  completed: "This test is completed: its winner was promoted and its results are frozen.",
  chooseVariant: "Choose a version of this test to promote",
  paused: "Test paused: the link sends everyone to version A and no clicks are counted.",
  resumed: "Test resumed: visitors are split between the versions again.",
  promoted: (variant: string) => `Version ${variant} promoted: the link sends everyone there from now on.`,
  changeFailed: "Failed to update the test",
} as const;

/** The two modes, in the words the create form and the test page use. */
export const MODE_MESSAGES = {
  experiment: {
    label: "Experiment",
    description: "A fixed split for the whole test: the cleanest comparison, and the verdict you can act on.",
  },
  optimise: {
    label: "Optimise",
    description:
      "Sends more visitors to the variant that converts better while the test runs, so you lose fewer conversions. What you give up: a less precise comparison that takes longer to settle.",
  },
  managedSplit:
    "Optimise starts with an even split and then moves the traffic itself: each variant gets its chance to be the best, at least 2 %, updated at most every 15 minutes.",
  reweighted:
    "Optimise mode: traffic moves to the variants that convert better. The rates and the verdict are reweighted by period so that the changing split does not tilt the comparison; they are less precise than a fixed split's.",
} as const;

export const SCHEDULE_MESSAGES = {
  endsAtInvalid: "The end date must be a date and time, like 2026-12-31T18:00:00Z",
  endsAtPast: "The end date must be in the future",
  endsAtTooFar: "The end date can be at most a year ahead",
  visitors: "The number of visitors must be a whole number from 200 to 100,000,000",
  onEnd: 'What happens at the end must be "keep", "control" or "promote"',
  stopEarly: "stopEarly must be true or false",
  nothingToChange: "Send the variants, the end settings, the rules or which conversions count to change",
  saved: "End settings saved",
} as const;

export const ALERT_MESSAGES = {
  invalid: "Choose on or off for each alert: verdict, completed and srm",
  saved: "Alert settings saved",
  loadFailed: "Failed to load your alert settings",
  saveFailed: "Failed to save your alert settings",
} as const;

/** What a test's end did and why, in the words the test page and the alert emails use. */
export const END_MESSAGES = {
  reason: {
    date: "It ended on its end date.",
    visitors: "It ended when it reached its number of visitors.",
    winner: "It stopped early because it had a clear winner.",
  },
  result: {
    kept: "Visitors are still split as before; no more clicks are counted.",
    control: "Everyone now goes to version A (the control).",
    promoted: (variant: string) =>
      `Version ${variant} was the clear winner and was promoted: everyone now goes there.`,
    no_winner:
      "There was no clear winner, so version A (the control) was kept instead of promoting one: everyone now goes to A.",
  },
  plan: {
    keep: "At the end, visitors stay split as they are and the results freeze.",
    control: "At the end, everyone goes to version A (the control) and the results freeze.",
    promote:
      "At the end, the winner is promoted if the verdict names one; otherwise everyone goes to version A (the control).",
  },
} as const;

export const METRIC_MESSAGES = {
  invalid: "The primary metric must be conversion_rate or revenue_per_visitor",
  currencyRequired: "Choose the currency of your orders, e.g. EUR: revenue decides this test",
  currencyLocked: "An order has counted in this test's currency: it can no longer change",
} as const;

export const DOMAIN_MESSAGES = {
  notSignedIn: "You must be logged in to add a domain",
  empty: "Please enter a domain",
  invalidFormat: "Invalid domain format. Please enter a valid domain.",
  duplicate: "This domain is already registered in our system.",
  // Not in the specification: the same refusal for a domain claimed here, saying nothing of who holds
  // it or whether it is verified, and that an unverified claim does not last.
  duplicateClaim:
    "This domain is already registered in our system. A domain that is never verified is released after 7 days.",
  // Not in the specification: the app's own hosts cannot be anyone's custom domain.
  reserved: "This domain belongs to SplitLink and cannot be added.",
  notFound: "Domain not found",
  verificationError: (message?: string) => `Verification error: ${message || "Unknown error"}`,
  // Not in the specification: Cloudflare's own refusals and outages, passed on to the user.
  cloudflareRefused: (message: string) => `Cloudflare refused the request: ${message}`,
  cloudflareUnexpected: (status: number) =>
    `Cloudflare sent an unexpected answer (HTTP ${status}). Please try again later.`,
  cloudflareUnreachable: "Could not reach Cloudflare. Please try again later.",

  // Status messages by domain status; {host} is the fallback origin custom domains CNAME to.
  statusNew: (host: string) => `Add a CNAME record pointing to ${host} to verify your domain.`,
  statusPending: "Domain is pending verification. Please check your DNS settings.",
  statusActive: "Domain is verified and active.",
  statusError: "Domain verification failed. Please check your DNS settings.",
  statusMissing: "Pending verification",
  statusOther: "Pending verification. Please add the required CNAME record to your DNS settings.",

  // Toasts of the Domains screen.
  loadFailed: "Failed to load domains",
  added: "Domain added successfully",
  addFailed: "Failed to add domain",
  deleted: "Domain deleted successfully",
  deleteFailed: "Failed to delete domain",
  checking: "Checking DNS records...",
  verified: "Domain verified successfully",
  verificationFailed: "Domain verification failed",
  verifyRequestFailed: "Failed to verify domain",
  cnameCopied: "CNAME record copied to clipboard",
  // Not in the specification: the fallback of a domain's root and unknown paths (issue #33).
  fallbackUrl: "The fallback URL must be a valid http or https URL",
} as const;

export const ANALYTICS_MESSAGES = {
  /**
   * The one wording of "keep collecting", said while the test's one verdict (worker/statistics/verdict.ts)
   * names no winner and more visitors may settle it: contract/reading.ts `recommendationOf` for the
   * test page, the share page and Slack. `visitors` and `time` come formatted.
   */
  keepCollecting: {
    undecided: "Keep collecting: no version is ahead yet, and more visitors may still settle it.",
    tooLittleData: "Keep collecting: too little data yet to estimate how long it will take.",
    visitorsNeeded: (visitors: string, time: string) =>
      `Keep collecting: about ${visitors} more visitors per version are needed${time}.`,
  },
  srmWarning:
    "Sample ratio mismatch: the visitor split is far from the test's weights, which points to broken tracking or bot traffic. Treat these results with care.",
  pausedNotice: "Paused: the link sends everyone to version A and no clicks are counted.",
  completedNotice: (winner: string) =>
    `Completed: everyone goes to version ${winner}. The results are frozen.`,
  noData: "No visits yet. Share your split link to start collecting data.",
  loadFailed: "Failed to load analytics",
} as const;

/** The test page's breakdowns by device, operating system, country and referrer. */
export const BREAKDOWN_MESSAGES = {
  warning:
    "Differences between segments found after the fact are hypotheses to test, not results: with many segments, some differ by chance.",
  noData:
    "No visitors yet: each version's numbers per device, country and referrer show here once visitors arrive.",
  loadFailed: "Failed to load the breakdowns",
} as const;

// Not in the specification: email verification, password reset and account settings.
export const ACCOUNT_MESSAGES = {
  // Email verification
  verifyBanner: (email: string) => `Please verify your email address: we sent a link to ${email}.`,
  verificationSent: "Verification email sent. Please check your inbox.",
  emailVerified: "Your email address is verified.",
  alreadyVerified: "Your email address is already verified.",
  verifyToAddDomains: "Please verify your email address before adding a custom domain.",
  // Links from emails (Supabase's wording for a bad or old link)
  invalidLink: "Email link is invalid or has expired",
  // Password reset
  resetRequested:
    "If an account exists for that email, we have sent a link to reset your password. It is valid for 1 hour.",
  passwordReset: "Your password has been reset and your API keys revoked. You are now logged in.",
  // Said on the reset page and in the reset email: a reset ends whatever access someone else had.
  resetRevokes:
    "Setting a new password signs out every other session and revokes all your API keys. Create new keys in Settings afterwards.",
  // Account settings
  currentPasswordWrong: "Your current password is not correct.",
  samePassword: "Your new password must be different from your current password.",
  passwordChanged: "Password changed. Your other sessions have been signed out.",
  confirmEmailMismatch: "Type your email address exactly to confirm.",
  passwordToDelete: "Enter your password to delete your account.",
  revokeKeysOnChange: "Also revoke all my API keys (do this if someone else may have used your account)",
  keysRevokedTitle: "API keys revoked",
  // What a revoked key stopped: said on the reset page, after a password change, and on the keys card.
  keysRevokedEffect:
    "Anything that used these keys stops working now: server-side conversions sent with them are refused and no longer counted. Create new keys in Settings and put them where the old ones were.",
  noKeysRevoked: "You had no API keys, so none were revoked.",
  lastOwnerOfWorkspace:
    "You are the last owner of a workspace that has other members. Make another member an owner, or delete that workspace, then delete your account.",
  // Said in the deletion dialog before the email is typed: the rule the server applies (409 last_owner).
  deleteNeedsOwner:
    "If you are the last owner of a workspace that has other members, make another member an owner or delete that workspace first. Workspaces you share keep the tests you made there; other people's workspaces are not deleted.",
  accountDeleted: "Your account and all its data have been deleted.",
  deleteFailed: "Failed to delete your account",
  // Sending email
  mailRateLimited: "Too many emails requested. Please wait a minute and try again.",
  mailFailed: "We could not send the email. Please try again in a few minutes.",
} as const;

/** Two-factor sign-in (Settings, Account and security; the login's code step). */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Please enter the 6-digit code from your authenticator app, or a recovery code",
  codeWrong: "That code is not correct. Codes change every 30 seconds; a recovery code works once.",
  codeExpired: "Your sign-in took too long. Please log in again.",
  notSetUp: "Set up two-factor sign-in first, then enter a code from your app.",
  alreadyEnabled: "Two-factor sign-in is already on. Turn it off first to set it up again.",
  required:
    "This workspace requires two-factor sign-in. Turn it on in Settings, Account and security, to work in it.",
  ownerNeedsItFirst: "Turn on two-factor sign-in for yourself before you require it of the workspace.",
  passwordRequired: "Please enter your current password",
  passwordWrong: "Your current password is not correct.",
  enabled: "Two-factor sign-in is on. Keep your recovery codes somewhere safe: each works once.",
  disabled: "Two-factor sign-in is off.",
  // Settings, Account and security
  sectionTitle: "Two-factor sign-in",
  sectionOff: "Off. Add a code from an authenticator app to every sign-in.",
  sectionOn: "On. Every sign-in asks for a code from your authenticator app.",
  setUp: "Set up two-factor sign-in",
  scanIntro:
    "Scan this QR code with your authenticator app (or enter the key by hand), then enter the 6-digit code it shows.",
  keyLabel: "Key",
  turnOn: "Turn on",
  recoveryTitle: "Your recovery codes",
  recoveryIntro:
    "Each code signs you in once if you lose your phone. Save them now: they are not shown again.",
  recoveryDone: "I have saved them",
  turnOff: "Turn off",
  turnOffIntro: "Enter your current password to turn two-factor sign-in off.",
  requiredTitle: "Two-factor sign-in required",
  setItUp: "Set it up in Settings",
  // The login's code step
  codeStepTitle: "Enter your code",
  codeStepIntro:
    "Enter the 6-digit code from your authenticator app. No phone at hand? Enter one of your recovery codes.",
  codeLabel: "Code",
  verify: "Verify",
  verifying: "Verifying...",
  resetThenCode: "Your password is reset. Enter a code from your authenticator app to sign in.",
} as const;

export const WORKSPACE_MESSAGES = {
  nameRequired: "Please enter a name for the workspace",
  nameTooLong: "Workspace name must be 60 characters or fewer",
  notFound: "Workspace not found. You may have been removed from it.",
  viewerCannotChange: "You can view this workspace but not change it. Ask an owner to make you an editor.",
  readKeyCannotChange: "This API key can only read. Create a key with the write scope to make changes.",
  ownerOnly: "Only an owner of this workspace can do that.",
  personalCannotBeDeleted:
    "Your personal workspace goes only with your account. Delete the account in Settings instead.",
  tooMany: (max: number) => `You can own at most ${max} workspaces. Delete one to create another.`,
  changeRequired: "Please enter a name or choose whether two-factor sign-in is required",
} as const;

export const MEMBER_MESSAGES = {
  // Inputs
  emailRequired: "Please enter the email address to invite",
  roleRequired: "Please choose a role: owner, editor or viewer",
  transferTargetRequired: "Please choose the member who becomes the owner",
  // Who may do what
  memberNotFound: "This person is not a member of this workspace.",
  invitationNotFound: "Invitation not found. It may have been revoked.",
  // Rules
  alreadyMember: "This person is already a member of this workspace.",
  alreadyInvited: "This email already has a pending invitation. Resend it instead.",
  tooManyMembers: (max: number) => `A workspace can have at most ${max} members.`,
  lastOwner: "A workspace needs an owner. Make another member owner first.",
  personalCannotLeave: "You cannot leave your personal workspace.",
  personalOwnerStays: "The personal workspace's owner stays its owner.",
  transferToSelf: "You are already the owner. Choose another member.",
  // The invitation link
  invitationGone: {
    expired: "This invitation has expired. Ask the workspace's owner to send a new one.",
    revoked: "This invitation was revoked. Ask the workspace's owner for a new one.",
    accepted: "This invitation has already been accepted.",
    declined: "This invitation was declined. Ask the workspace's owner for a new one.",
  },
  invitationUnknown: "This invitation link is not valid. It may have been replaced by a newer one.",
  wrongInvitee:
    "This invitation was sent to another email address. Log in with the address it was sent to, then open the link again.",
  // Roles, as the email and the screens name them
  roleNames: { owner: "Owner", editor: "Editor", viewer: "Viewer" },
  roleHints: {
    owner: "Everything, including members and deleting the workspace",
    editor: "Tests, domains, API keys and webhooks",
    viewer: "Reads results and exports, changes nothing",
  },
} as const;

/** A webhook endpoint, Slack or a Stripe secret that stopped with its member (issue #45; web only). */
export const TURNED_OFF_MESSAGES = {
  webhook:
    "Turned off: the member who added this endpoint was removed or can no longer add endpoints. Nothing is sent to it.",
  slack:
    "Turned off: the member who connected Slack was removed or can no longer connect it. No alert is sent.",
  turnOn: "Turn back on",
  turnedOn: "Turned back on",
  failed: "That did not work. Please try again.",
  ownerOnly: "An owner can turn it back on.",
} as const;

/** The Members section and the invitation page (web only: the Worker bundle stays without them). */
export const MEMBER_SCREEN_MESSAGES = {
  membersTitle: "Members",
  membersIntro: "People who can open this workspace, and what each may do.",
  membersReadOnly: "Only an owner can invite people or change roles.",
  you: "you",
  invitationsTitle: "Pending invitations",
  noInvitations: "No pending invitations.",
  inviteTitle: "Invite someone",
  inviteButton: "Send invitation",
  invited: (email: string) => `Invitation sent to ${email}`,
  inviteFailed: "Failed to send the invitation",
  expiresOn: (date: string) => `Expires ${date}`,
  resend: "Resend",
  resent: (email: string) => `Invitation sent again to ${email}`,
  revoke: "Revoke",
  revoked: "Invitation revoked",
  revokeConfirm: (email: string) => `Revoke the invitation to ${email}? The link in the email stops working.`,
  roleChanged: (email: string) => `${email} is now`,
  remove: "Remove",
  removeConfirm: (email: string) => `Remove ${email} from this workspace? They lose access at once.`,
  removed: (email: string) => `${email} was removed`,
  // What the removal ends (issue #45): listed in the remove dialog before it is confirmed.
  reachLoading: "Checking what they set up…",
  reachNothing: "They set up nothing that their removal stops.",
  reachKeys: "Their API keys here are revoked for good:",
  reachInvitations: "Their pending invitations are revoked:",
  reachWebhooks: "Their webhook endpoints are turned off (an owner can turn each back on):",
  reachSlack: "The Slack connection they set up is turned off (an owner can turn it back on).",
  reachStripe:
    "Stripe events stop counting until an owner rolls the signing secret they pasted (in Stripe) and pastes the new one.",
  reachShareLinks: "Share links they made stay (they belong to the workspace):",
  transfer: "Make owner",
  transferConfirm: (email: string) =>
    `Make ${email} the owner of this workspace? You become an editor and can no longer manage members.`,
  transferred: (email: string) => `${email} is now the owner`,
  leave: "Leave workspace",
  leaveConfirm: "Leave this workspace? You lose access to its tests at once.",
  left: "You left the workspace",
  actionFailed: "That did not work. Please try again.",
  loadFailed: "Failed to load the members",
  // The invitation page
  invitationTitle: "Invitation",
  invitedBy: (inviter: string, workspace: string, role: string) =>
    `${inviter} invited you to the workspace "${workspace}" as ${role}.`,
  invitedAnonymous: (workspace: string, role: string) =>
    `You are invited to the workspace "${workspace}" as ${role}.`,
  accept: "Accept",
  decline: "Decline",
  acceptedToast: (workspace: string) => `You joined "${workspace}"`,
  declinedText: "You declined the invitation.",
  signInToAccept: "Log in or sign up with the invited email address to accept.",
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
  writesRateLimited: (max: number) =>
    `Too many changes: at most ${max} a minute. Please wait a minute and try again.`,
} as const;

export const API_KEY_MESSAGES = {
  nameRequired: "Please enter a name for the key",
  nameTooLong: "Key name must be 100 characters or fewer",
  scopeInvalid: "Choose read or write for the key",
  notFound: "API key not found",
  missing: "Missing API key. Send it as 'Authorization: Bearer <key>'.",
  invalid: "Invalid API key. It may have been revoked.",
  rateLimited: "Too many requests with this API key. Please wait a minute and try again.",
  created: "API key created",
  createFailed: "Failed to create API key",
  revoked: "API key revoked",
  revokeFailed: "Failed to revoke API key",
  loadFailed: "Failed to load API keys",
  keyCopied: "API key copied to clipboard",
  revokedBecause: {
    password_reset: "revoked by a password reset",
    password_changed: "revoked by a password change",
    member_removed: "revoked when its maker was removed from the workspace",
    member_left: "revoked when its maker left the workspace",
    member_demoted: "revoked when its maker's role was lowered",
  } satisfies Record<ApiKeyRevocationReason, string>,
} as const;

/** A retry's wait in words: "1 minute", "12 hours". */
function retryDelayInWords(seconds: number): string {
  const [count, unit] = seconds < 3600 ? [seconds / 60, "minute"] : [seconds / 3600, "hour"];
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}
const RETRY_DELAYS_IN_WORDS = WEBHOOK_RETRY_DELAYS_SECONDS.map(retryDelayInWords);
const RETRY_HOURS = Math.round(WEBHOOK_RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0) / 3600);

export const WEBHOOK_MESSAGES = {
  urlRequired: "Please enter the URL of your endpoint",
  urlInvalid: "Please enter a valid URL, like https://example.com/webhooks",
  urlTooLong: "The URL must be 2,048 characters or fewer",
  urlNotHttps: "The URL must start with https:// (http:// works only for localhost while developing)",
  urlPrivate:
    "This URL points to a private or local address, which SplitLink does not send to. Use a public https URL.",
  eventsRequired: "Choose at least one event",
  eventUnknown:
    "Choose events from the list: test.verdict, test.completed, test.srm_detected, conversion.recorded",
  notFound: "Webhook endpoint not found",
  // Written to the delivery log instead of a status code.
  refusedAddress: "Not sent: the URL points to a private or local address",
  timedOut: (seconds: number) => `No answer within ${seconds} seconds`,
  networkError: (message: string) => `Could not connect: ${message}`,
  // Settings
  created: "Webhook endpoint added",
  createFailed: "Failed to add the webhook endpoint",
  deleted: "Webhook endpoint deleted",
  deleteFailed: "Failed to delete the webhook endpoint",
  loadFailed: "Failed to load webhook endpoints",
  deliveriesLoadFailed: "Failed to load the delivery log",
  secretCopied: "Signing secret copied to clipboard",
  testDelivered: (status: number) => `Test event delivered: your endpoint answered ${status}.`,
  testRefused: (detail: string) => `Test event not delivered: ${detail}`,
  testFailed: "Failed to send the test event",
  testRateLimited: "Too many test events. Please wait a minute and try again.",
  failingNotice:
    "Deliveries to this endpoint failed for more than a day and were given up. They resume as soon as it answers with a 2xx status.",
  // The retry schedule in words, from WEBHOOK_RETRY_DELAYS_SECONDS: how long, and "after …, … and …
  // (n attempts over about h hours)", for the API docs page, Settings and the OpenAPI document.
  retryPeriod: `about ${RETRY_HOURS} hours`,
  retrySchedule: `after ${RETRY_DELAYS_IN_WORDS.slice(0, -1).join(", ")} and ${RETRY_DELAYS_IN_WORDS.at(-1)} (${WEBHOOK_MAX_ATTEMPTS} attempts over about ${RETRY_HOURS} hours)`,
} as const;

/** The Slack integration (issue #36): the card in Settings, the field's errors and the alerts' texts. */
export const SLACK_MESSAGES = {
  urlRequired: "Paste the incoming webhook URL Slack gave you",
  urlInvalid: "Paste the whole URL Slack gave you, like https://hooks.slack.com/services/T…/B…/…",
  urlTooLong: "That URL is too long for a Slack incoming webhook",
  urlNotHttps: "The URL must start with https://",
  urlNotSlack: "Only Slack incoming webhook URLs work here: they start with https://hooks.slack.com/",
  urlWrongPath: "This is not an incoming webhook URL: it looks like https://hooks.slack.com/services/T…/B…/…",
  notConnected: "Slack is not connected to this workspace",
  // Delivery: what the status and the log say of an attempt that failed.
  answered: (status: number, body: string) => `Slack answered ${status}${body ? ` ${body}` : ""}`,
  timedOut: (seconds: number) => `Slack did not answer within ${seconds} seconds`,
  networkError: (message: string) => `Could not reach Slack: ${message}`,
  // The card
  title: "Slack",
  description:
    "Post each test's verdict, its end and sample-ratio warnings to a Slack channel, through an incoming webhook.",
  urlLabel: "Incoming webhook URL",
  urlHelp: "In Slack: create an app, turn on Incoming Webhooks, add one to a channel and copy its URL.",
  connect: "Connect Slack",
  replace: "Replace the URL",
  connected: "Slack connected",
  connectFailed: "Failed to connect Slack",
  sendTest: "Send a test message",
  testDelivered: "Test message sent: look in your Slack channel.",
  testFailed: (why: string) => `Test message not delivered: ${why}`,
  testRateLimited: "Too many test messages. Please wait a minute and try again.",
  disconnect: "Disconnect",
  disconnectTitle: "Disconnect Slack?",
  disconnectBody: "Alerts stop going to the channel at once, including those still being retried.",
  disconnected: "Slack disconnected",
  disconnectFailed: "Failed to disconnect Slack",
  loadFailed: "Failed to load the Slack connection",
  notConnectedYet: "Not connected. Alerts go to email and webhooks only.",
  connectedSince: (when: string) => `Connected since ${when}`,
  lastDelivered: (when: string) => `Last message delivered ${when}`,
  noDeliveryYet: "No message delivered yet",
  lastFailure: (when: string, why: string) => `Last failure ${when}: ${why}`,
  status: { active: "Working", failing: "Failing", broken: "Webhook gone" },
  failingNotice: "An alert could not reach Slack for more than a day and was given up.",
  brokenNotice:
    "Slack says this webhook no longer exists (removed, or its channel archived). Paste a new incoming webhook URL.",
  viewerNote: "Only owners and editors can connect or disconnect Slack.",
  // The messages posted to Slack
  testMessage: "A test message from SplitLink: alerts for this workspace's tests will arrive here.",
  openTest: "Open the test",
  verdictHeader: (test: string) => `Verdict: ${test}`,
  completedHeader: (test: string) => `Test ended: ${test}`,
  srmHeader: (test: string) => `Check your test: ${test}`,
  winnerField: "Winner",
  liftField: "Lift",
  resultField: "Result",
  pValueField: "p-value",
  lift: (lift: string, lower: string, upper: string) => `${lift} (between ${lower} and ${upper})`,
  verdictFallback: (test: string, winner: string) => `${test}: version ${winner} wins.`,
  completedFallback: (test: string) => `${test} has ended.`,
  srmFallback: (test: string) => `${test}: visitors are not split as set.`,
} as const;

/** What each webhook event means, for the event checkboxes and the docs. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "test.verdict": "A test reached a verdict",
  "test.completed": "A test completed (at its scheduled end, or stopped early)",
  "test.srm_detected": "A test's visitor split is far from its weights (sample-ratio mismatch)",
  "conversion.recorded": "A conversion was counted",
};

const plural = (count: number, noun: string) =>
  `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;

/** The test page's Traffic quality: what SplitLink did not count, and why (contract/trust.ts). */
export const TRAFFIC_QUALITY_MESSAGES = {
  title: "Traffic quality",
  allCounted: "Every visit and conversion SplitLink received for this test counted.",
  summary: (visits: number, conversions: number) =>
    `Not counted: ${plural(visits, "visit")} and ${plural(conversions, "conversion")}.`,
  explanation:
    "Why SplitLink's numbers can differ from your ad platform's or your shop's: these reached SplitLink and did not count in any version.",
  visitsHeading: "Visits not counted",
  conversionsHeading: "Conversions not counted",
  visits: {
    bot: "Bots and link previews",
    burst: `More than ${SESSIONS_PER_ADDRESS_HOUR} visitors an hour from one address`,
    paused: "While the test was paused",
    completed: "After the test ended",
    rule: "Sent to a fixed URL by an audience rule",
  } satisfies Record<UncountedVisitReason, string>,
  conversions: {
    no_click: "No click of this test from that visitor",
    outside_attribution_window: "After the attribution window",
    duplicate: "The visitor had already converted",
    test_completed: "After the test ended",
    rate_limited: "Too many at once from one address",
    address_limit: `More than ${CONVERSIONS_PER_ADDRESS_DAY} a day from visitors of one address`,
    not_server: "Sent by the tag: this test counts your server's conversions only",
    other_currency: "Counted, but in another currency than the test's: the value is set aside",
  } satisfies Record<RefusedConversionReason, string>,
} as const;

/** Which conversions a test counts, on the create form. */
export const CONVERSION_SOURCE_MESSAGES = {
  label: "Count conversions from",
  options: {
    all: "The tag and your server",
    server: "Your server only (API key)",
  } satisfies Record<ConversionSources, string>,
  hint: "Your server's conversions need your API key: nobody outside can add one.",
  recommended:
    "Recommended here: this test acts on its own result, and anyone can send the tag's conversions from a browser.",
} as const;

/** The goal of a test: what counts as a conversion (issue #32). */
export const GOAL_MESSAGES = {
  urlRequired: "Enter the conversion URL of the goal page",
  urlOnlyForPage: "A conversion URL goes with a page goal only",
  invalid: "The goal must be page, call or none",
  match: "Match the conversion URL by equals, starts_with or contains",
  saved: "Goal saved",
} as const;

/** The history: what each recorded action reads as, after who made it ("ana@example.com paused the test"). */
export const HISTORY_MESSAGES = {
  actions: {
    "test.created": "created the test",
    "test.variants_changed": "changed the variants",
    "test.weights_changed": "changed the weights",
    "test.rules_changed": "changed the audience rules",
    "test.end_settings_changed": "changed when the test ends",
    "test.goal_changed": "changed the goal",
    "test.paused": "paused the test",
    "test.resumed": "resumed the test",
    "test.promoted": "promoted a version",
    "test.ended": "ended the test",
    "test.deleted": "deleted the test",
    "test.weights_moved": "moved the weights",
    "test.shared": "shared the results",
    "test.share_revoked": "revoked the results link",
    "domain.added": "added a domain",
    "domain.removed": "removed a domain",
    "domain.fallback_changed": "changed a domain's fallback",
    "api_key.created": "created an API key",
    "api_key.revoked": "revoked an API key",
    "webhook.created": "added a webhook endpoint",
    "webhook.deleted": "deleted a webhook endpoint",
    "webhook.enabled": "turned a webhook endpoint back on",
    "integration.connected": "connected an integration",
    "integration.disconnected": "disconnected an integration",
    "integration.enabled": "turned an integration back on",
    "member.invited": "invited a member",
    "member.invitation_resent": "resent an invitation",
    "member.invitation_revoked": "revoked an invitation",
    "member.invitation_declined": "declined an invitation",
    "member.joined": "joined the workspace",
    "member.role_changed": "changed a member's role",
    "member.removed": "removed a member",
    "member.left": "left the workspace",
    "ownership.transferred": "transferred ownership",
  } satisfies Record<HistoryAction, string>,
  autopilot: "Autopilot",
  apiKey: (name: string) => `API key ‘${name}’`,
  someone: "Someone",
  /** A test's weights in a details line: "A 30 % · B 70 %". */
  weight: (label: string, weight: number) => `${label} ${weight} %`,
  changedUrl: (label: string, url: string) => `URL ${label}: ${url}`,
  changedName: (label: string, name: string) => `${label} named ${name}`,
  addedVariant: (label: string, url: string) => `new ${label}: ${url}`,
  removedVariant: (label: string) => `${label} removed`,
  newPhase: (phase: number) => `phase ${phase} started`,
  rules: (count: number) => (count === 0 ? "No rules" : count === 1 ? "1 rule" : `${count} rules`),
  endsAt: (date: string) => `ends ${date}`,
  endAfter: (visitors: string) => `after ${visitors} visitors`,
  noEnd: "no end set",
  onEnd: {
    keep: "then keeps the split",
    control: "then sends everyone to A",
    promote: "then promotes the winner",
  },
  stopEarly: "stops early at a clear winner",
  goal: { page: "A visit of", call: "A call of splitlink.convert()", none: "Nothing counts by itself" },
  currency: (code: string) => `currency ${code}`,
  serverOnly: "server conversions only",
  integration: { stripe: "Stripe", slack: "Slack", ga4: "GA4 and Tag Manager" } as Record<string, string>,
  promoted: (variant: string) => `Version ${variant}`,
  endReason: { date: "Its end date came", visitors: "It reached its visitors", winner: "A clear winner" },
  endResult: {
    kept: "kept the split",
    control: "sent everyone to A",
    promoted: (variant: string) => `promoted ${variant}`,
    no_winner: "no clear winner: kept A",
  },
  noFallback: "no fallback",
  role: (email: string, role: string) => `${email} as ${role}`,
  title: "History",
  logTitle: "Activity log",
  logDescription:
    "Every change in this workspace and who made it: tests, domains, API keys, webhooks, members.",
  empty: "No changes yet.",
  logEmpty: "No changes yet. Creating a test, a domain, a key or a webhook shows up here.",
  loadFailed: "Could not load the history.",
  retry: "Try again",
  showMore: "Show more",
  downloadCsv: "Download CSV",
  deletedTest: "(deleted)",
} as const;

/** What the app's workspace screens say (switcher, Settings' Workspace section, viewer notes). */
export const WORKSPACE_SCREEN_MESSAGES = {
  lostAccess: (name: string) =>
    `You no longer have access to ${name}. You are back in your personal workspace.`,
  loadFailed: "Failed to load your workspaces",
  switched: (name: string) => `Now working in ${name}`,
  created: (name: string) => `Workspace ${name} created`,
  createFailed: "Failed to create the workspace",
  renamed: "Workspace renamed",
  renameFailed: "Failed to rename the workspace",
  deleted: (name: string) => `Workspace ${name} deleted`,
  deleteFailed: "Failed to delete the workspace",
  deleteNameMismatch: "Type the workspace's name exactly to delete it",
  viewerNote: "You can view this workspace. Ask an owner for editor access to change it.",
  viewerCannotCreateTest:
    "You can view this workspace but not create tests in it. Ask an owner for editor access.",
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

/** The weekly digest email of a workspace (issue #34). Its switch in Settings: contract/sharing.ts. */
export const DIGEST_MESSAGES = {
  invalid: "Choose on or off for the weekly digest",
  subject: (workspace: string) => `Your week in SplitLink: ${workspace}`,
  intro: (workspace: string) => `What happened this week in the workspace ${workspace}.`,
  running: "Running",
  verdicts: "Verdicts reached this week",
  ending: "Ending within the week",
  runningLine: (name: string, days: number, leader: string | null) =>
    `${name}: ${days === 1 ? "1 day" : `${days} days`} running, ${leader ? `version ${leader} leads` : "no version leads yet"}.`,
  verdictLine: (name: string, winner: string | null) =>
    `${name}: ${winner ? `version ${winner} wins` : "a verdict was reached"}.`,
  endingLine: (name: string, when: string) => `${name}: ends ${when}.`,
  action: "Open SplitLink",
  outro:
    "You get this email because you turned on the weekly digest for this workspace. Turn it off in Settings.",
} as const;

// Not in the specification: the integrations of issue #36 that live in the site tag, GA4 and Google Tag
// Manager, and Shopify's checkout pixel (docs/integrations/ga4-gtm.md, shopify.md).
export const ANALYTICS_INTEGRATION_MESSAGES = {
  section: "Integrations",
  sectionDescription: "Connect the tools this workspace already uses.",
  ga4Title: "Google Analytics 4 and Tag Manager",
  ga4Description:
    "The site tag tells your page's own analytics which version each visitor saw: a GA4 experience_impression event and a splitlink_exposure dataLayer push for Tag Manager. SplitLink's servers send nothing to Google.",
  ga4Toggle: "Report each visitor's version to GA4 and Tag Manager",
  ga4Invalid: "Send enabled as true or false",
  ga4On: (ago: string) => `On, switched on ${ago}`,
  ga4Off: "Off",
  ga4Enabled: "GA4 and Tag Manager report switched on",
  ga4Disabled: "GA4 and Tag Manager report switched off",
  ga4SaveFailed: "Failed to save the GA4 and Tag Manager setting",
  loadFailed: "Failed to load the integrations",
  gtmTemplate: "Using Tag Manager? Add the site tag with our template.",
  gtmTemplateLink: "Download the GTM template",
  docsLink: "How it works",
  shopifyTitle: "Shopify checkouts",
  shopifyDescription:
    "Count Shopify orders with their total: in Shopify, open Settings → Customer events, add a custom pixel, paste this code and connect it. Set each test's goal to a call.",
  shopifyCode: "Pixel code",
  shopifyCopy: "Copy pixel code",
  shopifyCopied: "Pixel code copied to clipboard",
  viewerNote: "Only owners and editors can change integrations.",
} as const;

/** Stripe, no code (issue #36): the connection in Settings and what became of Stripe's events. */
export const STRIPE_MESSAGES = {
  secretRequired: "Please paste the signing secret of your Stripe webhook endpoint",
  secretInvalid:
    "This is not a Stripe signing secret: it starts with whsec_ (Stripe shows it under your endpoint)",
  // The receiving endpoint's refusals (Stripe shows them in its delivery log).
  unknownEndpoint: "This Stripe endpoint is not connected in SplitLink",
  // A member who pasted the secret left: they know it (issue #45).
  secretRetired:
    "The member who pasted this signing secret no longer works here, so events signed with it are refused. In Stripe, open the endpoint, choose Roll secret, and paste the new secret here.",
  secretRetiredOwnerOnly: "Only an owner can paste the new signing secret.",
  secretRetiredSame:
    "This is the signing secret that was retired. Roll the secret in Stripe and paste the new one.",
  badSignature: "The Stripe-Signature header is missing or does not match the signing secret",
  staleSignature: "The Stripe-Signature timestamp is more than 5 minutes away from now",
  badEvent: "This is not a Stripe event",
  // What became of the last event received.
  outcomes: {
    counted: "counted as a conversion",
    value_added: "its amount added to the visitor's conversion",
    refunded: "refund taken off the conversion's value",
    payment_linked: "noted: the invoice's payment, so that a refund of it is taken off",
    paid_without_payment_intent:
      "noted: the invoice was paid without a payment intent (recorded outside Stripe, or an older charge), so a refund of it cannot be taken off",
    already_counted: "not counted: this visitor's conversion was already counted",
    not_attributed:
      "not attributed: it carries no SplitLink session (client_reference_id or metadata.splitlink_session)",
    no_click: "not attributed: the session clicked no test of this workspace",
    not_counted: "not counted: the test has ended or the click is older than the attribution window",
    unpaid: "not counted: the checkout is not paid yet",
    unknown_payment: "not counted: no conversion of this payment",
    invoice_payment_missing:
      "not counted: no conversion of this payment. If it paid a subscription, select invoice_payment.paid for this endpoint in Stripe",
    ignored: "ignored: SplitLink does not use this event type",
  } satisfies Record<StripeOutcome, string>,
  // Settings
  title: "Stripe",
  description: "Count Stripe payments as conversions with their value, without code.",
  secretLabel: "Signing secret",
  secretHint:
    "Add the endpoint URL above in Stripe first, then paste the signing secret Stripe shows for it.",
  connect: "Connect Stripe",
  connecting: "Connecting…",
  replaceSecret: "Replace the signing secret",
  connected: "Stripe connected",
  connectFailed: "Failed to connect Stripe",
  endpointLabel: "Endpoint URL",
  endpointHint: "Add this URL as a webhook endpoint in Stripe and select these events:",
  urlCopied: "Endpoint URL copied to clipboard",
  copy: "Copy",
  statusConnected: (since: string) => `Connected since ${since}`,
  statusNotConnected: "Not connected",
  noEventYet: "No event received yet",
  unlinkedInvoicePayments: (count: number) =>
    `${count === 1 ? "A subscription payment has" : `${count} subscription payments have`} no invoice_payment.paid from Stripe after an hour, so a refund of ${count === 1 ? "it" : "them"} cannot be taken off. Select invoice_payment.paid for this endpoint in Stripe.`,
  lastEvent: (when: string, type: string, outcome: string) =>
    `Last event received ${when}: ${type}, ${outcome}.`,
  disconnect: "Disconnect",
  disconnectConfirmTitle: "Disconnect Stripe?",
  disconnectConfirmBody:
    "Stripe's events stop counting at once. The endpoint URL stays the same if you connect again.",
  disconnected: "Stripe disconnected",
  disconnectFailed: "Failed to disconnect Stripe",
  loadFailed: "Failed to load the Stripe connection",
  viewerNote: "Only owners and editors can change the integrations.",
  docsLink: "How Stripe sales are counted",
} as const;
