import { MAX_URL_LENGTH } from "../urls";

export const TEST_MESSAGES = {
  notSignedIn: "You must be logged in to create a test",
  requiredFields: "Please fill in all required fields",
  searchTooLong: "Search for at most 100 characters",
  kindFilter: 'Show "link" (plain links) or "test" (tests)',
  nameCharacters: "Test name cannot contain line breaks, control characters or text-direction characters",
  invalidUrls: "Please enter valid URLs",
  plan: "A plan needs a conversion rate between 0 and 1, a lift above 0 that keeps it below 1, and visitors a day above 0",
  // Next to the field whose address is refused (the toast keeps the specification's words above).
  urlNotHttp: "Enter a full address starting with https:// or http://",
  urlNoDomain: "This address has no domain: enter it in full, such as https://shop.example/sale",
  urlLoops: "This URL is a SplitLink link: visitors would go round in a loop",
  urlTooLong: `This address is too long: at most ${MAX_URL_LENGTH.toLocaleString("en-US")} characters`,
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
  count: "A test has 1 to 8 variants: one makes a plain link, two or more a test",
  optimiseNeedsTwo: "Optimise mode needs at least two variants",
  weight: "Each weight must be a whole number from 1 to 99",
  total: "Weights must add up to 100",
  nameTooLong: "A variant name is at most 60 characters",
  nameCharacters:
    "A variant name cannot contain line breaks, control characters or text-direction characters",
  saved: "Variants saved",
  bothShapes: "Send either variants or urlA and urlB, not both",
  mode: 'The mode must be "experiment" or "optimise"',
} as const;

export const REDIRECT_MESSAGES = {
  noSlug: "No test slug provided",
  domainNotRegistered: (host: string) => `This domain (${host}) is not registered with SplitLink`,
  domainNotVerified: (host: string) => `This domain (${host}) is not verified with SplitLink yet`,
  domainLookupError: (message?: string) => `Error looking up domain: ${message || "Unknown error"}`,
  testNotFound: "Test not found",
  redirectError: (message?: string) => `An error occurred during redirect: ${message || "Unknown error"}`,
} as const;

/** A password on a link (issue #49): the owner's messages, and its page's words, in the redirect pages' tone. */
export const LINK_PASSWORD_MESSAGES = {
  length: "The password must be 4 to 100 characters",
  saved: "Password saved: visitors must enter it to open the link",
  removed: "Password removed: anyone with the link can open it",
  pageTitle: "Password required",
  heading: "This link is protected by a password",
  intro: "Enter the password you were given to continue.",
  label: "Password",
  submit: "Continue",
  wrong: "Wrong password",
  tooMany: "Too many attempts. Try again in a minute.",
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
  startsAtInvalid: "The start date must be a date and time, like 2026-12-01T09:00:00Z",
  startsAtPast: "The start date must be in the future",
  startsAtTooFar: "The start date can be at most a year ahead",
  endsBeforeStart: "The end date must come after the start date",
  startsAtLocked: "This link has started: its start date can no longer change",
  endsAtPast: "The end date must be in the future",
  endsAtTooFar: "The end date can be at most a year ahead",
  visitors: "The number of visitors must be a whole number from 200 to 100,000,000",
  visitorsToPage:
    "The number of visitors must be a whole number from 1 to 100,000,000 (200 or more when the end decides the test)",
  afterUrl: "Give the page everyone goes to at the end: a full http or https URL",
  afterUrlWithoutUrlEnd: 'An after-page is only for an end that sends everyone there (onEnd "url")',
  minimumDays: "Minimum days must be a whole number from 0 to 56",
  endsBeforeMinimumDays:
    "The end date comes before the minimum days are up: choose a later date or fewer minimum days",
  onEnd: 'What happens at the end must be "keep", "control", "promote" or "url"',
  stopEarly: "stopEarly must be true or false",
  nothingToChange:
    "Send the variants, the end settings, the rules, the goal or the currency to change (a test's own name does not change)",
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
    url: "Everyone now goes to the after-page; no more clicks are counted.",
  },
  plan: {
    keep: "At the end, visitors stay split as they are and the results freeze.",
    control: "At the end, everyone goes to version A (the control) and the results freeze.",
    promote:
      "At the end, the winner is promoted if the verdict names one; otherwise everyone goes to version A (the control).",
    url: "At the end, everyone goes to the after-page and the results freeze.",
  },
} as const;

export const METRIC_MESSAGES = {
  invalid: "The primary metric must be conversion_rate or revenue_per_visitor",
  currencyRequired: "Choose the currency of your orders, e.g. EUR: revenue decides this test",
  currencyLocked: "An order has counted in this test's currency: it can no longer change",
  // Several metrics (issue #48).
  list: "A test has one primary metric, up to 3 secondary metrics and up to 2 guardrails",
  name: "Give each metric a name of up to 60 characters, without line breaks or control characters",
  sameName: "Each metric needs a name of its own",
  role: "A metric's role must be primary, secondary or guardrail",
  kind: "A metric's kind must be conversion, revenue or refunds",
  better: "Say whether higher or lower is better for each metric: higher or lower",
  goal: "A goal is a page ({ url, match }) or a named call ({ event })",
  event: "An event name is 1 to 60 letters, digits or _ . : -",
  conversionGoal: "A conversion metric needs its goal: a page ({ url, match }) or a named call ({ event })",
  refundsGoal: "The refund rate comes from Stripe's refunds: it has no goal",
  primaryKind:
    "The primary metric is a conversion rate or revenue per visitor; the refund rate can guard or be reported",
  primaryBetter:
    "The primary metric decides by the higher value; a metric where lower is better can be a guardrail",
  primaryKindLocked:
    "What decides a test is set when it is created: its primary metric stays a conversion rate or revenue per visitor",
  unknown: "This test has no secondary metric or guardrail of that name",
  primaryTwice: "Send the primary metric either in metrics or as the goal fields and primaryMetric, not both",
} as const;
