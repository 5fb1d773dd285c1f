import type { SeriesPoint, TestAnalytics, Variant, VerdictStatus } from "../../contract/api";
import { labelAt, VARIANT_LABELS } from "../../contract/variants";
import type { SplitTest } from "../db/schema";
import { analyze } from "../statistics/inference";
import { sequentialVerdict } from "../statistics/sequential";
import { armCounts, NO_TOTALS, type VariantTotals } from "../statistics/summary";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A test's first two days are charted per hour, later ones per day. */
const HOURLY_WINDOW_MS = 48 * HOUR_MS;

interface RollupRow extends VariantTotals {
  hour: number;
  variant: Variant;
}

/** Everything the test detail page shows about significance, from the hourly rollup alone. */
export async function analyticsOf(db: D1Database, test: SplitTest, now = Date.now()): Promise<TestAnalytics> {
  const { results } = await db
    .prepare(
      "SELECT hour, variant, clicks, visitors, conversions FROM test_stats_hourly WHERE split_test_id = ?",
    )
    .bind(test.id)
    .all<RollupRow>();

  const totals = test.variants.map((): VariantTotals => NO_TOTALS);
  for (const row of results) {
    const position = VARIANT_LABELS.indexOf(row.variant);
    const sum = totals[position];
    if (!sum) continue;
    totals[position] = {
      clicks: sum.clicks + row.clicks,
      visitors: sum.visitors + row.visitors,
      conversions: sum.conversions + row.conversions,
    };
  }
  const weights = test.variants.map((variant) => variant.weight);
  const counts = totals.map(armCounts);
  const analysis = analyze(counts, weights);
  const verdict = sequentialVerdict(counts);
  const { status, winner } = verdictOf(totals);
  const stillNeeded = status === "keep collecting" ? analysis.verdict.additionalVisitorsPerArm : null;

  return {
    arms: analysis.arms.map((arm, position) => {
      const interval = verdict.intervals[position];
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
      };
    }),
    srmPValue: analysis.srmPValue,
    srm: analysis.srm,
    verdict: { status, winner, additionalVisitorsPerArm: stillNeeded },
    series: seriesOf(results, test.variants.length, test.createdAt, now),
  };
}

/**
 * The test's verdict from its totals per variant: the always-valid one, which holds however often it is
 * looked at. The test page, the alerts and the scheduled end all decide by it.
 */
export function verdictOf(totals: readonly VariantTotals[]): {
  status: VerdictStatus;
  winner: Variant | null;
} {
  const verdict = sequentialVerdict(totals.map(armCounts));
  if (verdict.winner !== null) {
    const winner = labelAt(verdict.winner);
    return { status: `${winner} wins`, winner };
  }
  return {
    status: verdict.status === "keep collecting" ? "keep collecting" : "no clear difference",
    winner: null,
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
