import type { SeriesPoint, TestAnalytics, Variant } from "../../contract/api";
import type { SplitTest } from "../db/schema";
import { analyze } from "../statistics/inference";
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

  const totals: Record<Variant, VariantTotals> = { A: NO_TOTALS, B: NO_TOTALS };
  for (const row of results) {
    const sum = totals[row.variant];
    totals[row.variant] = {
      clicks: sum.clicks + row.clicks,
      visitors: sum.visitors + row.visitors,
      conversions: sum.conversions + row.conversions,
    };
  }
  // Two arms at 50/50 until the lead's k-arm rewrite of this file (issue 19).
  const analysis = analyze([armCounts(totals.A), armCounts(totals.B)], [50, 50]);
  const [resultA, resultB] = analysis.arms;
  if (!resultA || !resultB) throw new Error("analyze returns one result per arm");
  const arm = (variant: Variant) => {
    const result = variant === "A" ? resultA : resultB;
    return {
      clicks: totals[variant].clicks,
      visitors: result.visitors,
      conversions: result.conversions,
      rate: result.rate,
      interval: result.interval,
    };
  };
  const { verdict } = analysis;
  const winner = verdict.status === "winner" ? (verdict.winner === 0 ? "A" : "B") : null;
  const status = verdict.status === "winner" ? (verdict.winner === 0 ? "A wins" : "B wins") : verdict.status;

  return {
    A: arm("A"),
    B: arm("B"),
    chanceBBeatsA: resultB.chanceToBeBest,
    chanceABeatsB: resultA.chanceToBeBest,
    pValue: resultB.vsControl?.pValue ?? 1,
    srmPValue: analysis.srmPValue,
    srm: analysis.srm,
    verdict: {
      status,
      winner,
      additionalVisitorsPerArm: verdict.additionalVisitorsPerArm,
    },
    series: seriesOf(results, test.createdAt, now),
  };
}

/** Visitors and conversions per variant in every hour (or day) since the test began, gaps as zeros. */
function seriesOf(rows: RollupRow[], createdAt: number, now: number): TestAnalytics["series"] {
  const granularity = now - createdAt < HOURLY_WINDOW_MS ? "hour" : "day";
  const step = granularity === "hour" ? HOUR_MS : DAY_MS;
  const bucketOf = (time: number) => time - (time % step);
  const points = new Map<number, SeriesPoint>();
  for (let time = bucketOf(createdAt); time <= bucketOf(now); time += step) {
    points.set(time, { time, visitorsA: 0, visitorsB: 0, conversionsA: 0, conversionsB: 0 });
  }
  for (const row of rows) {
    const point = points.get(bucketOf(row.hour));
    if (!point) continue;
    point[`visitors${row.variant}`] += row.visitors;
    point[`conversions${row.variant}`] += row.conversions;
  }
  return { granularity, points: [...points.values()] };
}
