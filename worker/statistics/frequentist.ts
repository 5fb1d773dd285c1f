/**
 * Frequentist tests for a conversion test with k arms (2 to 8; arm 0, "A", is the control) — design §7.
 *
 * - conversion rate with a 95 % Wilson score interval (Wilson 1927; Newcombe 1998, method 3);
 * - every arm against the control: two-proportion z-test with pooled standard error (= R's
 *   prop.test(correct = FALSE)), two-sided; the k − 1 p-values Holm-adjusted (S. Holm, "A simple
 *   sequentially rejective multiple test procedure", Scand. J. Statist. 6 (1979) 65–70);
 * - sample-ratio mismatch: Pearson chi-square goodness of fit of the visitor split against the
 *   configured weights, k − 1 df; its survival function is the regularized upper incomplete gamma
 *   Q((k − 1)/2, χ²/2) (special-functions.ts, `chiSquareSurvival`); with 1 df it is the two-sided
 *   normal tail of the equivalent z;
 * - the planning α and power revenue's single-look sample size uses (revenue.ts). A conversion test's
 *   "keep collecting" plans with the sequential verdict's own arithmetic (contract/planner.ts).
 */

import { type ArmCounts, assertCounts, assertWeights } from "./counts";
import { chiSquareSurvival, normalQuantile, twoSidedPValue } from "./special-functions";

export interface Interval {
  readonly lower: number;
  readonly upper: number;
}

export interface ZTestResult {
  /** (rateB − rateA) / pooled standard error; positive when B converts better. 0 when undefined. */
  readonly z: number;
  /** Two-sided p-value; 1 when the test is undefined (an arm without visitors, or pooled rate 0 or 1). */
  readonly pValue: number;
}

export interface SrmResult {
  /** Pearson chi-square statistic of the visitor split against the configured weights. */
  readonly chiSquare: number;
  /** Its p-value with k − 1 degrees of freedom; 1 without visitors. */
  readonly pValue: number;
}

/** The sample-ratio-mismatch warning fires below this p-value. */
export const SRM_THRESHOLD = 0.001;

/**
 * Wilson score interval for `successes` out of `trials` (no continuity correction; Newcombe 1998,
 * method 3). [0, 1] without trials; the bounds are exactly 0 / 1 at 0 / all successes.
 */
export function wilsonInterval(successes: number, trials: number, confidence = 0.95): Interval {
  assertCounts("wilsonInterval", { visitors: trials, conversions: successes });
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (trials === 0) return { lower: 0, upper: 1 };
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const z2 = z * z;
  const p = successes / trials;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return {
    lower: successes === 0 ? 0 : Math.max(0, centre - half),
    upper: successes === trials ? 1 : Math.min(1, centre + half),
  };
}

/**
 * Two-proportion z-test with pooled standard error, two-sided (the same p-value as R's
 * prop.test(correct = FALSE), whose X-squared is z²).
 */
export function zTest(a: ArmCounts, b: ArmCounts): ZTestResult {
  assertCounts("A", a);
  assertCounts("B", b);
  if (a.visitors === 0 || b.visitors === 0) return { z: 0, pValue: 1 };
  const pooled = (a.conversions + b.conversions) / (a.visitors + b.visitors);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors));
  if (!(se > 0)) return { z: 0, pValue: 1 };
  const z = (b.conversions / b.visitors - a.conversions / a.visitors) / se;
  return { z, pValue: twoSidedPValue(z) };
}

/**
 * Holm's step-down adjustment of m p-values (Holm 1979): with p_(1) <= … <= p_(m) sorted ascending,
 * the adjusted p_(i) = max_{j<=i} min(1, (m − j + 1)·p_(j)); returned in the input order. Rejecting
 * where the adjusted value is below α controls the family-wise error rate at α.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((x, y) => x.p - y.p || x.index - y.index);
  const adjusted = new Array<number>(m).fill(1);
  let running = 0;
  for (const [rank, { p, index }] of order.entries()) {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  }
  return adjusted;
}

/**
 * Pearson chi-square goodness of fit of the visitors per arm against the configured weights (percent):
 * χ² = Σ (O_i − E_i)²/E_i with E_i = total·weight_i/100, k − 1 degrees of freedom. An arm without
 * visitors counts (it is a mismatch when its weight is not 0).
 */
export function srmTest(visitors: readonly number[], weights: readonly number[]): SrmResult {
  assertWeights(weights, visitors.length);
  return srmTestAgainstShares(
    visitors,
    weights.map((w) => w / 100),
  );
}

/**
 * The same check against expected shares of the visitors (adding up to 1): for weights that changed
 * over time, each arm's share is its weight averaged over the visitors of each period.
 */
export function srmTestAgainstShares(visitors: readonly number[], shares: readonly number[]): SrmResult {
  for (const [i, v] of visitors.entries()) assertCounts(`arm ${i}`, { visitors: v, conversions: 0 });
  const total = visitors.reduce((sum, v) => sum + v, 0);
  if (total === 0) return { chiSquare: 0, pValue: 1 };
  let chiSquare = 0;
  for (const [i, observed] of visitors.entries()) {
    const expected = total * (shares[i] ?? 0);
    chiSquare += ((observed - expected) * (observed - expected)) / expected;
  }
  const [first = 0] = visitors;
  const [share = 0, other = 0] = shares;
  if (visitors.length === 2) {
    // χ²₁ = Z² with Z = (O₁ − N·p₁)/√(N·p₁·p₂); its two-sided tail avoids the rounding of the square
    // root of a square (at 50/50, Z = (A − B)/√N exactly).
    return { chiSquare, pValue: twoSidedPValue((first - total * share) / Math.sqrt(total * share * other)) };
  }
  return { chiSquare, pValue: chiSquareSurvival(chiSquare, visitors.length - 1) };
}
