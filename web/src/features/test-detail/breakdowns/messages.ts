// The breakdowns section's texts (only the app shows them).

/** The test page's breakdowns by device, operating system, country and referrer. */
export const BREAKDOWN_MESSAGES = {
  warning:
    "Differences between segments found after the fact are hypotheses to test, not results: with many segments, some differ by chance.",
  noData:
    "No visitors yet: each version's numbers per device, country and referrer show here once visitors arrive.",
  loadFailed: "Failed to load the breakdowns",
} as const;
