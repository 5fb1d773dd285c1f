/**
 * Statistics for a conversion test with k arms (2 to 8; arm 0, "A", is the control) — design §7.
 *
 * Pure functions without dependencies. The unit of analysis is the unique visitor (session, bots
 * excluded); conversions are deduplicated per session, so `conversions <= visitors` always holds.
 * Each arm's rate has the posterior Beta(1 + conversions, 1 + visitors − conversions) (uniform prior).
 *
 * - conversion rate with a 95 % Wilson score interval (Wilson 1927; Newcombe 1998, method 3);
 * - chance to be best, P(arm i has the highest rate) under independent Beta posteriors:
 *   - two arms: P(pB > pA) by Evan Miller's closed-form sum ("Formulas for Bayesian A/B Testing"),
 *     evaluated exactly but summed outwards from its largest term with a term-ratio recurrence, so a
 *     few million visitors cost well under a millisecond and stay accurate to ~1e-9 (~1e-13 below 10^5);
 *   - more arms: P(i best) = ∫ f_i(x)·Π_{j≠i} F_j(x) dx by composite Gauss–Legendre quadrature
 *     (nodes by Newton's method on the Legendre recurrence, Numerical Recipes 3rd ed. §4.6) on panels
 *     cut at every arm's posterior mean ± multiples of its sd, so each panel is narrower than the scale
 *     on which any factor changes. The CDFs F_j come from the same density values, integrated within
 *     each panel by the Legendre–Gauss spectral integration matrix (Greengard, "Spectral integration
 *     and two-point boundary value problems", SIAM J. Numer. Anal. 28 (1991) 1071–1080); a continued
 *     fraction for the incomplete beta would need O(√visitors) terms per node. Error ~1e-9 (sums to 1
 *     within a few 1e-9); 8 arms at 5 million visitors each take about 1.5 ms;
 * - every arm against the control: two-proportion z-test with pooled standard error (= R's
 *   prop.test(correct = FALSE)), two-sided; the k − 1 p-values Holm-adjusted (S. Holm, "A simple
 *   sequentially rejective multiple test procedure", Scand. J. Statist. 6 (1979) 65–70);
 * - sample-ratio mismatch: Pearson chi-square goodness of fit of the visitor split against the
 *   configured weights, k − 1 df; its survival function is the regularized upper incomplete gamma
 *   Q((k − 1)/2, χ²/2), by series or Lentz's continued fraction (Numerical Recipes 3rd ed. §6.2);
 *   with 1 df it is the two-sided normal tail of the equivalent z;
 * - the sample size per arm for a two-sided test at α and power (R's power.prop.test formula), with
 *   α/(k − 1) for k > 2 arms (Bonferroni over the comparisons with the control);
 * - the verdict rule of design §7, for k arms: every arm needs 100 visitors and 25 conversions; then
 *   the arm with the highest chance to be best wins at 95 % or more (see `decide`).
 *
 * The normal CDF uses W. J. Cody's rational Chebyshev approximations (ACM TOMS Algorithm 715,
 * ANORM), relative accuracy ~1e-15 in both tails; log Γ uses Stirling's series with recurrence.
 */

import { MAX_VARIANTS, MIN_VARIANTS, weightsProblem } from "../../contract/variants";

/** Counts for one arm: unique visitors and deduplicated conversions. */
export interface ArmCounts {
  readonly visitors: number;
  readonly conversions: number;
}

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

export interface ArmResult {
  readonly visitors: number;
  readonly conversions: number;
  /** conversions / visitors as a fraction in [0, 1]; 0 without visitors. */
  readonly rate: number;
  /** 95 % Wilson score interval for the rate; [0, 1] without visitors. */
  readonly interval: Interval;
  /** P(this arm's rate is the highest) under the Beta posteriors; the arms' chances sum to 1. */
  readonly chanceToBeBest: number;
  /**
   * null for the control (arm 0); else the pooled two-proportion z-test of this arm against the
   * control (z positive when this arm converts better) and its Holm-adjusted p-value over the k − 1
   * comparisons.
   */
  readonly vsControl: {
    readonly z: number;
    readonly pValue: number;
    readonly adjustedPValue: number;
  } | null;
}

interface VerdictBase {
  /**
   * Visitors needed in each arm (in total, not more) for 80 % power at α = 0.05 two-sided (divided by
   * k − 1 with more than two arms) at the observed rates of the leading arm and the control (or the
   * runner-up, when the control leads), rounded up; null when not collecting or when it cannot be
   * estimated yet.
   */
  readonly visitorsNeededPerArm: number | null;
  /**
   * The most visitors any arm still needs: enough for the power above and for the verdict minimums
   * (100 visitors and 25 conversions per arm at its observed rate). null when not collecting or when it
   * cannot be estimated yet.
   */
  readonly additionalVisitorsPerArm: number | null;
}

export type Verdict =
  | (VerdictBase & { readonly status: "winner"; readonly winner: number })
  | (VerdictBase & { readonly status: "no clear difference"; readonly winner: null })
  | (VerdictBase & { readonly status: "keep collecting"; readonly winner: null });

export type VerdictStatus = Verdict["status"];

export interface Analysis {
  /** In the order of the input; arm 0 is the control (A). */
  readonly arms: readonly ArmResult[];
  /** Chi-square goodness-of-fit p-value (k − 1 df) of the visitor split against the weights. */
  readonly srmPValue: number;
  /** Sample-ratio mismatch: srmPValue < SRM_THRESHOLD (broken tracking, bot leaks, …). */
  readonly srm: boolean;
  readonly verdict: Verdict;
}

/** A verdict needs at least this many visitors in each arm… */
export const VERDICT_MIN_VISITORS = 100;
/** …and at least this many conversions in each arm. */
export const VERDICT_MIN_CONVERSIONS = 25;
/** An arm wins when its chance to be best is at least this. */
export const WIN_CHANCE = 0.95;
/** The sample-ratio-mismatch warning fires below this p-value. */
export const SRM_THRESHOLD = 0.001;
/** Significance level (before the Bonferroni split) and power behind the "visitors still needed" estimate. */
export const PLANNING_ALPHA = 0.05;
export const PLANNING_POWER = 0.8;

// ---------------------------------------------------------------------------------------------
// Special functions
// ---------------------------------------------------------------------------------------------

const LN_SQRT_2PI = 0.9189385332046728; // ln √(2π)
const INV_SQRT_2PI = 0.3989422804014327; // 1 / √(2π)
const SQRT_2PI = 2.5066282746310007;
const SQRT_32 = 5.656854249492381;

/** Evaluates c[0]·x^(n−1) + … + c[n−1] (Horner). */
function horner(coefficients: readonly number[], x: number): number {
  let result = 0;
  for (const c of coefficients) result = result * x + c;
  return result;
}

// W. J. Cody, "Rational Chebyshev approximations for the error function", Math. Comp. 23 (1969)
// 631–637, as tabulated for the normal distribution in ACM TOMS Algorithm 715 (SPECFUN, ANORM),
// highest power first; the published 20-digit constants are written as the doubles they round to.
// |x| <= 0.66291: Φ(x) = 1/2 + x·N(x²)/D(x²)
const CODY_SMALL_NUM = [
  0.06568233791820745, 2.2352520354606837, 161.02823106855587, 1067.6894854603709, 18154.98125334356,
];
const CODY_SMALL_DEN = [1, 47.202581904688245, 976.0985517377767, 10260.932208618979, 45507.78933502673];
// 0.66291 < |x| <= √32: Φ(−|x|) = exp(−x²/2)·N(|x|)/D(|x|)
const CODY_MID_NUM = [
  1.0765576773720192e-8, 0.39894151208813466, 8.883149794388377, 93.50665613217785, 597.2702763948002,
  2494.5375852903726, 6848.190450536283, 11602.65143764735, 9842.714838383978,
];
const CODY_MID_DEN = [
  1, 22.266688044328117, 235.387901782625, 1519.3775994075547, 6485.558298266761, 18615.571640885097,
  34900.95272114598, 38912.00328609327, 19685.429676859992,
];
// |x| > √32: Φ(−|x|) = exp(−x²/2)·(1/√(2π) − s·N(s)/D(s))/|x| with s = 1/x²
const CODY_TAIL_NUM = [
  0.023073441764940174, 0.215898534057957, 0.12740116116024736, 0.022235277870649807, 0.0014216191932278934,
  2.9112874951168793e-5,
];
const CODY_TAIL_DEN = [
  1, 1.284260096144911, 0.4682382124808651, 0.06598813786892856, 0.0037823963320275824, 7.297515550839662e-5,
];

/** exp(−y²/2) without the rounding error of squaring y (Cody's splitting of y²). */
function expHalfSquare(y: number): number {
  const head = Math.trunc(y * 16) / 16;
  const del = (y - head) * (y + head);
  return Math.exp(-head * head * 0.5) * Math.exp(-del * 0.5);
}

/** Φ(−|x|): the standard normal tail beyond |x|, to full relative precision (0 beyond ~38.5). */
function normalTail(x: number): number {
  const y = Math.abs(x);
  if (y <= 0.66291) {
    const xsq = x * x;
    return 0.5 - (y * horner(CODY_SMALL_NUM, xsq)) / horner(CODY_SMALL_DEN, xsq);
  }
  if (y <= SQRT_32) {
    return (expHalfSquare(y) * horner(CODY_MID_NUM, y)) / horner(CODY_MID_DEN, y);
  }
  if (y >= 40) return 0;
  const s = 1 / (y * y);
  const r = (s * horner(CODY_TAIL_NUM, s)) / horner(CODY_TAIL_DEN, s);
  return (expHalfSquare(y) * (INV_SQRT_2PI - r)) / y;
}

/** Standard normal CDF Φ(x). Relative error ~1e-15 in either tail (Cody 1993, ANORM). */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const tail = normalTail(x);
  return x > 0 ? 1 - tail : tail;
}

/**
 * Standard normal quantile Φ⁻¹(p): Abramowitz & Stegun 26.2.23 as a start (error < 4.5e-4), then
 * Halley steps on the accurate normalCdf until the change is below double precision.
 */
export function normalQuantile(p: number): number {
  if (Number.isNaN(p) || p < 0 || p > 1)
    throw new RangeError(`normalQuantile: p must be in [0, 1], got ${p}`);
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  if (p === 0.5) return 0;
  // 1 − p is exact for p >= 0.5, so the upper half mirrors the lower one.
  if (p > 0.5) return -normalQuantile(1 - p);
  const t = Math.sqrt(-2 * Math.log(p));
  let x = -(
    t -
    (2.515517 + t * (0.802853 + t * 0.010328)) / (1 + t * (1.432788 + t * (0.189269 + t * 0.001308)))
  );
  for (let i = 0; i < 8; i++) {
    const u = (normalCdf(x) - p) * SQRT_2PI * Math.exp((x * x) / 2);
    const step = u / (1 + (x * u) / 2);
    x -= step;
    if (Math.abs(step) <= 1e-15 * Math.max(1, Math.abs(x))) break;
  }
  return x;
}

/** Two-sided p-value of a standard normal statistic: 2·Φ(−|z|). */
export function twoSidedPValue(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  return Math.min(1, 2 * normalTail(z));
}

/** Stirling's series for ln Γ(x) − [(x − ½)·ln x − x + ln √(2π)], valid for x >= 15 (error < 1e-19). */
function stirlingCorrection(x: number): number {
  const r = 1 / x;
  const r2 = r * r;
  return (
    r *
    (1 / 12 +
      r2 *
        (-1 / 360 + r2 * (1 / 1260 + r2 * (-1 / 1680 + r2 * (1 / 1188 + r2 * (-691 / 360360 + r2 / 156))))))
  );
}

const STIRLING_MIN = 15;

/** ln Γ(x) for x > 0 (absolute error ~1e-14 for moderate x, relative ~1e-16 for large x). */
export function logGamma(x: number): number {
  if (!(x > 0) || !Number.isFinite(x))
    throw new RangeError(`logGamma: x must be a positive finite number, got ${x}`);
  if (x < STIRLING_MIN && Number.isInteger(x)) {
    // (x − 1)! is exact in double precision here (13! < 2^53).
    let factorial = 1;
    for (let k = 2; k < x; k++) factorial *= k;
    return Math.log(factorial);
  }
  let y = x;
  let product = 1;
  while (y < STIRLING_MIN) {
    product *= y;
    y += 1;
  }
  return (y - 0.5) * Math.log(y) - y + LN_SQRT_2PI + stirlingCorrection(y) - Math.log(product);
}

/**
 * ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b), computed without the cancellation of the naive
 * difference when an argument is large: ln Γ(b + a) − ln Γ(b) is formed from Stirling's series with
 * log1p, so counts in the millions keep a relative accuracy near machine precision.
 */
export function logBeta(a: number, b: number): number {
  if (!(a > 0) || !(b > 0) || !Number.isFinite(a) || !Number.isFinite(b)) {
    throw new RangeError(`logBeta: a and b must be positive finite numbers, got ${a}, ${b}`);
  }
  const small = Math.min(a, b);
  const large = Math.max(a, b);
  if (large < STIRLING_MIN) return logGamma(small) + logGamma(large) - logGamma(small + large);
  const sum = small + large;
  // ln Γ(large + small) − ln Γ(large)
  const logRatio =
    (large - 0.5) * Math.log1p(small / large) +
    small * Math.log(sum) -
    small +
    stirlingCorrection(sum) -
    stirlingCorrection(large);
  return logGamma(small) - logRatio;
}

/** Iteration cap of the incomplete-gamma series and continued fraction (they need ~10 to ~100 terms here). */
const GAMMA_MAX_ITERATIONS = 1000;
/** Relative size of the last term or correction below which they stop. */
const GAMMA_EPSILON = 1e-16;
/** Stand-in for 0 in Lentz's method (Numerical Recipes' FPMIN). */
const LENTZ_TINY = 1e-300;

/**
 * Regularized upper incomplete gamma Q(a, x) = Γ(a, x)/Γ(a) for a > 0, x >= 0 (Numerical Recipes 3rd
 * ed. §6.2): for x < a + 1 the series of P(a, x) = 1 − Q (gser); beyond it the continued fraction of
 * Q, evaluated by the modified Lentz method (gcf), which keeps Q's relative precision far in the tail.
 */
function upperRegularizedGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const logPrefactor = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < GAMMA_MAX_ITERATIONS; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * GAMMA_EPSILON) break;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefactor));
  }
  let b = x + 1 - a;
  let c = 1 / LENTZ_TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < GAMMA_MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < LENTZ_TINY) d = LENTZ_TINY;
    c = b + an / c;
    if (Math.abs(c) < LENTZ_TINY) c = LENTZ_TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < GAMMA_EPSILON) break;
  }
  return Math.min(1, Math.exp(logPrefactor) * h);
}

/**
 * Upper tail P(χ²_df > x) of the chi-square distribution, Q(df/2, x/2). With 1 df it is the two-sided
 * normal tail of √x (Cody's accuracy, and the very numbers the two-arm check always gave).
 */
export function chiSquareSurvival(x: number, degreesOfFreedom: number): number {
  if (!Number.isSafeInteger(degreesOfFreedom) || degreesOfFreedom < 1) {
    throw new RangeError(`degrees of freedom must be a positive integer, got ${degreesOfFreedom}`);
  }
  if (Number.isNaN(x)) return Number.NaN;
  if (x <= 0) return 1;
  if (degreesOfFreedom === 1) return twoSidedPValue(Math.sqrt(x));
  return upperRegularizedGamma(degreesOfFreedom / 2, x / 2);
}

/** Iteration cap of the incomplete beta's continued fraction: it needs O(√max(a, b)) terms. */
const BETA_MAX_ITERATIONS = 20_000;

/**
 * The continued fraction of the regularized incomplete beta I_x(a, b) (Numerical Recipes 3rd ed.
 * §6.4, betacf), evaluated by the modified Lentz method; it converges fast for x < (a + 1)/(a + b + 2).
 */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  const tiny = (value: number) => (Math.abs(value) < LENTZ_TINY ? LENTZ_TINY : value);
  let c = 1;
  let d = 1 / tiny(1 - (qab * x) / qap);
  let h = d;
  for (let m = 1; m <= BETA_MAX_ITERATIONS; m++) {
    const m2 = 2 * m;
    const even = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 / tiny(1 + even * d);
    c = tiny(1 + even / c);
    h *= d * c;
    const odd = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 / tiny(1 + odd * d);
    c = tiny(1 + odd / c);
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) <= GAMMA_EPSILON) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b) for a, b > 0 and x in [0, 1] (Numerical Recipes 3rd ed. §6.4, betai). */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (!(a > 0 && b > 0)) throw new RangeError(`need a, b > 0, got ${a}, ${b}`);
  if (!(x >= 0 && x <= 1)) throw new RangeError(`x must be in [0, 1], got ${x}`);
  if (x === 0 || x === 1) return x;
  const logFront = a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b);
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(logFront) * betaContinuedFraction(a, b, x)) / a;
  return 1 - (Math.exp(logFront) * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** From this many degrees of freedom on, Student's t is the normal distribution to ~1e-8. */
const T_AS_NORMAL_DF = 1e8;

/**
 * Two-sided p-value P(|T| > |t|) of Student's t with `df` degrees of freedom (any real df > 0, as
 * Welch's test gives): I_{df/(df + t²)}(df/2, 1/2) (Abramowitz & Stegun 26.7.1 with 26.5.27).
 */
export function studentTTwoSidedPValue(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be positive, got ${df}`);
  if (Number.isNaN(t)) return Number.NaN;
  if (!Number.isFinite(t)) return 0;
  if (df >= T_AS_NORMAL_DF) return twoSidedPValue(t);
  return regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
}

// ---------------------------------------------------------------------------------------------
// Bayesian chance to beat
// ---------------------------------------------------------------------------------------------

// Relative size below which the rest of the sum is dropped (bounded rigorously, see below).
const SUM_TOLERANCE = 1e-17;

/**
 * P(X₂ > X₁) for X₁ ~ Beta(a1, b1), X₂ ~ Beta(a2, b2), a2 a positive integer, by Evan Miller's
 * closed form Σ_{i=0}^{a2−1} t_i with t_i = B(a1 + i, b1 + b2) / ((b2 + i)·B(1 + i, b2)·B(a1, b1)).
 *
 * The t_i are a unimodal probability mass function in i (beta-negative-binomial), with
 * t_{i+1}/t_i = (a1 + i)(b2 + i) / ((a1 + b1 + b2 + i)(1 + i)). The sum starts at the largest term,
 * computed once with log-beta functions, and walks outwards with that ratio. Away from the mode the
 * terms only shrink, so what is left on one side is at most (current term)·(terms left); a side
 * stops once that bound is below SUM_TOLERANCE of the sum.
 */
function betaSum(a1: number, b1: number, a2: number, b2: number): number {
  const last = a2 - 1;
  const s = a1 + b1 + b2;
  const ratio = (i: number): number => ((a1 + i) * (b2 + i)) / ((s + i) * (1 + i));
  // t_{i+1} >= t_i exactly when i <= (a1·b2 − s) / (b1 + 1).
  const mode = Math.min(last, Math.max(0, Math.floor((a1 * b2 - s) / (b1 + 1)) + 1));
  const logModeTerm =
    logBeta(a1 + mode, b1 + b2) - Math.log(b2 + mode) - logBeta(1 + mode, b2) - logBeta(a1, b1);
  let sum = 1;
  let term = 1;
  for (let i = mode; i < last; i++) {
    term *= ratio(i);
    sum += term;
    if (term * (last - i - 1) <= SUM_TOLERANCE * sum) break;
  }
  term = 1;
  for (let i = mode - 1; i >= 0; i--) {
    term /= ratio(i);
    sum += term;
    if (term * i <= SUM_TOLERANCE * sum) break;
  }
  return Math.exp(logModeTerm + Math.log(sum));
}

/**
 * Largest Beta parameter probabilityBetaGreater accepts (10^10 visitors per arm). The error grows
 * like machine epsilon × the parameters (about 1e-9 at a few million, 1e-5 at 10^10), and beyond
 * ~10^13 the products in the term ratio are no longer exact.
 */
export const MAX_BETA_PARAMETER = 10_000_000_001;

function assertBetaParameter(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1 || value > MAX_BETA_PARAMETER) {
    throw new RangeError(`${name} must be an integer in [1, ${MAX_BETA_PARAMETER}], got ${value}`);
  }
}

/**
 * P(pB > pA) for independent pA ~ Beta(alphaA, betaA) and pB ~ Beta(alphaB, betaB) with positive
 * integer parameters (Evan Miller's h(αA, βA, αB, βB) / field_test's prob_b_beats_a argument order).
 *
 * The closed form can be summed over any of the four parameters (by the symmetries
 * P(pB > pA) = 1 − P(pA > pB) = P(1 − pA > 1 − pB)); the smallest one is used.
 */
export function probabilityBetaGreater(alphaA: number, betaA: number, alphaB: number, betaB: number): number {
  assertBetaParameter("alphaA", alphaA);
  assertBetaParameter("betaA", betaA);
  assertBetaParameter("alphaB", alphaB);
  assertBetaParameter("betaB", betaB);
  const smallest = Math.min(alphaA, betaA, alphaB, betaB);
  let p: number;
  if (alphaB === smallest) p = betaSum(alphaA, betaA, alphaB, betaB);
  else if (betaA === smallest) p = betaSum(betaB, alphaB, betaA, alphaA);
  else if (alphaA === smallest) p = 1 - betaSum(alphaB, betaB, alphaA, betaA);
  else p = 1 - betaSum(betaA, alphaA, betaB, alphaB);
  return Math.min(1, Math.max(0, p));
}

/** Chance that B's true rate beats A's, from Beta(1 + conversions, 1 + non-conversions) posteriors. */
export function probabilityBBeatsA(a: ArmCounts, b: ArmCounts): number {
  assertCounts("A", a);
  assertCounts("B", b);
  return probabilityBetaGreater(
    1 + a.conversions,
    1 + a.visitors - a.conversions,
    1 + b.conversions,
    1 + b.visitors - b.conversions,
  );
}

/** Beta(alpha, beta) parameters of one arm's posterior. */
export interface BetaParameters {
  readonly alpha: number;
  readonly beta: number;
}

/** The posterior of an arm's rate under a uniform prior: Beta(1 + conversions, 1 + non-conversions). */
function posteriorOf(arm: ArmCounts): BetaParameters {
  return { alpha: 1 + arm.conversions, beta: 1 + arm.visitors - arm.conversions };
}

/** Order of the Gauss–Legendre rule on each panel. */
const PANEL_ORDER = 10;

/**
 * Gauss–Legendre nodes (ascending) and weights on [−1, 1]: Newton's method on the three-term Legendre
 * recurrence from the usual cosine guesses (Numerical Recipes 3rd ed. §4.6, gauleg), to full precision.
 */
export function gaussLegendre(n: number): { nodes: Float64Array; weights: Float64Array } {
  const nodes = new Float64Array(n);
  const weights = new Float64Array(n);
  for (let i = 0; i < Math.ceil(n / 2); i++) {
    let z = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let derivative = 0;
    for (let iteration = 0; iteration < 100; iteration++) {
      let p1 = 1;
      let p2 = 0;
      for (let j = 1; j <= n; j++) {
        const p3 = p2;
        p2 = p1;
        p1 = ((2 * j - 1) * z * p2 - (j - 1) * p3) / j;
      }
      derivative = (n * (z * p1 - p2)) / (z * z - 1);
      const step = p1 / derivative;
      z -= step;
      if (Math.abs(step) <= 1e-16) break;
    }
    const weight = 2 / ((1 - z * z) * derivative * derivative);
    nodes[i] = -z;
    nodes[n - 1 - i] = z;
    weights[i] = weight;
    weights[n - 1 - i] = weight;
  }
  return { nodes, weights };
}

const GAUSS = gaussLegendre(PANEL_ORDER);

/**
 * The Legendre–Gauss spectral integration matrix: row r holds ∫_{−1}^{x_r} ℓ_m(t) dt for the Lagrange
 * basis ℓ_m of the nodes, so Σ_m S[r][m]·g(x_m) integrates the interpolant of g from −1 to node r
 * (Greengard 1991). Each entry is a degree n − 1 polynomial integrated exactly by the n-point rule.
 */
function spectralIntegrationMatrix(): Float64Array {
  const { nodes, weights } = GAUSS;
  const n = PANEL_ORDER;
  const node = (i: number): number => nodes[i] ?? 0;
  const matrix = new Float64Array(n * n);
  for (let r = 0; r < n; r++) {
    const half = (node(r) + 1) / 2;
    for (let m = 0; m < n; m++) {
      let integral = 0;
      for (let q = 0; q < n; q++) {
        const t = half * (node(q) + 1) - 1;
        let basis = 1;
        for (let s = 0; s < n; s++) if (s !== m) basis *= (t - node(s)) / (node(m) - node(s));
        integral += (weights[q] ?? 0) * basis;
      }
      matrix[r * n + m] = half * integral;
    }
  }
  return matrix;
}

const SPECTRAL = spectralIntegrationMatrix();

/**
 * Panel edges, in posterior standard deviations from the posterior mean. Within ±6 sd a panel is at most
 * 1 sd wide (a 10-point rule integrates a normal-like bump over 1 sd to ~1e-15); farther out the
 * densities are below e^−18 of their peak, and beyond ±30 sd below ~e^−31 even for the most skewed
 * posterior (Beta(1, β), an exponential tail), so the rest of [0, 1] needs no resolution.
 */
const PANEL_EDGES_IN_SD = [0, 1, 2, 3, 4, 5, 6, 8, 10, 13, 17, 22, 30];

/**
 * P(X_i = max_j X_j) for independent X_j ~ Beta(alpha_j, beta_j), by numerical integration of
 * ∫ f_i(x)·Π_{j≠i} F_j(x) dx over [0, 1] (see the file header). Panels are cut at every arm's mean ±
 * PANEL_EDGES_IN_SD standard deviations, so each is narrower than the scale of every factor; F_j is
 * accumulated panel by panel from the same density values. The results sum to 1 within a few 1e-9
 * (the rounding of log-densities near −10^6 at millions of visitors) and are not normalised.
 */
export function chanceToBeBestByIntegration(posteriors: readonly BetaParameters[]): number[] {
  for (const [i, { alpha, beta }] of posteriors.entries()) {
    assertBetaParameter(`alpha[${i}]`, alpha);
    assertBetaParameter(`beta[${i}]`, beta);
  }
  const k = posteriors.length;
  const n = PANEL_ORDER;
  const edges = [0, 1];
  for (const { alpha, beta } of posteriors) {
    const total = alpha + beta;
    const mean = alpha / total;
    const sd = Math.sqrt((alpha * beta) / (total * total * (total + 1)));
    for (const t of PANEL_EDGES_IN_SD) {
      for (const x of [mean - t * sd, mean + t * sd]) if (x > 0 && x < 1) edges.push(x);
    }
  }
  edges.sort((x, y) => x - y);
  const logNorm = posteriors.map(({ alpha, beta }) => logBeta(alpha, beta));
  const chances = new Array<number>(k).fill(0);
  const cdfAtLeft = new Float64Array(k); // F_j at the left edge of the panel
  const density = new Float64Array(k * n); // f_j at the panel's nodes, arm-major
  const cdf = new Float64Array(k);
  const before = new Float64Array(k + 1); // Π_{j<i} F_j
  for (let e = 1; e < edges.length; e++) {
    const left = edges[e - 1] ?? 0;
    const half = ((edges[e] ?? 0) - left) / 2;
    if (!(half > 0)) continue;
    for (let r = 0; r < n; r++) {
      const x = left + half * ((GAUSS.nodes[r] ?? 0) + 1);
      const logX = Math.log(x);
      const log1mX = Math.log1p(-x);
      for (let j = 0; j < k; j++) {
        const { alpha, beta } = posteriors[j] ?? { alpha: 1, beta: 1 };
        density[j * n + r] = Math.exp((alpha - 1) * logX + (beta - 1) * log1mX - (logNorm[j] ?? 0));
      }
    }
    for (let r = 0; r < n; r++) {
      for (let j = 0; j < k; j++) {
        let integral = 0;
        for (let m = 0; m < n; m++) integral += (SPECTRAL[r * n + m] ?? 0) * (density[j * n + m] ?? 0);
        cdf[j] = Math.min(1, (cdfAtLeft[j] ?? 0) + half * integral);
      }
      // Π_{j≠i} F_j as (product before i) × (product after i), without dividing by F_i.
      before[0] = 1;
      for (let j = 0; j < k; j++) before[j + 1] = (before[j] ?? 0) * (cdf[j] ?? 0);
      let after = 1;
      const weight = half * (GAUSS.weights[r] ?? 0);
      for (let i = k - 1; i >= 0; i--) {
        chances[i] = (chances[i] ?? 0) + weight * (density[i * n + r] ?? 0) * (before[i] ?? 0) * after;
        after *= cdf[i] ?? 0;
      }
    }
    for (let j = 0; j < k; j++) {
      let integral = 0;
      for (let m = 0; m < n; m++) integral += (GAUSS.weights[m] ?? 0) * (density[j * n + m] ?? 0);
      cdfAtLeft[j] = Math.min(1, (cdfAtLeft[j] ?? 0) + half * integral);
    }
  }
  return chances;
}

/**
 * Each arm's chance to have the highest rate, from Beta(1 + conversions, 1 + non-conversions)
 * posteriors: exact for two arms (Evan Miller's sum; A's chance is 1 − B's), by numerical
 * integration for more.
 */
export function chanceToBeBest(arms: readonly ArmCounts[]): number[] {
  for (const [i, arm] of arms.entries()) assertCounts(`arm ${i}`, arm);
  const [a, b] = arms;
  if (arms.length === 2 && a && b) {
    const chanceB = probabilityBBeatsA(a, b);
    return [1 - chanceB, chanceB];
  }
  return chanceToBeBestByIntegration(arms.map(posteriorOf));
}

// ---------------------------------------------------------------------------------------------
// Frequentist pieces
// ---------------------------------------------------------------------------------------------

/** Throws a RangeError unless visitors and conversions are safe non-negative integers with conversions <= visitors. */
export function assertCounts(name: string, arm: ArmCounts): void {
  const { visitors, conversions } = arm;
  if (!Number.isSafeInteger(visitors) || visitors < 0) {
    throw new RangeError(`${name}: visitors must be a non-negative integer, got ${visitors}`);
  }
  if (!Number.isSafeInteger(conversions) || conversions < 0) {
    throw new RangeError(`${name}: conversions must be a non-negative integer, got ${conversions}`);
  }
  if (conversions > visitors) {
    throw new RangeError(`${name}: conversions (${conversions}) exceed visitors (${visitors})`);
  }
}

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

/** A test has MIN_VARIANTS to MAX_VARIANTS arms (contract/variants.ts). */
export function assertArmCount(arms: number): void {
  if (arms < MIN_VARIANTS || arms > MAX_VARIANTS)
    throw new RangeError(`a test has ${MIN_VARIANTS} to ${MAX_VARIANTS} arms, got ${arms}`);
}

/** Checks weights with the contract's rule (whole percents from 1 to 99 adding up to 100), one per arm. */
function assertWeights(weights: readonly number[], arms: number): void {
  if (weights.length !== arms) {
    throw new RangeError(`expected ${arms} weights, one per arm, got ${weights.length}`);
  }
  assertArmCount(arms);
  const problem = weightsProblem(weights);
  if (problem) throw new RangeError(`weights ${weights.join(", ")}: ${problem}`);
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

export interface PowerOptions {
  /** Two-sided significance level; default 0.05. */
  readonly alpha?: number;
  /** Desired power; default 0.8. */
  readonly power?: number;
}

function assertProbability(name: string, value: number): void {
  if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be in [0, 1], got ${value}`);
}

function assertOpenProbability(name: string, value: number): void {
  if (!(value > 0 && value < 1)) throw new RangeError(`${name} must be in (0, 1), got ${value}`);
}

/**
 * Visitors per arm for a two-sided two-proportion test at `alpha` with `power` when the true rates
 * are p1 and p2 (not rounded):
 *   n = (z_{1−α/2}·√(2·p̄·(1 − p̄)) + z_{power}·√(p1(1 − p1) + p2(1 − p2)))² / (p1 − p2)²,  p̄ = (p1 + p2)/2,
 * the equation R's power.prop.test (strict = FALSE) solves. null when p1 = p2 (no effect to detect).
 */
export function visitorsNeededPerArm(p1: number, p2: number, options: PowerOptions = {}): number | null {
  const { alpha = PLANNING_ALPHA, power = PLANNING_POWER } = options;
  assertProbability("p1", p1);
  assertProbability("p2", p2);
  assertOpenProbability("alpha", alpha);
  assertOpenProbability("power", power);
  if (p1 === p2) return null;
  const mean = (p1 + p2) / 2;
  const root =
    normalQuantile(1 - alpha / 2) * Math.sqrt(2 * mean * (1 - mean)) +
    normalQuantile(power) * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return (root * root) / ((p1 - p2) * (p1 - p2));
}

// ---------------------------------------------------------------------------------------------
// The whole analysis
// ---------------------------------------------------------------------------------------------

const enough = (arm: ArmCounts): boolean =>
  arm.visitors >= VERDICT_MIN_VISITORS && arm.conversions >= VERDICT_MIN_CONVERSIONS;

/** The index of the largest value (the first on ties), among `indices`. */
function argmax(values: readonly number[], indices: readonly number[]): number {
  let best = indices[0] ?? 0;
  for (const i of indices) if ((values[i] ?? 0) > (values[best] ?? 0)) best = i;
  return best;
}

/**
 * "Keep collecting" with an estimate of the visitors still needed: the power calculation compares the
 * arm with the highest observed rate with the control, or, when the control leads, the control with
 * the runner-up; with k > 2 arms at α/(k − 1) (Bonferroni over the k − 1 comparisons with the control).
 * Every arm must also reach the verdict minimums at its own observed rate.
 */
function keepCollecting(arms: readonly ArmResult[]): Verdict {
  const unknown: Verdict = {
    status: "keep collecting",
    winner: null,
    visitorsNeededPerArm: null,
    additionalVisitorsPerArm: null,
  };
  // With no visitors or a rate of 0 in an arm there is no effect size (or time to 25 conversions) to
  // plan for yet; nor without an observed difference.
  if (arms.some((arm) => arm.visitors === 0 || arm.conversions === 0)) return unknown;
  const rates = arms.map((arm) => arm.rate);
  const all = arms.map((_, i) => i);
  const leader = argmax(rates, all);
  const other = leader === 0 ? argmax(rates, all.slice(1)) : leader;
  const needed = visitorsNeededPerArm(rates[0] ?? 0, rates[other] ?? 0, {
    alpha: PLANNING_ALPHA / (arms.length - 1),
  });
  if (needed === null) return unknown;
  const neededPerArm = Math.ceil(needed);
  const more = (arm: ArmResult): number => {
    const target = Math.max(
      neededPerArm,
      VERDICT_MIN_VISITORS,
      Math.ceil((VERDICT_MIN_CONVERSIONS * arm.visitors) / arm.conversions),
    );
    return Math.max(0, target - arm.visitors);
  };
  return {
    status: "keep collecting",
    winner: null,
    visitorsNeededPerArm: neededPerArm,
    additionalVisitorsPerArm: Math.max(...arms.map(more)),
  };
}

/**
 * Design §7 for k arms: until every arm has 100 visitors and 25 conversions, keep collecting; then the
 * arm with the highest chance to be best wins if that chance is at least WIN_CHANCE, else there is no
 * clear difference.
 */
function decide(arms: readonly ArmResult[]): Verdict {
  if (!arms.every(enough)) return keepCollecting(arms);
  const settled = { visitorsNeededPerArm: null, additionalVisitorsPerArm: null } as const;
  const chances = arms.map((arm) => arm.chanceToBeBest);
  const best = argmax(
    chances,
    arms.map((_, i) => i),
  );
  if ((chances[best] ?? 0) >= WIN_CHANCE) return { status: "winner", winner: best, ...settled };
  return { status: "no clear difference", winner: null, ...settled };
}

/**
 * Everything the test detail shows about whether the differences between the arms are real.
 * `arms` are the counts per arm, arm 0 the control (A); `weights` the configured traffic shares in
 * percent (integers from 1 to 99 summing to 100), one per arm, 2 to 8 arms.
 */
export function analyze(arms: readonly ArmCounts[], weights: readonly number[]): Analysis {
  assertWeights(weights, arms.length);
  for (const [i, arm] of arms.entries()) assertCounts(`arm ${i}`, arm);
  const [control = { visitors: 0, conversions: 0 }, ...others] = arms;
  const chances = chanceToBeBest(arms);
  const tests = others.map((arm) => zTest(control, arm));
  const adjusted = holmAdjust(tests.map((test) => test.pValue));
  const results: ArmResult[] = arms.map((arm, i) => {
    const test = tests[i - 1];
    return {
      visitors: arm.visitors,
      conversions: arm.conversions,
      rate: arm.visitors === 0 ? 0 : arm.conversions / arm.visitors,
      interval: wilsonInterval(arm.conversions, arm.visitors),
      chanceToBeBest: chances[i] ?? 0,
      vsControl: test ? { z: test.z, pValue: test.pValue, adjustedPValue: adjusted[i - 1] ?? 1 } : null,
    };
  });
  const srm = srmTest(
    arms.map((arm) => arm.visitors),
    weights,
  );
  return {
    arms: results,
    srmPValue: srm.pValue,
    srm: srm.pValue < SRM_THRESHOLD,
    verdict: decide(results),
  };
}
