import type { TestStats, Winner } from "../../contract/api";
import { probabilityBBeatsA } from "./inference";

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

/** The specification's rule: null when both rates are 0, else the higher rate, or tie. */
export function pickWinner(rateA: number, rateB: number): Winner {
  if (rateA === 0 && rateB === 0) return null;
  if (rateA === rateB) return "tie";
  return rateA > rateB ? "A" : "B";
}

/** Conversions can only come from visitors; the cap guards against counts caught mid-update. */
export function armCounts(totals: VariantTotals) {
  return { visitors: totals.visitors, conversions: Math.min(totals.conversions, totals.visitors) };
}

/** The specification's stats, plus visitors and the leader's chance to beat the other variant. */
export function summarize(a: VariantTotals, b: VariantTotals): TestStats {
  const conversionRateA = conversionRate(a);
  const conversionRateB = conversionRate(b);
  const winner = pickWinner(conversionRateA, conversionRateB);
  const chanceBBeatsA = probabilityBBeatsA(armCounts(a), armCounts(b));
  return {
    clicksA: a.clicks,
    clicksB: b.clicks,
    conversionsA: a.conversions,
    conversionsB: b.conversions,
    conversionRateA,
    conversionRateB,
    winner,
    visitorsA: a.visitors,
    visitorsB: b.visitors,
    confidence: winner === "A" ? 1 - chanceBBeatsA : winner === "B" ? chanceBBeatsA : null,
  };
}
