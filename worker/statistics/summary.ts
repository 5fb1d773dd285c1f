import type { ArmStats, PrimaryMetric, StatsVerdict, TestAnalytics, TestStats } from "../../contract/api";
import { fromMinorUnits } from "../../contract/currency";
import { labelAt } from "../../contract/variants";
import { chanceToBeBest } from "./chance-to-be-best";
import { chanceToEarnMost, type RevenueCounts } from "./revenue";

/** One variant's totals from the rollup; revenue in minor units. */
export interface VariantTotals extends RevenueCounts {
  clicks: number;
  visitors: number;
  conversions: number;
}

export const NO_TOTALS: VariantTotals = {
  clicks: 0,
  visitors: 0,
  conversions: 0,
  orders: 0,
  revenue: 0,
  revenueSquares: 0,
};

/** Adds one rollup row's totals to a variant's. */
export function addTotals(sum: VariantTotals, row: VariantTotals): VariantTotals {
  return {
    clicks: sum.clicks + row.clicks,
    visitors: sum.visitors + row.visitors,
    conversions: sum.conversions + row.conversions,
    orders: sum.orders + row.orders,
    revenue: sum.revenue + row.revenue,
    revenueSquares: sum.revenueSquares + row.revenueSquares,
  };
}

/** Conversions per 100 clicks; 0 without clicks. */
export function conversionRate({ clicks, conversions }: VariantTotals): number {
  return clicks === 0 ? 0 : (conversions / clicks) * 100;
}

/**
 * The leader, by the specification's rule (its "winner", the API's `stats.winner`), for any number of
 * variants and either metric: null when every value is 0, else the variant with the highest, or tie
 * when several share it. It decides nothing: the winner is the verdict's (verdict.ts).
 */
export function pickLeader(values: readonly number[]): TestStats["winner"] {
  const best = Math.max(...values);
  if (best === 0) return null;
  const leaders = values.flatMap((value, position) => (value === best ? [position] : []));
  return leaders.length === 1 ? labelAt(leaders[0] ?? 0) : "tie";
}

/** Conversions can only come from visitors; the cap guards against counts caught mid-update. */
export function armCounts(totals: VariantTotals) {
  return { visitors: totals.visitors, conversions: Math.min(totals.conversions, totals.visitors) };
}

/** Revenue sums as the statistics take them: orders capped like conversions. */
export function revenueCounts(totals: VariantTotals): RevenueCounts {
  return {
    visitors: totals.visitors,
    orders: Math.min(totals.orders, totals.visitors),
    revenue: totals.revenue,
    revenueSquares: totals.revenueSquares,
  };
}

/** Each variant's chance to be best by the metric: Beta posteriors for rates, normal means for revenue. */
export function chancesToBeBest(totals: readonly VariantTotals[], metric: PrimaryMetric): number[] {
  if (metric === "conversion_rate") return chanceToBeBest(totals.map(armCounts));
  return chanceToEarnMost(totals.map(revenueCounts));
}

/**
 * The dashboard's stats: every variant's counts and revenue, the specification's A and B fields, the
 * leader by the specification's rule on the test's primary metric (its `winner` field), and the winner
 * the test's one verdict names, if any (`decided`: `verdict` is verdict.ts's for this test, the same
 * the test page shows, on its `deciding` totals). `confidence` is the chance to be the best variant, by
 * that metric on the deciding totals, of the version the dashboard names: the winner, else the leader.
 * Revenue is in the test's currency, major units.
 */
export function summarize(
  totals: readonly VariantTotals[],
  {
    verdict,
    deciding = totals,
  }: {
    verdict: Pick<TestAnalytics["verdict"], "winner" | "status" | "until" | "guardrail">;
    deciding?: readonly VariantTotals[];
  },
  metric: PrimaryMetric = "conversion_rate",
  currency: string | null = null,
): TestStats {
  const money = (minor: number) => fromMinorUnits(minor, currency ?? "");
  const arms: ArmStats[] = totals.map((arm, position) => ({
    label: labelAt(position),
    clicks: arm.clicks,
    visitors: arm.visitors,
    conversions: arm.conversions,
    conversionRate: conversionRate(arm),
    orders: arm.orders,
    revenue: money(arm.revenue),
    revenuePerVisitor: arm.visitors === 0 ? 0 : money(arm.revenue) / arm.visitors,
  }));
  const leader = pickLeader(
    arms.map((arm) => (metric === "conversion_rate" ? arm.conversionRate : arm.revenuePerVisitor)),
  );
  const named = verdict.winner ?? leader;
  const position = arms.findIndex((arm) => arm.label === named);
  const confidence = position < 0 ? null : (chancesToBeBest(deciding, metric)[position] ?? null);
  const [a, b] = arms;
  return {
    clicksA: a?.clicks ?? 0,
    clicksB: b?.clicks ?? 0,
    conversionsA: a?.conversions ?? 0,
    conversionsB: b?.conversions ?? 0,
    conversionRateA: a?.conversionRate ?? 0,
    conversionRateB: b?.conversionRate ?? 0,
    winner: leader,
    visitorsA: a?.visitors ?? 0,
    visitorsB: b?.visitors ?? 0,
    confidence,
    decided: verdict.winner,
    verdict: statsVerdict(verdict),
    arms,
  };
}

/**
 * The verdict as the APIs carry it: decided (with its winner), collecting (with when the minimum days
 * are up, while they run), no difference, or held (a winner proven worse on a guardrail).
 */
function statsVerdict(
  verdict: Pick<TestAnalytics["verdict"], "winner" | "status" | "until" | "guardrail">,
): StatsVerdict {
  if (verdict.winner) return { status: "decided", winner: verdict.winner };
  if (verdict.guardrail) return { status: "held", guardrail: verdict.guardrail };
  if (verdict.status !== "keep collecting") return { status: "no_difference" };
  return verdict.until === null
    ? { status: "collecting" }
    : { status: "collecting", until: new Date(verdict.until).toISOString() };
}
