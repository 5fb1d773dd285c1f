/**
 * Revenue statistics for a test with k arms (2 to 8; arm 0, "A", is the control), from the hourly
 * rollup's sums alone (issue #21, point 3). Pure functions without dependencies.
 *
 * The unit is the visitor, as for the conversion rate: a visitor's revenue x is the amount of their
 * order, or 0 without one (one order per visitor and test, docs/conversions.md, "One order per session"). Per arm the rollup
 * keeps n (visitors), m (orders: conversions with an amount), S = Σx and Q = Σx² in minor units. Because
 * a visitor has at most one order, Σx² over visitors is the sum of the orders' squares: exact.
 *
 * - Revenue per visitor x̄ = S/n is a plain mean over the randomization unit, so it needs no delta
 *   method (that is for ratios whose denominator is not the unit randomized: A. Deng, J. Lu, J. Litz,
 *   "Trustworthy analysis of online A/B tests: pitfalls, challenges and solutions", WSDM 2017, §3.2).
 *   Its sample variance is s² = (Q − S²/n)/(n − 1) and its 95 % interval x̄ ± z·s/√n (central limit
 *   theorem). Average order value S/m gets the same interval over the m orders.
 * - Skewed order values (most visitors 0, a few large orders) are why the comparison is Welch's, not
 *   Student's: B. L. Welch, "The generalization of 'Student's' problem when several different population
 *   variances are involved", Biometrika 34 (1947) 28–35 — unpooled variances s²_A/n_A + s²_B/n_B (the
 *   arm with the big orders has the larger variance), Welch–Satterthwaite degrees of freedom, p-value
 *   from Student's t (`studentTTwoSidedPValue`). It relies on the means being near normal, which the
 *   central limit theorem gives for the sample sizes of the verdict's guard and more; heavy skew needs
 *   more (R. Kohavi, D. Tang, Y. Xu, "Trustworthy Online Controlled Experiments", Cambridge 2020, §17:
 *   n > 355·skewness² per arm), which is why these p-values are details and the verdict waits for 25
 *   orders per arm.
 * - The verdict uses the always-valid interval of the difference of revenue per visitor: the Gaussian
 *   confidence sequence of worker/statistics/sequential.ts (Howard et al. 2021, in the asymptotic form
 *   of Waudby-Smith et al., arXiv:2103.06476v7, eq. (9), which holds for any difference of means with an
 *   estimated variance and finite moments, as GrowthBook applies it to its mean metrics: gbstats
 *   `SequentialTwoSidedTTest` on `SampleMeanStatistic`, the sums and sums of squares kept here), with
 *   the Welch standard error and n = n_A + n_B, Bonferroni over the k − 1 comparisons with A, and the
 *   rule of `verdictOfIntervals`.
 * - Chance to be best: P(arm i has the highest mean) with the means as independent normals
 *   N(x̄_i, s²_i/n_i): Φ(d/√(se²_A + se²_B)) for two arms, else ∫ φ_i(x)·Π_{j≠i} Φ_j(x) dx by the
 *   Gauss–Legendre rule (special-functions.ts, as chance-to-be-best.ts uses it) on panels cut at every
 *   arm's mean ± multiples of its standard error.
 * - Visitors still needed while collecting: the always-valid verdict's own arithmetic, the planner's
 *   (contract/planner.ts `sequentialVisitorsPerArmOfMeans`), at the observed means and variances: one
 *   answer to "how long" for revenue as for rates (issue #48).
 */

import { sequentialVisitorsPerArmOfMeans } from "../../contract/planner";
import {
  SEQUENTIAL_ALPHA,
  SEQUENTIAL_TUNING,
  VERDICT_MIN_CONVERSIONS,
  VERDICT_MIN_VISITORS,
} from "../../contract/verdict";
import { assertArmCount, enough } from "./counts";
import { holmAdjust, type Interval } from "./frequentist";
import {
  alwaysValidInterval,
  type SequentialInterval,
  type SequentialStatus,
  verdictOfIntervals,
} from "./sequential";
import { gaussLegendre, normalCdf, normalQuantile, studentTTwoSidedPValue } from "./special-functions";

/** One arm's revenue sums from the rollup, in minor units. */
export interface RevenueCounts {
  readonly visitors: number;
  /** Conversions with an amount. */
  readonly orders: number;
  /** Σ amount. */
  readonly revenue: number;
  /** Σ amount². */
  readonly revenueSquares: number;
}

/** A sample mean with the sample variance of one observation (n − 1 in the denominator). */
export interface MeanEstimate {
  readonly mean: number;
  readonly variance: number;
  readonly n: number;
}

function assertRevenueCounts(name: string, arm: RevenueCounts): void {
  const { visitors, orders, revenue, revenueSquares } = arm;
  if (!Number.isSafeInteger(visitors) || visitors < 0)
    throw new RangeError(`${name}: visitors must be a non-negative integer, got ${visitors}`);
  if (!Number.isSafeInteger(orders) || orders < 0 || orders > visitors)
    throw new RangeError(`${name}: orders must be an integer from 0 to visitors, got ${orders}`);
  if (!(revenue >= 0) || !(revenueSquares >= 0) || !Number.isFinite(revenueSquares))
    throw new RangeError(`${name}: revenue sums must be finite and non-negative`);
}

/** Mean and sample variance from n, Σx and Σx²; the variance is 0 below two observations. */
export function meanFromSums(n: number, sum: number, squares: number): MeanEstimate {
  if (n === 0) return { mean: 0, variance: 0, n };
  const mean = sum / n;
  // Rounding can leave a hair below 0 when every value is the same.
  const variance = n < 2 ? 0 : Math.max(0, (squares - sum * mean) / (n - 1));
  return { mean, variance, n };
}

/** Revenue per visitor: the mean over every visitor, 0 for those without an order. */
export function revenuePerVisitor(arm: RevenueCounts): MeanEstimate {
  return meanFromSums(arm.visitors, arm.revenue, arm.revenueSquares);
}

/** Average order value: the mean over the orders; null without one. */
export function averageOrderValue(arm: RevenueCounts): MeanEstimate | null {
  return arm.orders === 0 ? null : meanFromSums(arm.orders, arm.revenue, arm.revenueSquares);
}

/**
 * The normal-approximation interval mean ± z·s/√n, the lower bound clamped at 0 (revenue is never
 * negative); null below two observations, where there is no spread to go by.
 */
export function meanInterval(estimate: MeanEstimate, confidence = 0.95): Interval | null {
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (estimate.n < 2) return null;
  const half = normalQuantile(1 - (1 - confidence) / 2) * Math.sqrt(estimate.variance / estimate.n);
  return { lower: Math.max(0, estimate.mean - half), upper: estimate.mean + half };
}

export interface WelchResult {
  /** arm mean − control mean. */
  readonly difference: number;
  /** √(s²_A/n_A + s²_B/n_B). */
  readonly standardError: number;
  /** Welch–Satterthwaite degrees of freedom; NaN when the test is undefined. */
  readonly degreesOfFreedom: number;
  readonly t: number;
  /** Two-sided; 1 when the test is undefined (an arm with fewer than 2 visitors, or no spread at all). */
  readonly pValue: number;
}

/** Welch's unequal-variances t-test of arm against control (Welch 1947), two-sided. */
export function welchTest(control: MeanEstimate, arm: MeanEstimate): WelchResult {
  const difference = arm.mean - control.mean;
  const vc = control.n > 0 ? control.variance / control.n : 0;
  const va = arm.n > 0 ? arm.variance / arm.n : 0;
  const standardError = Math.sqrt(vc + va);
  if (control.n < 2 || arm.n < 2 || !(standardError > 0)) {
    return { difference, standardError, degreesOfFreedom: Number.NaN, t: 0, pValue: 1 };
  }
  const degreesOfFreedom = (vc + va) ** 2 / (vc ** 2 / (control.n - 1) + va ** 2 / (arm.n - 1));
  const t = difference / standardError;
  return {
    difference,
    standardError,
    degreesOfFreedom,
    t,
    pValue: studentTTwoSidedPValue(t, degreesOfFreedom),
  };
}

const PANEL_ORDER = 10;
const GAUSS = gaussLegendre(PANEL_ORDER);
/** Panel edges in standard errors from each mean; beyond ±10 a normal density is below e^−50 of its peak. */
const PANEL_EDGES_IN_SE = [0, 0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10];
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

/**
 * P(mean i is the highest) for independent normal estimates N(mean_i, se_i²). An arm without spread
 * (se 0: no visitors, or all alike) is treated as a normal a billionth of the scale wide, so equal
 * arms share the chance evenly.
 */
export function chanceToBeBestOfMeans(
  estimates: readonly { mean: number; standardError: number }[],
): number[] {
  const scale = Math.max(...estimates.map((e) => Math.abs(e.mean) + e.standardError), 1);
  const floor = 1e-9 * scale;
  const arms = estimates.map((e) => ({
    mean: e.mean,
    sd: e.standardError > floor && Number.isFinite(e.standardError) ? e.standardError : floor,
  }));
  const [a, b] = arms;
  if (arms.length === 2 && a && b) {
    const chanceB = normalCdf((b.mean - a.mean) / Math.hypot(a.sd, b.sd));
    return [1 - chanceB, chanceB];
  }
  const edges: number[] = [];
  for (const { mean, sd } of arms)
    for (const t of PANEL_EDGES_IN_SE) edges.push(mean - t * sd, mean + t * sd);
  edges.sort((x, y) => x - y);
  const k = arms.length;
  const chances = new Array<number>(k).fill(0);
  const cdf = new Float64Array(k);
  const before = new Float64Array(k + 1);
  for (let e = 1; e < edges.length; e++) {
    const left = edges[e - 1] ?? 0;
    const half = ((edges[e] ?? 0) - left) / 2;
    if (!(half > 0)) continue;
    for (let r = 0; r < PANEL_ORDER; r++) {
      const x = left + half * ((GAUSS.nodes[r] ?? 0) + 1);
      before[0] = 1;
      for (let j = 0; j < k; j++) {
        const { mean, sd } = arms[j] ?? { mean: 0, sd: 1 };
        cdf[j] = normalCdf((x - mean) / sd);
        before[j + 1] = (before[j] ?? 0) * (cdf[j] ?? 0);
      }
      const weight = half * (GAUSS.weights[r] ?? 0);
      let after = 1;
      for (let i = k - 1; i >= 0; i--) {
        const { mean, sd } = arms[i] ?? { mean: 0, sd: 1 };
        const z = (x - mean) / sd;
        const density = (INV_SQRT_2PI / sd) * Math.exp(-0.5 * z * z);
        chances[i] = (chances[i] ?? 0) + weight * density * (before[i] ?? 0) * after;
        after *= cdf[i] ?? 0;
      }
    }
  }
  return chances;
}

/**
 * Each arm's chance to earn the most per visitor (normal approximation of its mean). Until every arm
 * has two visitors there is no spread to go by: the arms share the chance evenly.
 */
export function chanceToEarnMost(arms: readonly RevenueCounts[]): number[] {
  if (arms.some((arm) => arm.visitors < 2)) return arms.map(() => 1 / arms.length);
  return chanceToBeBestOfMeans(
    arms.map((arm) => {
      const { mean, variance, n } = revenuePerVisitor(arm);
      return { mean, standardError: Math.sqrt(variance / n) };
    }),
  );
}

export interface RevenueArmResult {
  readonly perVisitor: MeanEstimate;
  readonly perVisitorInterval: Interval | null;
  readonly averageOrderValue: MeanEstimate | null;
  readonly averageOrderValueInterval: Interval | null;
  readonly chanceToBeBest: number;
  /**
   * null for the control; else the always-valid interval of the difference of revenue per visitor
   * (null while it says nothing: an arm without visitors or no spread), and Welch's test with its
   * Holm-adjusted p-value over the k − 1 comparisons.
   */
  readonly vsControl: {
    readonly interval: SequentialInterval | null;
    readonly welch: WelchResult;
    readonly adjustedPValue: number;
  } | null;
}

export interface RevenueAnalysis {
  readonly arms: readonly RevenueArmResult[];
  readonly verdict: {
    readonly status: SequentialStatus;
    readonly winner: number | null;
    /** While collecting: the most visitors any arm still needs; null when it cannot be estimated. */
    readonly additionalVisitorsPerArm: number | null;
  };
  /** α/(k − 1): the level of each always-valid comparison with the control. */
  readonly comparisonAlpha: number;
}

/**
 * While collecting: visitors the arms still need for the planner's 80 % chance that the always-valid
 * verdict names the better version, at the observed means of the leader and the control (or the control
 * and the runner-up, when the control leads) at α/(k − 1), and for the
 * guard of 100 visitors and 25 orders at each arm's observed share of buyers.
 */
function stillNeeded(arms: readonly RevenueCounts[], means: readonly MeanEstimate[]): number | null {
  if (arms.some((arm) => arm.visitors < 2 || arm.orders === 0)) return null;
  const order = means.map((_, i) => i).sort((x, y) => (means[y]?.mean ?? 0) - (means[x]?.mean ?? 0) || x - y);
  const leader = order[0] ?? 0;
  const other = leader === 0 ? (order[1] ?? 1) : leader;
  const control = means[0];
  const challenger = means[other];
  if (!control || !challenger) return null;
  const needed = sequentialVisitorsPerArmOfMeans(
    control.variance + challenger.variance,
    challenger.mean - control.mean,
    arms.length,
  );
  if (needed === null) return null;
  const perArm = Math.ceil(needed);
  return Math.max(
    ...arms.map((arm) => {
      const target = Math.max(
        perArm,
        VERDICT_MIN_VISITORS,
        Math.ceil((VERDICT_MIN_CONVERSIONS * arm.visitors) / arm.orders),
      );
      return Math.max(0, target - arm.visitors);
    }),
  );
}

/** Everything about a test's revenue per visitor (see the file header); arm 0 is the control. */
export function analyzeRevenue(
  arms: readonly RevenueCounts[],
  alpha = SEQUENTIAL_ALPHA,
  tuning = SEQUENTIAL_TUNING,
): RevenueAnalysis {
  assertArmCount(arms.length);
  for (const [i, arm] of arms.entries()) assertRevenueCounts(`arm ${i}`, arm);
  const comparisonAlpha = alpha / (arms.length - 1);
  const means = arms.map(revenuePerVisitor);
  const [control = means[0] ?? { mean: 0, variance: 0, n: 0 }] = means;
  const welch = means.map((mean, i) => (i === 0 ? null : welchTest(control, mean)));
  const adjusted = holmAdjust(welch.slice(1).map((test) => test?.pValue ?? 1));
  // The sequence's n is n_A + n_B; below two visitors in either arm there is no spread to go by.
  const intervals = welch.map((test, i) => {
    const arm = means[i];
    if (test === null || !arm || control.n < 2 || arm.n < 2) return null;
    const estimate = { difference: test.difference, standardError: test.standardError, n: control.n + arm.n };
    return alwaysValidInterval(estimate, comparisonAlpha, tuning);
  });
  const chances = chanceToEarnMost(arms);
  // The guard counts a revenue arm's orders as its conversions.
  const decided = verdictOfIntervals(
    intervals,
    arms.every((arm) => enough({ visitors: arm.visitors, conversions: arm.orders })),
  );
  return {
    arms: arms.map((arm, i) => {
      const perVisitor = means[i] ?? control;
      const order = averageOrderValue(arm);
      const test = welch[i];
      return {
        perVisitor,
        perVisitorInterval: meanInterval(perVisitor),
        averageOrderValue: order,
        averageOrderValueInterval: order && meanInterval(order),
        chanceToBeBest: chances[i] ?? 0,
        vsControl: test
          ? { interval: intervals[i] ?? null, welch: test, adjustedPValue: adjusted[i - 1] ?? 1 }
          : null,
      };
    }),
    verdict: {
      ...decided,
      additionalVisitorsPerArm: decided.status === "keep collecting" ? stillNeeded(arms, means) : null,
    },
    comparisonAlpha,
  };
}
