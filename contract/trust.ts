// What counts as evidence for a test (issue #30): where its conversions may come from, and the reasons
// SplitLink gives for what it did not count (the test's trafficQuality).

/** Which conversions a test counts: the tag's beacons and the server-side API, or the server's alone. */
export const CONVERSION_SOURCES = ["all", "server"] as const;
export type ConversionSources = (typeof CONVERSION_SOURCES)[number];

/** How a conversion arrived: through the tag (beacon, `/api/conversion`) or an API key. */
export const CONVERSION_ORIGINS = ["beacon", "server"] as const;
export type ConversionOrigin = (typeof CONVERSION_ORIGINS)[number];

/**
 * Visits that reached a test's link but count in no arm, by why. The workspace's traffic rules
 * (contract/traffic.ts) add `internal`, `blocked` and `datacenter` (a hosting or cloud network);
 * `preview` is an app fetching the link to show its card (worker/lib/preview-fetchers.ts).
 */
export const UNCOUNTED_VISIT_REASONS = [
  "bot",
  "burst",
  "paused",
  "completed",
  "rule",
  "internal",
  "blocked",
  "datacenter",
  "preview",
] as const;
export type UncountedVisitReason = (typeof UNCOUNTED_VISIT_REASONS)[number];

/** Conversions SplitLink received for a test and did not count (or counted without their value), by why. */
export const REFUSED_CONVERSION_REASONS = [
  "no_click",
  "outside_attribution_window",
  "duplicate",
  "test_completed",
  "rate_limited",
  "address_limit",
  "not_server",
  "other_currency",
  // The traffic rules' (a visit's reasons are internal and blocked; one table holds both kinds).
  "internal_address",
  "blocked_source",
] as const;
export type RefusedConversionReason = (typeof REFUSED_CONVERSION_REASONS)[number];

// What one address can add to a test (docs/conversions.md, "Forged traffic"). A shared office or a mobile carrier's
// address can hold several real visitors, hence not fewer; an attacker needs far more than these to
// move a result, and `npm run bench` measures how far (bench/RESULTS.md).

/** Sessions of one test counted from one address (an IPv6 address by its /64) in one clock hour. */
export const SESSIONS_PER_ADDRESS_HOUR = 30;

/** Beacon conversions of one test counted for visitors of one address in 24 hours. */
export const CONVERSIONS_PER_ADDRESS_DAY = 3;

/**
 * What acts on a result (alerts, early stops, promotions, the bandit) is robust to this many addresses:
 * a winner must still win without twice as many of its top converting addresses, the bandit weighs every
 * variant without the test's this many (worker/services/analytics.ts).
 */
export const DECISION_ADDRESSES = 10;
