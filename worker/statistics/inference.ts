/**
 * Statistics for a two-variant (A/B) conversion test — design §7.
 *
 * Pure functions without dependencies. The unit of analysis is the unique visitor (session, bots
 * excluded); conversions are deduplicated per session, so `conversions <= visitors` always holds.
 *
 * - conversion rate with a 95 % Wilson score interval (Wilson 1927; Newcombe 1998, method 3);
 * - chance that B beats A, P(pB > pA) with pA ~ Beta(1 + convA, 1 + visitorsA − convA) and pB
 *   likewise: Evan Miller's closed-form sum ("Formulas for Bayesian A/B Testing"), evaluated
 *   exactly but summed outwards from its largest term with a term-ratio recurrence, so a few million
 *   visitors cost well under a millisecond and stay accurate to ~1e-9 (~1e-13 below 10^5);
 * - two-proportion z-test with pooled standard error (= R's prop.test(correct = FALSE)), two-sided;
 * - sample-ratio mismatch: chi-square goodness of fit of the visitor split against 50/50 (1 df);
 * - the sample size per arm for a two-sided test at α and power (R's power.prop.test formula);
 * - the verdict rule of design §7.
 *
 * The normal CDF uses W. J. Cody's rational Chebyshev approximations (ACM TOMS Algorithm 715,
 * ANORM), relative accuracy ~1e-15 in both tails; log Γ uses Stirling's series with recurrence.
 */

/** Counts for one arm: unique visitors and deduplicated conversions. */
export interface ArmCounts {
  readonly visitors: number;
  readonly conversions: number;
}

export interface Interval {
  readonly lower: number;
  readonly upper: number;
}

export interface ArmAnalysis {
  readonly visitors: number;
  readonly conversions: number;
  /** conversions / visitors as a fraction in [0, 1]; 0 without visitors. */
  readonly rate: number;
  /** 95 % Wilson score interval for the rate; [0, 1] without visitors. */
  readonly interval: Interval;
}

export interface ZTestResult {
  /** (rateB − rateA) / pooled standard error; positive when B converts better. 0 when undefined. */
  readonly z: number;
  /** Two-sided p-value; 1 when the test is undefined (an arm without visitors, or pooled rate 0 or 1). */
  readonly pValue: number;
}

export interface SrmResult {
  /** Pearson chi-square statistic of the visitor split against 50/50. */
  readonly chiSquare: number;
  /** Its p-value with 1 degree of freedom; 1 without visitors. */
  readonly pValue: number;
}

interface VerdictBase {
  /**
   * Visitors needed in each arm (in total, not more) for 80 % power at α = 0.05 two-sided at the
   * observed rates, rounded up; null when not collecting or when it cannot be estimated yet.
   */
  readonly visitorsNeededPerArm: number | null;
  /**
   * How many more visitors each arm still needs, assuming the 50/50 split goes on: enough for the
   * power above and for the verdict minimums (100 visitors and 25 conversions per arm at the
   * observed rate). null when not collecting or when it cannot be estimated yet.
   */
  readonly additionalVisitorsPerArm: number | null;
}

export type Verdict =
  | (VerdictBase & { readonly status: "A wins"; readonly winner: "A" })
  | (VerdictBase & { readonly status: "B wins"; readonly winner: "B" })
  | (VerdictBase & { readonly status: "no clear difference"; readonly winner: null })
  | (VerdictBase & { readonly status: "keep collecting"; readonly winner: null });

export type VerdictStatus = Verdict["status"];

export interface Analysis {
  readonly A: ArmAnalysis;
  readonly B: ArmAnalysis;
  /** P(pB > pA) under independent Beta(1 + conversions, 1 + non-conversions) posteriors. */
  readonly chanceBBeatsA: number;
  /** 1 − chanceBBeatsA. */
  readonly chanceABeatsB: number;
  /** Two-proportion z statistic (pooled), positive when B converts better. */
  readonly zScore: number;
  /** Two-sided p-value of the two-proportion z-test. */
  readonly pValue: number;
  /** Chi-square goodness-of-fit p-value of the visitor split against 50/50. */
  readonly srmPValue: number;
  /** Sample-ratio mismatch: srmPValue < 0.001 (broken tracking, bot leaks, …). */
  readonly srm: boolean;
  readonly verdict: Verdict;
}

/** A verdict needs at least this many visitors in each arm… */
export const VERDICT_MIN_VISITORS = 100;
/** …and at least this many conversions in each arm. */
export const VERDICT_MIN_CONVERSIONS = 25;
/** A variant wins when its chance to beat the other is at least this. */
export const WIN_CHANCE = 0.95;
/** The sample-ratio-mismatch warning fires below this p-value. */
export const SRM_THRESHOLD = 0.001;
/** Significance level and power behind the "visitors still needed" estimate. */
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

// ---------------------------------------------------------------------------------------------
// Frequentist pieces
// ---------------------------------------------------------------------------------------------

function assertCounts(name: string, arm: ArmCounts): void {
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

/** Chi-square goodness of fit of the visitor split against 50/50 (1 df). */
export function srmTest(visitorsA: number, visitorsB: number): SrmResult {
  assertCounts("A", { visitors: visitorsA, conversions: 0 });
  assertCounts("B", { visitors: visitorsB, conversions: 0 });
  const total = visitorsA + visitorsB;
  if (total === 0) return { chiSquare: 0, pValue: 1 };
  const diff = visitorsA - visitorsB;
  // Σ (O − E)² / E with E = total / 2 in each arm equals (A − B)² / total; χ²₁ = Z² with
  // Z = (A − B)/√total, whose two-sided tail avoids rounding the square root of a square.
  return { chiSquare: (diff * diff) / total, pValue: twoSidedPValue(diff / Math.sqrt(total)) };
}

/** p-value of the sample-ratio-mismatch check (see srmTest). */
export function srmPValue(visitorsA: number, visitorsB: number): number {
  return srmTest(visitorsA, visitorsB).pValue;
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

function analyzeArm(arm: ArmCounts): ArmAnalysis {
  return {
    visitors: arm.visitors,
    conversions: arm.conversions,
    rate: arm.visitors === 0 ? 0 : arm.conversions / arm.visitors,
    interval: wilsonInterval(arm.conversions, arm.visitors),
  };
}

function keepCollecting(a: ArmAnalysis, b: ArmAnalysis): Verdict {
  const unknown: Verdict = {
    status: "keep collecting",
    winner: null,
    visitorsNeededPerArm: null,
    additionalVisitorsPerArm: null,
  };
  // With no visitors, or a rate of 0 in an arm, or no observed difference, there is no effect
  // size to plan for yet.
  if (a.visitors === 0 || b.visitors === 0 || a.rate === 0 || b.rate === 0) return unknown;
  const needed = visitorsNeededPerArm(a.rate, b.rate);
  if (needed === null) return unknown;
  const neededPerArm = Math.ceil(needed);
  const more = (arm: ArmAnalysis): number => {
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
    additionalVisitorsPerArm: Math.max(more(a), more(b)),
  };
}

function decide(a: ArmAnalysis, b: ArmAnalysis, chanceBBeatsA: number, chanceABeatsB: number): Verdict {
  const enough = (arm: ArmAnalysis): boolean =>
    arm.visitors >= VERDICT_MIN_VISITORS && arm.conversions >= VERDICT_MIN_CONVERSIONS;
  if (!enough(a) || !enough(b)) return keepCollecting(a, b);
  const settled = { visitorsNeededPerArm: null, additionalVisitorsPerArm: null } as const;
  if (chanceBBeatsA >= WIN_CHANCE) return { status: "B wins", winner: "B", ...settled };
  if (chanceABeatsB >= WIN_CHANCE) return { status: "A wins", winner: "A", ...settled };
  return { status: "no clear difference", winner: null, ...settled };
}

/** Everything the test detail shows about whether the difference between A and B is real. */
export function analyze(input: { readonly A: ArmCounts; readonly B: ArmCounts }): Analysis {
  assertCounts("A", input.A);
  assertCounts("B", input.B);
  const A = analyzeArm(input.A);
  const B = analyzeArm(input.B);
  const chanceBBeatsA = probabilityBBeatsA(input.A, input.B);
  const chanceABeatsB = 1 - chanceBBeatsA;
  const { z, pValue } = zTest(input.A, input.B);
  const srmP = srmPValue(input.A.visitors, input.B.visitors);
  return {
    A,
    B,
    chanceBBeatsA,
    chanceABeatsB,
    zScore: z,
    pValue,
    srmPValue: srmP,
    srm: srmP < SRM_THRESHOLD,
    verdict: decide(A, B, chanceBBeatsA, chanceABeatsB),
  };
}
