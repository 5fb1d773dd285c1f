import type { ArmStats, TestStats, Winner } from "../../contract/api";
import { labelAt } from "../../contract/variants";
import { chanceToBeBest } from "./inference";

export interface VariantTotals {
  clicks: number;
  visitors: number;
  conversions: number;
}

export const NO_TOTALS: VariantTotals = { clicks: 0, visitors: 0, conversions: 0 };

/** Conversions per 100 clicks; 0 without clicks. */
export function conversionRate({ clicks, conversions }: VariantTotals): number {
  return clicks === 0 ? 0 : (conversions / clicks) * 100;
}

/**
 * The specification's rule, for any number of variants: null when every rate is 0, else the variant
 * with the highest rate, or tie when several share it.
 */
export function pickWinner(rates: readonly number[]): Winner {
  const best = Math.max(...rates);
  if (best === 0) return null;
  const leaders = rates.flatMap((rate, position) => (rate === best ? [position] : []));
  return leaders.length === 1 ? labelAt(leaders[0] ?? 0) : "tie";
}

/** Conversions can only come from visitors; the cap guards against counts caught mid-update. */
export function armCounts(totals: VariantTotals) {
  return { visitors: totals.visitors, conversions: Math.min(totals.conversions, totals.visitors) };
}

/**
 * The dashboard's stats: every variant's counts, the specification's A and B fields, the winner by
 * the specification's rule, and the leader's chance to be the best variant.
 */
export function summarize(totals: readonly VariantTotals[]): TestStats {
  const arms: ArmStats[] = totals.map((arm, position) => ({
    label: labelAt(position),
    clicks: arm.clicks,
    visitors: arm.visitors,
    conversions: arm.conversions,
    conversionRate: conversionRate(arm),
  }));
  const winner = pickWinner(arms.map((arm) => arm.conversionRate));
  const leader = arms.findIndex((arm) => arm.label === winner);
  const confidence = leader < 0 ? null : (chanceToBeBest(totals.map(armCounts))[leader] ?? null);
  const [a, b] = arms;
  return {
    clicksA: a?.clicks ?? 0,
    clicksB: b?.clicks ?? 0,
    conversionsA: a?.conversions ?? 0,
    conversionsB: b?.conversions ?? 0,
    conversionRateA: a?.conversionRate ?? 0,
    conversionRateB: b?.conversionRate ?? 0,
    winner,
    visitorsA: a?.visitors ?? 0,
    visitorsB: b?.visitors ?? 0,
    confidence,
    arms,
  };
}
