// What counts as evidence for a test (issue #30): where its conversions may come from, and the reasons
// SplitLink gives for what it did not count (the test's trafficQuality).

/** Which conversions a test counts: the tag's beacons and the server-side API, or the server's alone. */
export const CONVERSION_SOURCES = ["all", "server"] as const;
export type ConversionSources = (typeof CONVERSION_SOURCES)[number];

/** How a conversion arrived: through the tag (beacon, `/api/conversion`) or an API key. */
export const CONVERSION_ORIGINS = ["beacon", "server"] as const;
export type ConversionOrigin = (typeof CONVERSION_ORIGINS)[number];

/** Visits that reached a test's link but count in no arm, by why. */
export const UNCOUNTED_VISIT_REASONS = ["bot", "burst", "paused", "completed", "rule"] as const;
export type UncountedVisitReason = (typeof UNCOUNTED_VISIT_REASONS)[number];

/** Conversions SplitLink received for a test and did not count (or counted without their value), by why. */
export const REFUSED_CONVERSION_REASONS = [
  "no_click",
  "outside_attribution_window",
  "duplicate",
  "rate_limited",
  "address_limit",
  "not_server",
  "other_currency",
] as const;
export type RefusedConversionReason = (typeof REFUSED_CONVERSION_REASONS)[number];
