/**
 * The test planner (issue #33, point 5): from today's conversion rate, the smallest relative lift worth
 * finding and the visitors a day, how many visitors each version needs and how many days that takes
 * before SplitLink's always-valid verdict (worker/statistics/sequential.ts) can name the better version.
 * Pure maths on the verdict's own parameters (./verdict.ts): the web app shows it, and
 * tests/web/planner.test.ts checks it by simulation.
 *
 * The verdict (sequential.ts) compares each arm with the control by the two-sided normal-mixture
 * confidence sequence of Howard, Ramdas, McAuliffe & Sekhon (Ann. Statist. 49 (2021), eq. (14)), as
 * GrowthBook implements it: α = 0.05 split over the k − 1 comparisons (Bonferroni), tuning n* = 5,000,
 * ρ = √((−2 ln α + ln(1 − 2 ln α))/n*) (arXiv:2103.06476v7 eq. (161)). Written on the scale of
 * information t = 1/se² (se² = (p(1 − p) + q(1 − q))/m for m visitors per arm, rates p and q), the sum
 * X(t) = d̂·t is a Brownian motion with drift δ = q − p, and the verdict names B once X(t) crosses
 * b(t) = h(t)·t, h the interval's half-width. The boundary grows with t, so replacing it by its final
 * value b(T) makes crossing harder: the chance that a Brownian motion with drift δ crosses the flat
 * line b by time T (Borodin & Salminen, "Handbook of Brownian Motion", 2nd ed., 2002, part II, 1.1.4),
 *   P = Φ((δT − b)/√T) + e^{2δb}·Φ((−b − δT)/√T),
 * is a lower bound on the power of continuous monitoring. The planner takes the smallest m where that
 * bound reaches 80 %; a daily look loses a little of what continuous monitoring gains, which the
 * simulation in tests/web/planner.test.ts measures (and bench/RESULTS.md section 8 reports at 5 %,
 * +10 % and +20 %).
 */
import {
  SEQUENTIAL_ALPHA,
  SEQUENTIAL_TUNING,
  VERDICT_MIN_CONVERSIONS,
  VERDICT_MIN_VISITORS,
} from "./verdict";

/** The chance of finding the lift that the plan aims for. */
export const PLANNER_POWER = 0.8;

export interface PlanInput {
  /** Today's conversion rate, a fraction in (0, 1). */
  readonly baselineRate: number;
  /** The smallest relative lift worth finding, a fraction (0.1 = +10 %); > 0, with baseline·(1 + lift) < 1. */
  readonly relativeLift: number;
  /** Visitors a day through the split link, all versions together; > 0. */
  readonly dailyVisitors: number;
  /** The versions, A included (2–8). */
  readonly arms?: number;
  /**
   * Each version's share of visitors in percent (A first), when not even: the smallest share decides how
   * long the test takes, since every version needs as many visitors.
   */
  readonly weights?: readonly number[];
}

/** The planner's inputs as a test keeps them (`plan`), for its page's planner to start from. */
export type SavedPlan = Pick<PlanInput, "baselineRate" | "relativeLift" | "dailyVisitors">;

export interface Plan {
  /** Visitors each version needs. */
  readonly visitorsPerArm: number;
  /** Visitors in all, until the version with the smallest share has visitorsPerArm. */
  readonly totalVisitors: number;
  /** Days at dailyVisitors a day, rounded up. */
  readonly days: number;
}

/** Complementary error function, |relative error| < 1.2e-7 (Numerical Recipes, 2nd ed., §6.2, erfcc), as exp(logErfc). */
function logErfcPositive(z: number): number {
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  return Math.log(t) - z * z + poly;
}

/** ln Φ(x) for x ≤ 0 (no underflow far in the tail). */
function logNormalCdfNegative(x: number): number {
  return Math.log(0.5) + logErfcPositive(-x / Math.SQRT2);
}

function normalCdf(x: number): number {
  return x <= 0 ? Math.exp(logNormalCdfNegative(x)) : 1 - Math.exp(logNormalCdfNegative(-x));
}

/**
 * The boundary of the normal-mixture sequence on the scale of sums, √((V + ρ_H)·ln((V + ρ_H)/(ρ_H·α²)))
 * (Howard et al. eq. (14)) with V = N·s², ρ_H = s²/ρ², N = 2m visitors in the comparison, written per
 * unit of information: the crossing value b = h·t of X(t) = d̂·t.
 */
function crossingValue(variance: number, perArm: number, alpha: number): number {
  const logAlpha = Math.log(alpha);
  const rho2 = (-2 * logAlpha + Math.log(1 - 2 * logAlpha)) / SEQUENTIAL_TUNING;
  const n = 2 * perArm;
  const s2 = (variance / perArm) * n; // s² = se²·N
  const intrinsic = n * s2;
  const rhoH = s2 / rho2;
  const sumBoundary = Math.sqrt((intrinsic + rhoH) * Math.log((intrinsic + rhoH) / (rhoH * alpha * alpha)));
  const halfWidth = sumBoundary / n;
  return (halfWidth * perArm) / variance; // h·t with t = m/variance
}

/**
 * The lower bound (see the header) on the chance that the verdict names the better version by the time
 * each version has `perArm` visitors.
 */
export function sequentialPowerBound(
  baselineRate: number,
  variantRate: number,
  perArm: number,
  arms = 2,
): number {
  const variance = baselineRate * (1 - baselineRate) + variantRate * (1 - variantRate);
  return powerBoundOfMeans(variance, variantRate - baselineRate, perArm, arms);
}

/**
 * The same bound for any two means: `variance` the sum of the two arms' per-visitor variances, and
 * `difference` the difference of the means (rates, or revenue per visitor, whose always-valid interval
 * has the same form with Welch's standard error: worker/statistics/revenue.ts).
 */
function powerBoundOfMeans(variance: number, difference: number, perArm: number, arms: number): number {
  const alpha = SEQUENTIAL_ALPHA / (arms - 1);
  const drift = Math.abs(difference);
  const information = perArm / variance;
  const b = crossingValue(variance, perArm, alpha);
  const root = Math.sqrt(information);
  const reflected = 2 * drift * b + logNormalCdfNegative((-b - drift * information) / root);
  return Math.min(1, normalCdf((drift * information - b) / root) + Math.exp(reflected));
}

/** Whether the input makes a plan: rates in (0, 1), a positive lift, visitors > 0, 2–8 versions. */
export function isPlannable(input: PlanInput): boolean {
  const { baselineRate, relativeLift, dailyVisitors, weights, arms = weights?.length ?? 2 } = input;
  const variantRate = baselineRate * (1 + relativeLift);
  return (
    (weights === undefined || (weights.length === arms && weights.every((weight) => weight > 0))) &&
    baselineRate > 0 &&
    baselineRate < 1 &&
    relativeLift > 0 &&
    variantRate < 1 &&
    dailyVisitors > 0 &&
    Number.isFinite(dailyVisitors) &&
    Number.isInteger(arms) &&
    arms >= 2 &&
    arms <= 8
  );
}

/**
 * The visitors each version needs before the verdict names the better of two rates (`baselineRate`
 * for A, `variantRate` for the other) with PLANNER_POWER, by the bound of the header; null when the
 * rates make no comparison (equal, or outside (0, 1)). The planner and the test page's "Keep
 * collecting" (worker/statistics/analysis.ts, at the observed rates) both answer with it.
 */
export function sequentialVisitorsPerArm(baselineRate: number, variantRate: number, arms = 2): number | null {
  const rates = [baselineRate, variantRate];
  if (baselineRate === variantRate || !rates.every((rate) => rate > 0 && rate < 1)) return null;
  const variance = baselineRate * (1 - baselineRate) + variantRate * (1 - variantRate);
  return sequentialVisitorsPerArmOfMeans(variance, variantRate - baselineRate, arms);
}

/**
 * The same for any two means (see `powerBoundOfMeans`): revenue per visitor's "keep collecting" asks
 * with it, so that it and the verdict share one arithmetic. Null without a difference or a spread.
 */
export function sequentialVisitorsPerArmOfMeans(
  variance: number,
  difference: number,
  arms = 2,
): number | null {
  if (!(variance > 0) || !Number.isFinite(variance) || difference === 0 || !Number.isFinite(difference))
    return null;
  const enough = (perArm: number) => powerBoundOfMeans(variance, difference, perArm, arms) >= PLANNER_POWER;
  let high = 1;
  while (!enough(high)) {
    high *= 2;
    if (high > 1e12) return null;
  }
  let low = high / 2;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (enough(middle)) high = middle;
    else low = middle;
  }
  return high;
}

/** The plan, or null when the input makes none (isPlannable). */
export function planTest(input: PlanInput): Plan | null {
  if (!isPlannable(input)) return null;
  const { baselineRate, relativeLift, dailyVisitors, arms = input.weights?.length ?? 2 } = input;
  const needed = sequentialVisitorsPerArm(baselineRate, baselineRate * (1 + relativeLift), arms);
  if (needed === null) return null;
  const guard = Math.max(VERDICT_MIN_VISITORS, Math.ceil(VERDICT_MIN_CONVERSIONS / baselineRate));
  const visitorsPerArm = Math.max(needed, guard);
  const totalVisitors = input.weights
    ? Math.ceil((visitorsPerArm * 100) / Math.min(...input.weights))
    : visitorsPerArm * arms;
  return { visitorsPerArm, totalVisitors, days: Math.ceil(totalVisitors / dailyVisitors) };
}
