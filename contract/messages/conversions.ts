import {
  CONVERSIONS_PER_ADDRESS_DAY,
  type RefusedConversionReason,
  SESSIONS_PER_ADDRESS_HOUR,
  type UncountedVisitReason,
} from "../trust";

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
  /** "1 visit", "2,000 visits". */
  visitCount: (visits: number) => plural(visits, "visit"),
  conversionsHeading: "Conversions not counted",
  visits: {
    bot: "Bots and crawlers",
    burst: `More than ${SESSIONS_PER_ADDRESS_HOUR} visitors an hour from one address`,
    paused: "While the test was paused",
    completed: "After the test ended",
    rule: "Sent to a fixed URL by an audience rule",
    internal: "Your own team: internal addresses and signed-in members",
    blocked: "Blocked by your traffic rules",
    datacenter: "From hosting and cloud networks (machine traffic)",
    preview: "Link previews: apps fetching the link to show its card",
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
    internal_address: "From an internal address",
    blocked_source: "From a blocked source",
  } satisfies Record<RefusedConversionReason, string>,
  /** Beside a reason the traffic rules gave: where to undo a rule. */
  rulesLink: "Change the traffic rules",
} as const;

/** The goal of a test: what counts as a conversion (issue #32). */
export const GOAL_MESSAGES = {
  urlRequired: "Enter the conversion URL of the goal page",
  urlOnlyForPage: "A conversion URL goes with a page goal only",
  invalid: "The goal must be page, call or none",
  match: "Match the conversion URL by equals, starts_with or contains",
} as const;
