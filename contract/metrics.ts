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

// Several metrics (issue #48): one primary that decides (the test's goal and primaryMetric above), up
// to MAX_SECONDARY_METRICS reported beside it and MAX_GUARDRAILS that stop harm: a guardrail proven
// worse for a version, by the same always-valid statistics as the primary, blocks deploying it.

export const METRIC_ROLES = ["primary", "secondary", "guardrail"] as const;
export type MetricRole = (typeof METRIC_ROLES)[number];

/**
 * conversion: the share of visitors who reached the metric's goal; revenue: revenue per visitor (the
 * goal's values, or without a goal the primary's orders); refunds: the share of visitors whose Stripe
 * payment was refunded.
 */
export const METRIC_KINDS = ["conversion", "revenue", "refunds"] as const;
export type MetricKind = (typeof METRIC_KINDS)[number];

export const METRIC_DIRECTIONS = ["higher", "lower"] as const;
export type MetricDirection = (typeof METRIC_DIRECTIONS)[number];

export const MAX_SECONDARY_METRICS = 3;
export const MAX_GUARDRAILS = 2;
export const MAX_METRIC_NAME = 60;

/** A named call's event, `splitlink.convert({ goal: "signup" })`: letters, digits, `_ . : -`. */
export const EVENT_NAME = /^[A-Za-z0-9_.:-]{1,60}$/;

/** What reaching a metric's goal means: a visit of a page (its URL as the match compares it) or a named call. */
export type MetricGoal = { url: string; match: "equals" | "starts_with" | "contains" } | { event: string };

/** A secondary or guardrail metric as stored with its test (split_tests.metrics) and answered. */
export interface TestMetric {
  name: string;
  role: MetricRole;
  kind: MetricKind;
  goal?: MetricGoal;
  better: MetricDirection;
}

/** The fields of a test that say its primary metric (the shorthand the API has always had). */
export interface PrimaryFields {
  primaryMetric: PrimaryMetric;
  primaryMetricName: string | null;
  conversionGoal: "page" | "call" | "none";
  conversionUrl: string | null;
  conversionUrlMatch: "equals" | "starts_with" | "contains";
  conversionEvent: string | null;
}

/** The primary metric's name: the marketer's, else its kind's label. */
export function primaryMetricName(test: Pick<PrimaryFields, "primaryMetric" | "primaryMetricName">): string {
  return test.primaryMetricName ?? PRIMARY_METRIC_LABELS[test.primaryMetric];
}

/** The primary metric as a metric: named by the marketer or by its kind, higher always better. */
export function primaryMetricOf(test: PrimaryFields): TestMetric {
  const goal: MetricGoal | undefined =
    test.conversionGoal === "page" && test.conversionUrl
      ? { url: test.conversionUrl, match: test.conversionUrlMatch }
      : test.conversionGoal === "call" && test.conversionEvent
        ? { event: test.conversionEvent }
        : undefined;
  return {
    name: primaryMetricName(test),
    role: "primary",
    kind: test.primaryMetric === "revenue_per_visitor" ? "revenue" : "conversion",
    ...(goal ? { goal } : {}),
    better: "higher",
  };
}
