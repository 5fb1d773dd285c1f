// Texts the API returns and the SPA shows, word for word from the specification where it has them.
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

export const GENERIC_MESSAGES = {
  notFound: "Not found",
  internal: "Something went wrong on our side. Please try again.",
  invalidInput: "Invalid input",
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
  failed: "Error processing conversion",
} as const;

export const LIFECYCLE_MESSAGES = {
  completed: "This test is completed: its winner was promoted and its results are frozen.",
  chooseVariant: "Choose version A or B to promote",
  paused: "Test paused: the link sends everyone to version A and no clicks are counted.",
  resumed: "Test resumed: visitors are split 50/50 again.",
  promoted: (variant: string) => `Version ${variant} promoted: the link sends everyone there from now on.`,
  changeFailed: "Failed to update the test",
} as const;
