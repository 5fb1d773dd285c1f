import type { TestStats, Winner } from "../../contract/api";

export interface VariantTotals {
  clicks: number;
  conversions: number;
}

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

export function summarize(a: VariantTotals, b: VariantTotals): TestStats {
  const conversionRateA = conversionRate(a);
  const conversionRateB = conversionRate(b);
  return {
    clicksA: a.clicks,
    clicksB: b.clicks,
    conversionsA: a.conversions,
    conversionsB: b.conversions,
    conversionRateA,
    conversionRateB,
    winner: pickWinner(conversionRateA, conversionRateB),
  };
}
