// Texts the API returns and the SPA shows, word for word from the specification where it has them.
// The generic ones have their own module: the SPA's first download needs only them.
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
} as const;

export const TEST_MESSAGES = {
  notSignedIn: "You must be logged in to create a test",
  requiredFields: "Please fill in all required fields",
  invalidUrls: "Please enter valid URLs",
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
  customSlugNeedsDomain: "Choose a custom domain to use a custom URL path",
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
  locked: "This test has counted clicks: its variants and weights can no longer change.",
  saved: "Variants saved",
  bothShapes: "Send either variants or urlA and urlB, not both",
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
} as const;

export const LIFECYCLE_MESSAGES = {
  completed: "This test is completed: its winner was promoted and its results are frozen.",
  chooseVariant: "Choose a version of this test to promote",
  paused: "Test paused: the link sends everyone to version A and no clicks are counted.",
  resumed: "Test resumed: visitors are split between the versions again.",
  promoted: (variant: string) => `Version ${variant} promoted: the link sends everyone there from now on.`,
  changeFailed: "Failed to update the test",
} as const;

export const SCHEDULE_MESSAGES = {
  endsAtInvalid: "The end date must be a date and time, like 2026-12-31T18:00:00Z",
  endsAtPast: "The end date must be in the future",
  endsAtTooFar: "The end date can be at most a year ahead",
  visitors: "The number of visitors must be a whole number from 200 to 100,000,000",
  onEnd: 'What happens at the end must be "keep", "control" or "promote"',
  stopEarly: "stopEarly must be true or false",
  nothingToChange: "Send the variants or the end settings to change",
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
} as const;

export const ANALYTICS_MESSAGES = {
  /**
   * The always-valid verdict in words (it holds however often the page is looked at). `versions` is
   * how many the test has.
   */
  verdict: (status: string, additionalVisitorsPerArm: number | null, versions = 2): string => {
    const winner = /^([A-H]) wins$/.exec(status)?.[1];
    if (winner === "A" && versions > 2)
      return "Version A converts best: every other version does worse, with 95 % confidence that holds however often you check.";
    if (winner && versions === 2)
      return `Version ${winner} converts better than ${winner === "A" ? "B" : "A"}, with 95 % confidence that holds however often you check.`;
    if (winner)
      return `Version ${winner} converts best: it beats A with 95 % confidence that holds however often you check.`;
    if (status === "no clear difference")
      return versions === 2
        ? "No clear difference yet: neither version is ahead with 95 % confidence."
        : "No clear difference yet: no version is ahead with 95 % confidence.";
    if (additionalVisitorsPerArm === null)
      return "Keep collecting: too little data to estimate how long it will take.";
    return `Keep collecting: about ${additionalVisitorsPerArm.toLocaleString("en-US")} more visitors per version are needed.`;
  },
  srmWarning:
    "Sample ratio mismatch: the visitor split is far from the test's weights, which points to broken tracking or bot traffic. Treat these results with care.",
  pausedNotice: "Paused: the link sends everyone to version A and no clicks are counted.",
  completedNotice: (winner: string) =>
    `Completed: everyone goes to version ${winner}. The results are frozen.`,
  noData: "No visits yet. Share your split link to start collecting data.",
  loadFailed: "Failed to load analytics",
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
  accountDeleted: "Your account and all its data have been deleted.",
  deleteFailed: "Failed to delete your account",
  // Sending email
  mailRateLimited: "Too many emails requested. Please wait a minute and try again.",
  mailFailed: "We could not send the email. Please try again in a few minutes.",
} as const;

export const API_KEY_MESSAGES = {
  nameRequired: "Please enter a name for the key",
  nameTooLong: "Key name must be 100 characters or fewer",
  tooMany: (max: number) => `You can have at most ${max} API keys. Revoke one to create another.`,
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
} as const;
