/**
 * Special functions for the statistics: the normal distribution, log Γ and log B, the regularized
 * incomplete gamma (the chi-square tail) and beta (Student's t). Pure functions without dependencies.
 *
 * - The normal CDF uses W. J. Cody's rational Chebyshev approximations (ACM TOMS Algorithm 715,
 *   ANORM), relative accuracy ~1e-15 in both tails; its quantile starts from Abramowitz & Stegun
 *   26.2.23 and is refined by Halley steps.
 * - log Γ uses Stirling's series with recurrence; log B forms the ratio of large arguments with log1p.
 * - The chi-square survival function is the regularized upper incomplete gamma Q(df/2, x/2), by series
 *   or Lentz's continued fraction (Numerical Recipes 3rd ed. §6.2); with 1 df it is the two-sided normal
 *   tail of √x.
 * - Student's t tail is the regularized incomplete beta (Numerical Recipes 3rd ed. §6.4; Abramowitz &
 *   Stegun 26.7.1 with 26.5.27).
 * - Gauss–Legendre nodes and weights by Newton's method on the Legendre recurrence (Numerical Recipes
 *   3rd ed. §4.6), for the quadratures of chance-to-be-best.ts and revenue.ts.
 */

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
