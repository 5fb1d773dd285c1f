import * as z from "zod";
import { METRIC_DIRECTIONS, METRIC_KINDS, PRIMARY_METRICS } from "../metrics";
import { VARIANT_LABELS } from "../variants";
import { trafficQualitySchema } from "./breakdowns";

// A test's analytics, as its page shows them (the app's API only). Its breakdowns and traffic quality,
// which the public API answers too, are in ./breakdowns.ts.

const label = z.enum(VARIANT_LABELS);

const intervalSchema = z.object({ lower: z.number(), upper: z.number() });
export type Interval = z.output<typeof intervalSchema>;
export type RateInterval = Interval;

/**
 * A variant's relative change against A (0.98 = "98 % more than A"), with its always-valid interval
 * (worker/statistics/sequential.ts `relativeLift`).
 */
const relativeLiftSchema = z.object({
  lift: z.number().describe("This variant's figure ÷ A's − 1, as a fraction (0.98 = 98 % more than A)"),
  interval: intervalSchema
    .nullable()
    .describe(
      "Its always-valid 95 % interval, which agrees in sign with the verdict's; null while it says nothing yet (a loss of up to 100 % not yet ruled out)",
    ),
});
export type RelativeLift = z.output<typeof relativeLiftSchema>;

/**
 * A variant against A: `difference` (this variant's figure − A's) with its always-valid 95 % interval
 * (`lower`, `upper`; Bonferroni over the comparisons with A), which drives the verdict, and the same as
 * a relative change; for experts, a one-look p-value and the same Holm-corrected.
 */
const comparisonWithControlSchema = z.object({
  difference: z.number(),
  lower: z.number(),
  upper: z.number(),
  relativeLift: relativeLiftSchema
    .nullable()
    .describe("The relative change against A; null while A's figure is 0 (no ratio)"),
  pValue: z.number(),
  adjustedPValue: z.number(),
});
export type ComparisonWithControl = z.output<typeof comparisonWithControlSchema>;

/**
 * One variant's revenue, in the test's currency (major units). A visitor's revenue is their order's
 * amount, or 0 (one order per visitor and test). Intervals are 95 % (normal approximation).
 */
const revenueAnalyticsSchema = z.object({
  /** Conversions that carried an amount. */
  orders: z.number(),
  total: z.number(),
  perVisitor: z.number(),
  /** null below two visitors. */
  perVisitorInterval: intervalSchema.nullable(),
  /** total / orders; null without orders. */
  averageOrderValue: z.number().nullable(),
  /** null below two orders. */
  averageOrderValueInterval: intervalSchema.nullable(),
  /** The chance that this variant earns the most per visitor (normal approximation). */
  chanceToBeBest: z.number(),
  /**
   * Against A (null for A, and while either has no visitors or no spread): the difference of revenue
   * per visitor with its always-valid 95 % interval (Bonferroni over the comparisons with A), which
   * drives a revenue test's verdict; for experts, Welch's t-test p-value (one look) and the same
   * Holm-corrected.
   */
  vsControl: comparisonWithControlSchema.nullable(),
});
export type RevenueAnalytics = z.output<typeof revenueAnalyticsSchema>;

/** One variant's numbers; rate and interval are fractions (0–1), visitors are unique sessions without bots. */
const variantAnalyticsSchema = z.object({
  label,
  /** Its optional name, null without one. */
  name: z.string().nullable(),
  /** Its configured share of visitors, percent. */
  weight: z.number(),
  clicks: z.number(),
  visitors: z.number(),
  conversions: z.number(),
  rate: z.number(),
  interval: intervalSchema,
  /** The chance that this variant converts best of all (Beta posteriors). */
  chanceToBeBest: z.number(),
  /**
   * Against A (null for A itself). `difference` (this rate − A's) with its always-valid 95 % interval
   * (`lower`, `upper`; Bonferroni over the comparisons with A): it stays valid however often the
   * results are looked at, and drives the verdict. For experts: the two-sided z-test's p-value (valid
   * for one look only) and the same Holm-corrected.
   */
  vsControl: comparisonWithControlSchema.nullable(),
  revenue: revenueAnalyticsSchema,
});
export type VariantAnalytics = z.output<typeof variantAnalyticsSchema>;

const verdictStatusSchema = z.union([
  z.templateLiteral([label, " wins"]),
  z.literal(["no clear difference", "keep collecting", "held by a guardrail"]),
]);
export type VerdictStatus = z.output<typeof verdictStatusSchema>;

const seriesPointSchema = z.object({
  /** Start of the hour or UTC day, in milliseconds since the epoch. */
  time: z.number(),
  /** Per variant, in label order (A first). */
  visitors: z.array(z.number()),
  conversions: z.array(z.number()),
  /** An optimised test's traffic share per variant (percent) in the middle of the period. */
  weights: z.array(z.number()).optional(),
});
export type SeriesPoint = z.output<typeof seriesPointSchema>;

const ruleVisitsSchema = z.object({ rule: z.number().nullable(), url: z.string(), visits: z.number() });
export type RuleVisits = z.output<typeof ruleVisitsSchema>;

/** GET /api/tests/:slug/analytics */
const testAnalyticsSchema = z.object({
  /** The metric the verdict follows. */
  primaryMetric: z.enum(PRIMARY_METRICS),
  /** The currency of the revenue figures; null until the test has one. */
  currency: z.string().nullable(),
  /** Every variant, A first. */
  arms: z.array(variantAnalyticsSchema),
  /** Sample-ratio mismatch of the visitor split against the weights; `srm` is true below 0.001. */
  srmPValue: z.number(),
  srm: z.boolean(),
  verdict: z.object({
    status: verdictStatusSchema,
    winner: label.nullable(),
    /** While collecting: visitors each variant still needs (80 % power at the observed effect), null if unknown. */
    additionalVisitorsPerArm: z.number().nullable(),
    /** While the test's minimum days run: when they are up (ms); null once they are. */
    until: z.number().nullable(),
    /** "held by a guardrail": the version that won the primary metric, and the guardrail it is proven worse on. */
    guardrail: z.object({ variant: label, metric: z.string() }).nullable(),
  }),
  /**
   * The secondary and guardrail metrics (issue #48), every version against A by the always-valid
   * statistics: `value` a rate (fraction) or revenue per visitor (the test's currency); `outcome` what
   * the interval proves by the metric's direction. A guardrail "worse" for the primary's winner holds it.
   */
  metrics: z.array(
    z.object({
      name: z.string(),
      role: z.enum(["secondary", "guardrail"]),
      kind: z.enum(METRIC_KINDS),
      better: z.enum(METRIC_DIRECTIONS),
      arms: z.array(
        z.object({
          label,
          value: z.number(),
          vsControl: z
            .object({
              difference: z.number().nullable(),
              relativeLift: relativeLiftSchema.nullable(),
              outcome: z.enum(["better", "worse", "unclear"]),
            })
            .nullable(),
        }),
      ),
    }),
  ),
  /** Hourly for a test's first 48 hours, daily after. */
  series: z.object({ granularity: z.enum(["hour", "day"]), points: z.array(seriesPointSchema) }),
  /**
   * An optimised test's weights over time (each set with when it took effect, ms; percent in label
   * order); its rates, intervals and verdict are then reweighted by period. Null for an experiment.
   */
  weightHistory: z.array(z.object({ since: z.number(), weights: z.array(z.number()) })).nullable(),
  /**
   * The visits the audience rules sent to a fixed URL, never counted in a variant: per rule (its
   * position when the visit came, 0 first; null for the fallback URL) and URL.
   */
  ruleVisits: z.array(ruleVisitsSchema),
  /** What reached the test and was not counted (or counted without its value), and why. */
  trafficQuality: trafficQualitySchema,
  /**
   * The phases that ended (a running test's URLs or weights changed), oldest first: each with its
   * variants and their counts, kept as they were. Everything above is the current phase's.
   */
  phases: z.array(
    z.object({
      phase: z.number(),
      startedAt: z.number(),
      endedAt: z.number(),
      arms: z.array(
        z.object({
          label,
          name: z.string().nullable(),
          url: z.string(),
          weight: z.number(),
          clicks: z.number(),
          visitors: z.number(),
          conversions: z.number(),
        }),
      ),
    }),
  ),
});
export type EarlierPhase = TestAnalytics["phases"][number];
export type TestAnalytics = z.output<typeof testAnalyticsSchema>;

export const testAnalyticsResponseSchema = z.object({ analytics: testAnalyticsSchema });
export type TestAnalyticsResponse = z.output<typeof testAnalyticsResponseSchema>;

/** What to do, in the test page's one sentence (contract/reading.ts `recommendationOf`). */
export const recommendationSchema = z.object({
  kind: z
    .enum(["deploy", "hold", "collect", "stop"])
    .describe(
      "deploy the winner; hold: the version that won the primary metric is proven worse on a guardrail, do not deploy it; keep collecting; or stop: no version is meaningfully different",
    ),
  variant: label
    .optional()
    .describe("With deploy: the version to send everyone to; with hold: the version held back"),
  text: z.string().describe("The sentence the test page shows"),
});

/** GET /api/v1/tests/{id}/analytics: the test page's figures and its recommendation. */
export const testReadingResponseSchema = z.object({
  analytics: testAnalyticsSchema.describe(
    "Per variant: visitors, conversions, rates with 95 % intervals, lift against A, revenue; the verdict, the sample-ratio check, traffic quality and earlier phases",
  ),
  recommendation: recommendationSchema,
});
export type TestReadingResponse = z.output<typeof testReadingResponseSchema>;
