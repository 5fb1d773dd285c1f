// What decides a test, for the form, the API and the statistics alike.

/**
 * The conversion rate (the default), or the revenue per visitor: every visitor counts, a buyer with
 * their order's amount, the others with 0.
 */
export const PRIMARY_METRICS = ["conversion_rate", "revenue_per_visitor"] as const;
export type PrimaryMetric = (typeof PRIMARY_METRICS)[number];
export const DEFAULT_PRIMARY_METRIC: PrimaryMetric = "conversion_rate";

/** How the screens name each metric. */
export const PRIMARY_METRIC_LABELS: Record<PrimaryMetric, string> = {
  conversion_rate: "Conversion rate",
  revenue_per_visitor: "Revenue per visitor",
};
