import type {
  Interval,
  RevenueAnalytics,
  SeriesPoint,
  TestAnalytics,
  Variant,
  VerdictStatus,
} from "../../contract/api";
import { fromMinorUnits } from "../../contract/currency";
import { labelAt, VARIANT_LABELS } from "../../contract/variants";
import type { SplitTest } from "../db/schema";
import { analyze } from "../statistics/inference";
import { analyzeRevenue, type RevenueArmResult } from "../statistics/revenue";
import { sequentialVerdict } from "../statistics/sequential";
import { addTotals, armCounts, NO_TOTALS, revenueCounts, type VariantTotals } from "../statistics/summary";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A test's first two days are charted per hour, later ones per day. */
const HOURLY_WINDOW_MS = 48 * HOUR_MS;

interface RollupRow extends VariantTotals {
  hour: number;
  variant: Variant;
}

/**
 * Everything the test detail page shows about significance, from the hourly rollup alone. Its one
 * verdict follows the test's primary metric: whatever acts on a verdict reads it here.
 */
export async function analyticsOf(db: D1Database, test: SplitTest, now = Date.now()): Promise<TestAnalytics> {
  const { results } = await db
    .prepare(
      `SELECT hour, variant, clicks, visitors, conversions, orders, revenue, revenue_squares AS revenueSquares
       FROM test_stats_hourly WHERE split_test_id = ?`,
    )
    .bind(test.id)
    .all<RollupRow>();

  const totals = test.variants.map((): VariantTotals => NO_TOTALS);
  for (const row of results) {
    const position = VARIANT_LABELS.indexOf(row.variant);
    const sum = totals[position];
    if (sum) totals[position] = addTotals(sum, row);
  }
  const weights = test.variants.map((variant) => variant.weight);
  const counts = totals.map(armCounts);
  const analysis = analyze(counts, weights);
  const revenue = analyzeRevenue(totals.map(revenueCounts));
  // The verdict is the always-valid one: it holds however often the page is opened. The fixed-horizon
  // figures stay as details, and their planning gives the "visitors still needed" while collecting.
  const byRate = sequentialVerdict(counts);
  const verdict =
    test.primaryMetric === "revenue_per_visitor"
      ? revenue.verdict
      : {
          status: byRate.status,
          winner: byRate.winner,
          additionalVisitorsPerArm:
            byRate.status === "keep collecting" ? analysis.verdict.additionalVisitorsPerArm : null,
        };
  const winner = verdict.winner === null ? null : labelAt(verdict.winner);
  const status: VerdictStatus = verdict.status === "winner" ? `${winner ?? "A"} wins` : verdict.status;
  const money = (minor: number) => fromMinorUnits(minor, test.currency ?? "");

  return {
    primaryMetric: test.primaryMetric,
    currency: test.currency,
    arms: analysis.arms.map((arm, position) => {
      const interval = byRate.intervals[position];
      return {
        label: labelAt(position),
        weight: weights[position] ?? 0,
        clicks: totals[position]?.clicks ?? 0,
        visitors: arm.visitors,
        conversions: arm.conversions,
        rate: arm.rate,
        interval: arm.interval,
        chanceToBeBest: arm.chanceToBeBest,
        vsControl:
          arm.vsControl && interval
            ? {
                difference: interval.difference,
                lower: interval.lower,
                upper: interval.upper,
                pValue: arm.vsControl.pValue,
                adjustedPValue: arm.vsControl.adjustedPValue,
              }
            : null,
        revenue: revenueOf(revenue.arms[position], totals[position] ?? NO_TOTALS, money),
      };
    }),
    srmPValue: analysis.srmPValue,
    srm: analysis.srm,
    verdict: { status, winner, additionalVisitorsPerArm: verdict.additionalVisitorsPerArm },
    series: seriesOf(results, test.variants.length, test.createdAt, now),
  };
}

/** One variant's revenue figures in the test's currency (major units). */
function revenueOf(
  arm: RevenueArmResult | undefined,
  totals: VariantTotals,
  money: (minor: number) => number,
): RevenueAnalytics {
  const interval = (value: Interval | null | undefined) =>
    value ? { lower: money(value.lower), upper: money(value.upper) } : null;
  const always = arm?.vsControl?.interval;
  return {
    orders: totals.orders,
    total: money(totals.revenue),
    perVisitor: money(arm?.perVisitor.mean ?? 0),
    perVisitorInterval: interval(arm?.perVisitorInterval),
    averageOrderValue: arm?.averageOrderValue ? money(arm.averageOrderValue.mean) : null,
    averageOrderValueInterval: interval(arm?.averageOrderValueInterval),
    chanceToBeBest: arm?.chanceToBeBest ?? 0,
    vsControl:
      arm?.vsControl && always
        ? {
            difference: money(always.difference),
            lower: money(always.lower),
            upper: money(always.upper),
            pValue: arm.vsControl.welch.pValue,
            adjustedPValue: arm.vsControl.adjustedPValue,
          }
        : null,
  };
}

/** Visitors and conversions per variant in every hour (or day) since the test began, gaps as zeros. */
function seriesOf(rows: RollupRow[], arms: number, createdAt: number, now: number): TestAnalytics["series"] {
  const granularity = now - createdAt < HOURLY_WINDOW_MS ? "hour" : "day";
  const step = granularity === "hour" ? HOUR_MS : DAY_MS;
  const periodOf = (time: number) => time - (time % step);
  const points = new Map<number, SeriesPoint>();
  for (let time = periodOf(createdAt); time <= periodOf(now); time += step) {
    points.set(time, { time, visitors: Array(arms).fill(0), conversions: Array(arms).fill(0) });
  }
  for (const row of rows) {
    const point = points.get(periodOf(row.hour));
    const position = VARIANT_LABELS.indexOf(row.variant);
    if (!point || position >= arms) continue;
    point.visitors[position] = (point.visitors[position] ?? 0) + row.visitors;
    point.conversions[position] = (point.conversions[position] ?? 0) + row.conversions;
  }
  return { granularity, points: [...points.values()] };
}
