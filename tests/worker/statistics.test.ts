import { describe, expect, it } from "vitest";
import { baselineVerdict } from "../../bench/workerd/baseline-verdict";
import { planTest, sequentialVisitorsPerArm } from "../../contract/planner";
import { type Analysis, type ArmResult, analyze } from "../../worker/statistics/analysis";
import {
  chanceToBeBest,
  chanceToBeBestByIntegration,
  MAX_BETA_PARAMETER,
  probabilityBBeatsA,
  probabilityBetaGreater,
} from "../../worker/statistics/chance-to-be-best";
import { holmAdjust, srmTest, wilsonInterval, zTest } from "../../worker/statistics/frequentist";
import {
  chiSquareSurvival,
  logBeta,
  logGamma,
  normalCdf,
  normalQuantile,
  twoSidedPValue,
} from "../../worker/statistics/special-functions";

// Reference values and where they come from.
//
// Published:
// - [Newcombe] R. G. Newcombe, "Two-sided confidence intervals for the single proportion: comparison of
//   seven methods", Statistics in Medicine 17 (1998) 857–872, Table II, method 3 (Wilson score
//   interval without continuity correction), 4 decimals.
// - [Fagerland] M. W. Fagerland, S. Lydersen, P. Laake, "Statistical Analysis of Contingency Tables"
//   (CRC 2017), as checked by the test suite of its R package `contingencytables`
//   (tests/testthat/test-ch2.R and test-ch4.R): Wilson_score_CI_1x2(13, 16) = 0.5699 to 0.9341;
//   Score_test_1x2(13, 16, pi0 = .5): Z = 2.500, P = 0.01242; Pearson_chi_squared_test_2x2 of
//   rbind(c(3, 1), c(1, 3)): T = 2.000, P = 0.15730.
// - [field_test] the `field_test` Ruby gem (A. Kane), an implementation of Evan Miller's formula
//   ("Formulas for Bayesian A/B Testing", evanmiller.org/bayesian-ab-testing.html), test suite
//   test/calculations_test.rb and test/prob_winning_test.rb (values asserted to 1e-10 there).
//   prob_b_beats_a(alphaA, betaA, alphaB, betaB) takes the Beta parameters directly.
// - [Agresti] A. Agresti, Categorical Data Analysis: Physicians' Health Study, myocardial infarction
//   in 189 of 11,034 on placebo vs 104 of 11,037 on aspirin, Pearson X² = 25.01 (G² = 25.37).
// - [influentialpoints] influentialpoints.com, "Two-sample test for independent proportions - using R":
//   prop.test without continuity correction, X-squared = 6.1026, p-value = 0.01350, proportions
//   0.4392523 and 0.3046875, 95% CI of the difference 0.03074072 to 0.23838896. The counts 94/214 and
//   39/128 are the only ones giving those proportions and that interval (checked).
// - [homeworksource] worked two-proportion z-test examples on homeworksource.com:
//   x1 = 28, n1 = 254, x2 = 36, n2 = 301: Z = -0.344, two-tailed p = 0.7307; and
//   140/200 vs 255/340: pooled SE 0.03949401, statistic -1.266015 (their p-value uses a t
//   distribution, so only z is used here).
// - [GrowthBook] growthbook/growthbook packages/stats/tests/test_gbstats.py:
//   check_srm([1000, 1200], [0.5, 0.5]) == 0.000020079 (9 decimals); and the back end's unit tests of
//   its TypeScript port (back-end util/stats tests, "calculates SRM correctly"), 9 decimals:
//   checkSrm([135, 115], [.5, .5]) = 0.205903211; checkSrm([310, 98], [.75, .25]) = 0.647434186;
//   checkSrm([500, 500, 600], [.34, .33, .33]) = 0.000592638; checkSrm([0, 10, 10], [.34, .33, .33])
//   = 0.005790624 (an arm without visitors counts); and "does HB procedure correctly": Holm–Bonferroni
//   of p = .01, .04, .03, .005, .55, .6 gives .05, .12, .12, .03, 1, 1.
// - [Kohavi] R. Kohavi, D. Tang, Y. Xu, "Trustworthy Online Controlled Experiments" (CUP 2020),
//   ch. 3: 821,588 vs 815,482 users in a 50/50 experiment, p-value 1.8e-6.
// - [R power.prop.test] R's stats::power.prop.test help page examples:
//   power.prop.test(n = 50, p1 = .50, p2 = .75) => power = 0.740;
//   power.prop.test(p1 = .50, p2 = .75, power = .90) => n = 76.7;
//   power.prop.test(n = 50, p1 = .5, power = .90) => p2 = 0.8026;
//   power.prop.test(p1 = .5, p2 = 0.501, sig.level = .001, power = 0.90) => n = 10451937;
//   and its Details: for (p1, p2) = (0.9, 1) at power 0.8 "you'd need a sample size of at least n = 74".
// - [A&S] M. Abramowitz, I. A. Stegun, Handbook of Mathematical Functions, Table 26.1 (normal
//   probability function, 15 decimals); [NIST] NIST/SEMATECH e-Handbook of Statistical Methods,
//   1.3.6.7.4, critical values of the chi-square distribution (ν = 1 to 7, 3 decimals).
// - [Holm] S. Holm, "A simple sequentially rejective multiple test procedure", Scand. J. Statist. 6
//   (1979) 65–70: the adjusted p-values below are worked by hand from that definition.
//
// Computed independently (said so at each use):
// - [mpmath] mpmath 1.3.0 at 40 significant digits: Evan Miller's sum evaluated term by term over all
//   terms (no truncation, no Stirling series, exact Beta functions), Wilson's closed form, erfc.
// - [scipy] scipy 1.17.1: stats.chi2_contingency(correction = False), stats.chisquare; and
//   P(arm i is best) = ∫ f_i Π_{j≠i} F_j as integrate.quad (QUADPACK) of stats.beta.pdf × special.betainc
//   (Cephes), which agreed with mpmath (quad of the pdf × betainc at 30 digits) to 1e-15 where both ran.
// - [mpmath χ²] mpmath.gammainc(df/2, x/2, inf, regularized = True) at 30 digits.
// - closed forms of the chi-square tail: Q(1, x/2) = e^(−x/2) (2 df), Q(2, x/2) = e^(−x/2)(1 + x/2)
//   (4 df), Q(3/2, y) = erfc(√y) + 2√(y/π)·e^(−y) (3 df); so with 3 arms p < 0.001 exactly when
//   χ² > 2·ln 1000.
// - [Monte Carlo] a seeded simulation in this file: 10^6 draws per arm, each Beta(α, β) draw as
//   G_α/(G_α + G_β) from two Gamma draws by Marsaglia & Tsang, "A simple method for generating gamma
//   variables", ACM TOMS 26 (2000) 363–372, on normals by Box & Muller (1958) and uniforms from
//   xoshiro128** (Blackman & Vigna, "Scrambled linear pseudorandom number generators", ACM TOMS 47
//   (2021)). Its standard error is below 0.05 percentage points.
// - closed forms: with no data an arm's posterior is uniform, so P(pB > pA) = E[pB]; with no
//   conversions in A, pA ~ Beta(1, βA) and P(pB > pA) = 1 − B(αB, βB + βA) / B(αB, βB).
// - a double numerical integration written in this file (midpoint rule on a fine grid), for sweeps.

/** |actual − expected| <= tolerance·|expected|. */
function expectRelative(actual: number, expected: number, tolerance: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance * Math.abs(expected));
}

/** |actual − expected| <= tolerance. */
function expectAbsolute(actual: number, expected: number, tolerance: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance);
}

const arm = (visitors: number, conversions: number) => ({ visitors, conversions });

/** Two arms at 50/50, the split every test had before variants. */
const EVEN = [50, 50];
const srmPValue5050 = (a: number, b: number) => srmTest([a, b], EVEN).pValue;

function armOf(analysis: Analysis, index: number): ArmResult {
  const result = analysis.arms[index];
  if (!result) throw new Error(`no arm ${index} in the analysis`);
  return result;
}

const chanceOf = (analysis: Analysis, index: number) => armOf(analysis, index).chanceToBeBest;

function vsControl(analysis: Analysis, index: number) {
  const comparison = armOf(analysis, index).vsControl;
  if (!comparison) throw new Error(`arm ${index} has no comparison with the control`);
  return comparison;
}

describe("normal distribution", () => {
  it("matches the normal probability function to 1e-15 [A&S Table 26.1; tails by mpmath]", () => {
    expectAbsolute(normalCdf(0), 0.5, 1e-16);
    expectAbsolute(normalCdf(0.5), 0.691462461274013, 4e-16);
    expectAbsolute(normalCdf(1), 0.841344746068543, 4e-16);
    expectAbsolute(normalCdf(2), 0.977249868051821, 4e-16);
    expectAbsolute(normalCdf(3), 0.99865010196837, 4e-16);
    expectAbsolute(normalCdf(1.96), 0.9750021048517796, 4e-16);
    expectAbsolute(normalCdf(-1.96), 0.024997895148220435, 1e-17);
    // Far tails keep their relative precision (mpmath: ncdf(-5), ncdf(-10), ncdf(-37)).
    expectRelative(normalCdf(-5), 2.866515718791939e-7, 1e-14);
    expectRelative(normalCdf(-10), 7.619853024160525e-24, 1e-14);
    expectRelative(normalCdf(-37), 5.725571222524577e-300, 1e-13);
    expect(normalCdf(50)).toBe(1);
    expect(normalCdf(-50)).toBe(0);
  });

  it("inverts it: the familiar critical values [standard normal tables; mpmath to 1e-15]", () => {
    expectAbsolute(normalQuantile(0.975), 1.959963984540054, 1e-14);
    expectAbsolute(normalQuantile(0.8), 0.8416212335729143, 1e-14);
    expectAbsolute(normalQuantile(0.9), 1.2815515655446004, 1e-14);
    expectAbsolute(normalQuantile(0.9995), 3.2905267314919255, 1e-13);
    expectAbsolute(normalQuantile(0.025), -1.959963984540054, 1e-14);
    expectRelative(normalQuantile(1e-10), -6.361340902404056, 1e-14);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(() => normalQuantile(1.5)).toThrow(RangeError);
  });

  it("gives two-sided p-values, which are the chi-square(1) tail of z² [NIST 1.3.6.7.4; R qchisq]", () => {
    const chiSquare1Tail = (x: number) => twoSidedPValue(Math.sqrt(x));
    expectAbsolute(twoSidedPValue(1.959963984540054), 0.05, 1e-15);
    expectAbsolute(twoSidedPValue(-2.5758293035489004), 0.01, 1e-15);
    // NIST's ν = 1 critical values (3 decimals), and z² of the two-sided normal critical values
    // (mpmath: 3.841458820694126, 6.634896601021215, 10.827566170662733).
    expectAbsolute(chiSquare1Tail(2.706), 0.1, 1e-4);
    expectAbsolute(chiSquare1Tail(3.841), 0.05, 1e-4);
    expectAbsolute(chiSquare1Tail(6.635), 0.01, 1e-5);
    expectAbsolute(chiSquare1Tail(10.828), 0.001, 1e-6);
    expectRelative(chiSquare1Tail(3.841458820694126), 0.05, 1e-13);
    expectRelative(chiSquare1Tail(6.634896601021215), 0.01, 1e-13);
    expectRelative(chiSquare1Tail(10.827566170662733), 0.001, 1e-13);
  });
});

describe("log-gamma and log-beta", () => {
  it("match exact values", () => {
    // ln Γ(n) = ln (n − 1)!, ln Γ(1/2) = ln √π; ln Γ(100) and ln Γ(10^6) from mpmath.
    expect(logGamma(1)).toBe(0);
    expect(logGamma(2)).toBe(0);
    expectAbsolute(logGamma(5), Math.log(24), 1e-15);
    expectAbsolute(logGamma(0.5), 0.5 * Math.log(Math.PI), 1e-15);
    expectAbsolute(logGamma(3.5), 1.2009736023470743, 1e-14);
    expectRelative(logGamma(100), 359.1342053695754, 1e-15);
    expectRelative(logGamma(1_000_000), 12815504.569147611, 1e-15);
    // B(2, 3) = 1/12; B(a, b) for large arguments (mpmath).
    expectAbsolute(logBeta(2, 3), Math.log(1 / 12), 1e-15);
    expectRelative(logBeta(1_000_000, 2_000_000), -1909548.290968533, 1e-15);
    expectRelative(logBeta(3, 1_000_000), -40.75338749333038, 1e-15);
    expect(() => logGamma(0)).toThrow(RangeError);
  });
});

describe("Wilson score interval (95 %)", () => {
  it("matches Newcombe (1998) Table II, method 3", () => {
    const cases: Array<[number, number, number, number]> = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0.0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [k, n, lower, upper] of cases) {
      const interval = wilsonInterval(k, n);
      expectAbsolute(interval.lower, lower, 5e-5);
      expectAbsolute(interval.upper, upper, 5e-5);
    }
  });

  it("matches Fagerland et al. (2017): 13 of 16 gives 0.5699 to 0.9341", () => {
    const interval = wilsonInterval(13, 16);
    expectAbsolute(interval.lower, 0.5699, 5e-5);
    expectAbsolute(interval.upper, 0.9341, 5e-5);
  });

  it("matches the closed form to 1e-13 [mpmath, 40 digits]", () => {
    const cases: Array<[number, number, number, number]> = [
      [81, 263, 0.2552885198782742, 0.36620957698280004],
      [13, 16, 0.5699111903802586, 0.9340840092857186],
      [50_000, 1_000_000, 0.04957456172546827, 0.05042889557418928],
      [1, 1_000_000, 1.7652457674537147e-7, 5.664911804311443e-6],
      [999_999, 1_000_000, 0.9999943350881957, 0.9999998234754232],
    ];
    for (const [k, n, lower, upper] of cases) {
      const interval = wilsonInterval(k, n);
      expectRelative(interval.lower, lower, 1e-13);
      expectRelative(interval.upper, upper, 1e-13);
    }
  });

  it("handles no visitors, no conversions and all converted", () => {
    expect(wilsonInterval(0, 0)).toEqual({ lower: 0, upper: 1 });
    expect(wilsonInterval(0, 1).lower).toBe(0);
    expectAbsolute(wilsonInterval(0, 1).upper, 0.7934506856227626, 1e-15);
    expect(wilsonInterval(1, 1).upper).toBe(1);
    expectAbsolute(wilsonInterval(1, 1).lower, 0.2065493143772374, 1e-15);
    // 29/29 mirrors 0/29.
    expectAbsolute(wilsonInterval(29, 29).lower, 1 - wilsonInterval(0, 29).upper, 1e-15);
  });

  it("rejects impossible counts", () => {
    expect(() => wilsonInterval(5, 4)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 4)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 4)).toThrow(RangeError);
  });
});

/**
 * P(pB > pA) by a midpoint-rule double integral: P = ∫ f_B(y) F_A(y) dy with F_A accumulated on the
 * same grid. Densities are normalised numerically, so nothing from the module is used.
 */
function chanceByIntegration(a: { visitors: number; conversions: number }, b: typeof a): number {
  const params = [a, b].map((x) => ({ alpha: 1 + x.conversions, beta: 1 + x.visitors - x.conversions }));
  let lo = 1;
  let hi = 0;
  for (const { alpha, beta } of params) {
    const mean = alpha / (alpha + beta);
    const sd = Math.sqrt((alpha * beta) / ((alpha + beta) ** 2 * (alpha + beta + 1)));
    lo = Math.min(lo, Math.max(0, mean - 14 * sd));
    hi = Math.max(hi, Math.min(1, mean + 14 * sd));
  }
  const n = 200_000;
  const h = (hi - lo) / n;
  const density = ({ alpha, beta }: { alpha: number; beta: number }): Float64Array => {
    const logs = new Float64Array(n);
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const x = lo + (i + 0.5) * h;
      logs[i] = (alpha - 1) * Math.log(x) + (beta - 1) * Math.log1p(-x);
      max = Math.max(max, logs[i] ?? max);
    }
    let total = 0;
    for (let i = 0; i < n; i++) {
      const value = Math.exp((logs[i] ?? 0) - max);
      logs[i] = value;
      total += value;
    }
    for (let i = 0; i < n; i++) logs[i] = (logs[i] ?? 0) / total;
    return logs;
  };
  const [pa, pb] = params;
  if (!pa || !pb) throw new Error("unreachable");
  const fa = density(pa);
  const fb = density(pb);
  let cumulativeA = 0;
  let chance = 0;
  for (let i = 0; i < n; i++) {
    const massA = fa[i] ?? 0;
    // A below B's cell: everything before it, plus half of the shared cell.
    chance += (fb[i] ?? 0) * (cumulativeA + massA / 2);
    cumulativeA += massA;
  }
  return chance;
}

/** Visitors and conversions of A and B (nA, cA, nB, cB) across sizes and rates. */
const TWO_ARM_SWEEP: Array<[number, number, number, number]> = [
  [20, 3, 25, 7],
  [100, 25, 100, 25],
  [500, 0, 480, 4],
  [500, 500, 510, 505],
  [5000, 250, 5100, 290],
  [100_000, 2000, 100_500, 2100],
  [1_000_000, 30_000, 1_000_000, 30_300],
  [1_000_000, 999_000, 1_000_000, 998_900],
];

describe("chance that B beats A", () => {
  it("matches field_test's prob_b_beats_a (Evan Miller's formula)", () => {
    expectAbsolute(probabilityBetaGreater(1, 2, 3, 4), 0.6428571428571429, 1e-12);
    expectAbsolute(probabilityBetaGreater(55, 50, 30, 30), 0.38386463776317903, 1e-12);
    expectAbsolute(probabilityBetaGreater(50, 50, 35, 30), 0.6867997222295887, 1e-12);
  });

  it("matches field_test's experiment results", () => {
    // 50 users, the first 35 see red, the rest green; user i converts when i < 10 or i % 3 == 0:
    // red 18 of 35, green 5 of 15. prob_winning: red 0.8722609845723905, green 0.12773901542760946.
    expectAbsolute(probabilityBBeatsA(arm(15, 5), arm(35, 18)), 0.8722609845723905, 1e-12);
    expectAbsolute(probabilityBBeatsA(arm(35, 18), arm(15, 5)), 0.12773901542760946, 1e-12);
    // No participants: 0.5 each. One participant without conversion against none: 1/3 and 2/3.
    expect(probabilityBBeatsA(arm(0, 0), arm(0, 0))).toBe(0.5);
    expectAbsolute(probabilityBBeatsA(arm(0, 0), arm(1, 0)), 0.3333333333333333, 1e-15);
    expectAbsolute(probabilityBBeatsA(arm(1, 0), arm(0, 0)), 0.6666666666666667, 1e-15);
  });

  it("matches closed forms for an arm without data or without conversions", () => {
    // A has no visitors (uniform posterior): P(pB > pA) = E[pB] = (1 + cB) / (2 + nB).
    expectAbsolute(probabilityBBeatsA(arm(0, 0), arm(10, 3)), 4 / 12, 1e-13);
    expectAbsolute(probabilityBBeatsA(arm(0, 0), arm(1_000_000, 50_000)), 50_001 / 1_000_002, 1e-10);
    // B has no visitors: 1 − E[pA].
    expectAbsolute(probabilityBBeatsA(arm(200, 150), arm(0, 0)), 1 - 151 / 202, 1e-13);
    // A: 0 of 10, B: 2 of 10 → 1 − B(3, 20) / B(3, 9) = 25/28.
    expectAbsolute(probabilityBBeatsA(arm(10, 0), arm(10, 2)), 25 / 28, 1e-14);
    // A: 0 of 10^6, B: 1 of 10^6 → 1 − n(n + 1) / (m(m + 1)), n = 10^6, m = 2·10^6 + 1.
    const n = 1_000_000;
    const m = 2 * n + 1;
    expectAbsolute(probabilityBBeatsA(arm(n, 0), arm(n, 1)), 1 - (n * (n + 1)) / (m * (m + 1)), 1e-12);
  });

  it("matches the full sum in 40-digit arithmetic at large counts [mpmath]", () => {
    const cases: Array<[number, number, number, number, number]> = [
      [1000, 100, 1000, 140, 0.9970397878752926],
      [1_000_000, 50_000, 1_000_000, 51_000, 0.9993792806077767],
      [1_000_000, 500_000, 1_000_000, 501_000, 0.9213504051228242],
      [1_000_000, 1000, 1_000_000, 1100, 0.9854869481225462],
      [3_000_000, 150_000, 3_000_000, 151_000, 0.9692733440542566],
    ];
    for (const [nA, cA, nB, cB, expected] of cases) {
      expectAbsolute(probabilityBBeatsA(arm(nA, cA), arm(nB, cB)), expected, 1e-8);
      // And the mirror image.
      expectAbsolute(probabilityBBeatsA(arm(nB, cB), arm(nA, cA)), 1 - expected, 1e-8);
    }
  });

  it("agrees with a numerical integration to 1e-8 across sizes and rates", () => {
    for (const [nA, cA, nB, cB] of TWO_ARM_SWEEP) {
      const a = arm(nA, cA);
      const b = arm(nB, cB);
      expectAbsolute(probabilityBBeatsA(a, b), chanceByIntegration(a, b), 1e-8);
    }
  });

  // Its cost at this size is measured in bench/workerd/statistics.bench.test.ts.
  it("is symmetric at a few million visitors", () => {
    expectAbsolute(probabilityBBeatsA(arm(3_000_000, 1_500_000), arm(3_000_000, 1_500_000)), 0.5, 1e-7);
  });

  it("rejects impossible or out-of-range input", () => {
    expect(() => probabilityBBeatsA(arm(10, 11), arm(10, 1))).toThrow(RangeError);
    expect(() => probabilityBetaGreater(0, 1, 1, 1)).toThrow(RangeError);
    expect(() => probabilityBetaGreater(1.5, 1, 1, 1)).toThrow(RangeError);
    expect(() => probabilityBetaGreater(MAX_BETA_PARAMETER + 1, 1, 1, 1)).toThrow(RangeError);
  });
});

/** xoshiro128** (Blackman & Vigna 2021): uniforms in (0, 1) from a fixed seed. */
function xoshiro128(seed: readonly [number, number, number, number]): () => number {
  let [a, b, c, d] = seed;
  return () => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return (result + 0.5) / 4294967296;
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** Gamma(shape >= 1) by Marsaglia & Tsang (2000), normals by Box–Muller (both of each pair used). */
function gammaSampler(uniform: () => number): (shape: number) => number {
  let spare = Number.NaN;
  const normal = (): number => {
    if (!Number.isNaN(spare)) {
      const value = spare;
      spare = Number.NaN;
      return value;
    }
    const radius = Math.sqrt(-2 * Math.log(uniform()));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
  return (shape) => {
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = normal();
      const v = (1 + c * x) ** 3;
      if (v <= 0) continue;
      const u = uniform();
      // The paper's squeeze accepts most draws without a logarithm.
      if (u < 1 - 0.0331 * x * x * x * x) return d * v;
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  };
}

/** P(arm i is best) by simulation: the share of draws in which arm i's Beta draw is the largest. */
function chanceToBeBestBySimulation(arms: readonly { visitors: number; conversions: number }[]): number[] {
  const gamma = gammaSampler(xoshiro128([0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x71374491]));
  const alphas = arms.map((a) => 1 + a.conversions);
  const betas = arms.map((a) => 1 + a.visitors - a.conversions);
  const draws = 1_000_000;
  const wins = new Array<number>(arms.length).fill(0);
  for (let n = 0; n < draws; n++) {
    let best = 0;
    let bestValue = -1;
    for (let i = 0; i < arms.length; i++) {
      const x = gamma(alphas[i] ?? 1);
      const value = x / (x + gamma(betas[i] ?? 1));
      if (value > bestValue) {
        best = i;
        bestValue = value;
      }
    }
    wins[best] = (wins[best] ?? 0) + 1;
  }
  return wins.map((w) => w / draws);
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

const posterior = ({ visitors, conversions }: { visitors: number; conversions: number }) => ({
  alpha: 1 + conversions,
  beta: 1 + visitors - conversions,
});

// P(arm i is best) [scipy quad × betainc; mpmath agreed to 1e-15 on the first three].
// The simulation runs on two of them (1 to 2 s each): three arms of one size, four of different sizes.
const BEST_REFERENCES: Array<{ arms: Array<[number, number]>; chances: number[]; simulate?: boolean }> = [
  {
    arms: [
      [1000, 100],
      [1000, 120],
      [1000, 130],
    ],
    chances: [0.007637402209170187, 0.24719516435236236, 0.7451674334384675],
    simulate: true,
  },
  {
    // An arm without visitors has a uniform posterior.
    arms: [
      [0, 0],
      [10, 3],
      [20, 5],
    ],
    chances: [0.6288383968028017, 0.25119458467623096, 0.11996701852096735],
  },
  {
    arms: [
      [200, 30],
      [1000, 170],
      [500, 90],
      [2000, 320],
    ],
    chances: [0.13179641145014992, 0.2357127166017319, 0.5937577010700807, 0.03873317087803749],
    simulate: true,
  },
  {
    arms: [
      [1_000_000, 50_000],
      [1_037_000, 52_090],
      [1_074_000, 54_160],
      [1_111_000, 56_200],
      [1_148_000, 58_230],
      [1_185_000, 60_240],
      [1_222_000, 62_250],
      [1_259_000, 64_255],
    ],
    chances: [
      5.0281456375249695e-6, 0.00020063669579551031, 0.002702303727190479, 0.015141077936043107,
      0.05475688608185728, 0.13466593232321283, 0.28245435270298463, 0.5100737823872757,
    ],
  },
];

describe("chance to be best with k arms", () => {
  it("integrates to the exact two-arm formula within 1e-9", () => {
    const cases: Array<[number, number, number, number]> = [
      ...TWO_ARM_SWEEP,
      [0, 0, 10, 3],
      [100, 30, 10_000, 2500],
      [5, 0, 5_000_000, 250_000],
      [3_000_000, 150_000, 3_000_000, 151_000],
    ];
    for (const [nA, cA, nB, cB] of cases) {
      const a = arm(nA, cA);
      const b = arm(nB, cB);
      const exact = probabilityBBeatsA(a, b);
      const [chanceA = 0, chanceB = 0] = chanceToBeBestByIntegration([posterior(a), posterior(b)]);
      expectAbsolute(chanceB, exact, 1e-9);
      expectAbsolute(chanceA, 1 - exact, 1e-9);
    }
  });

  it("matches an independent integration to 1e-9 [scipy]", () => {
    for (const { arms, chances } of BEST_REFERENCES) {
      const result = chanceToBeBest(arms.map(([visitors, conversions]) => arm(visitors, conversions)));
      expect(result).toHaveLength(chances.length);
      for (const [i, expected] of chances.entries()) expectAbsolute(result[i] ?? Number.NaN, expected, 1e-9);
      expectAbsolute(sum(result), 1, 1e-8);
    }
  });

  it("agrees with a seeded Monte Carlo simulation of 10^6 draws within 0.5 percentage points", () => {
    for (const { arms } of BEST_REFERENCES.filter((reference) => reference.simulate)) {
      const counts = arms.map(([visitors, conversions]) => arm(visitors, conversions));
      const simulated = chanceToBeBestBySimulation(counts);
      const computed = chanceToBeBest(counts);
      for (const [i, expected] of simulated.entries())
        expectAbsolute(computed[i] ?? Number.NaN, expected, 0.005);
    }
  });

  it("gives identical arms 1/k each and sums to 1 within 1e-6", () => {
    for (let k = 3; k <= 8; k++) {
      for (const [visitors, conversions] of [
        [0, 0],
        [100, 25],
        [5_000_000, 250_000],
      ] as const) {
        const result = chanceToBeBest(Array.from({ length: k }, () => arm(visitors, conversions)));
        for (const chance of result) expectAbsolute(chance, 1 / k, 1e-9);
      }
    }
    const mixed = chanceToBeBest([arm(10, 1), arm(5_000_000, 250_000), arm(0, 0), arm(300, 290), arm(1, 0)]);
    expectAbsolute(sum(mixed), 1, 1e-6);
  });

  it("matches the closed form α_i / Σα when every arm converted all its visitors", () => {
    // With β = 1 the CDF of Beta(α, 1) is x^α, so ∫ α_i·x^(α_i − 1)·Π_{j≠i} x^(α_j) dx = α_i / Σ_j α_j.
    for (const visitors of [
      [0, 1, 10, 300],
      [5_000_000, 1_000_000, 4_000_000],
      [20, 20, 40, 100, 0, 7, 3, 1],
    ]) {
      const alphas = visitors.map((v) => 1 + v);
      const result = chanceToBeBest(visitors.map((v) => arm(v, v)));
      for (const [i, alpha] of alphas.entries())
        expectAbsolute(result[i] ?? Number.NaN, alpha / sum(alphas), 1e-9);
    }
  });

  it("uses the exact formula for two arms", () => {
    const a = arm(15, 5);
    const b = arm(35, 18);
    expect(chanceToBeBest([a, b])).toEqual([1 - probabilityBBeatsA(a, b), probabilityBBeatsA(a, b)]);
    expect(() => chanceToBeBest([arm(10, 1), arm(10, 11), arm(10, 1)])).toThrow(RangeError);
    expect(() => chanceToBeBestByIntegration([{ alpha: 0, beta: 1 }])).toThrow(RangeError);
  });
});

describe("two-proportion z-test (pooled, two-sided)", () => {
  it("matches Fagerland et al.: 3/4 vs 1/4, T = 2.000, P = 0.15730", () => {
    const { z, pValue } = zTest(arm(4, 3), arm(4, 1));
    expectAbsolute(z * z, 2, 1e-12);
    expectAbsolute(pValue, 0.1573, 5e-6);
    // mpmath: erfc(1) = 0.15729920705028513.
    expectRelative(pValue, 0.15729920705028513, 1e-13);
  });

  it("matches Agresti's aspirin study: X² = 25.01", () => {
    const { z, pValue } = zTest(arm(11034, 189), arm(11037, 104));
    expectAbsolute(z * z, 25.01, 5e-3);
    expect(z).toBeLessThan(0);
    // scipy chi2_contingency(correction=False): X² = 25.013883967194165, p = 5.691896973740789e-07.
    expectRelative(z * z, 25.013883967194165, 1e-12);
    expectRelative(pValue, 5.691896973740789e-7, 1e-12);
  });

  it("matches influentialpoints' prop.test output: X-squared = 6.1026, p-value = 0.01350", () => {
    const { z, pValue } = zTest(arm(214, 94), arm(128, 39));
    expectAbsolute(z * z, 6.1026, 5e-5);
    expectAbsolute(pValue, 0.0135, 5e-6);
  });

  it("matches homeworksource's worked examples", () => {
    const first = zTest(arm(254, 28), arm(301, 36));
    expectAbsolute(first.z, 0.344, 5e-4);
    expectAbsolute(first.pValue, 0.7307, 5e-5);
    expectAbsolute(zTest(arm(200, 140), arm(340, 255)).z, 1.266015, 5e-7);
  });

  it("handles large counts [scipy chi2_contingency(correction=False)]", () => {
    const big = zTest(arm(1_000_000, 50_000), arm(1_000_000, 51_000));
    expectRelative(big.z * big.z, 10.427583042664455, 1e-12);
    expectRelative(big.pValue, 0.0012414710287283145, 1e-12);
    expectRelative(zTest(arm(100_000, 5000), arm(100_000, 5100)).pValue, 0.3071808299438769, 1e-12);
  });

  it("gives p = 1 when there is nothing to test", () => {
    expect(zTest(arm(0, 0), arm(100, 10))).toEqual({ z: 0, pValue: 1 });
    expect(zTest(arm(100, 0), arm(100, 0))).toEqual({ z: 0, pValue: 1 });
    expect(zTest(arm(100, 100), arm(50, 50))).toEqual({ z: 0, pValue: 1 });
    expectAbsolute(zTest(arm(100, 10), arm(100, 10)).pValue, 1, 1e-15);
  });
});

describe("sample-ratio mismatch (chi-square against 50/50)", () => {
  it("matches GrowthBook's check_srm([1000, 1200]) = 0.000020079", () => {
    expectAbsolute(srmPValue5050(1000, 1200), 0.000020079, 5e-10);
  });

  it("matches Kohavi et al.: 821,588 vs 815,482 gives p ≈ 1.8e-6", () => {
    expectAbsolute(srmPValue5050(821_588, 815_482), 1.8e-6, 5e-8);
    // scipy chisquare: statistic 22.77436884189436, p 1.8217928726191858e-06.
    const result = srmTest([821_588, 815_482], EVEN);
    expectRelative(result.chiSquare, 22.77436884189436, 1e-13);
    expectRelative(result.pValue, 1.8217928726191858e-6, 1e-12);
  });

  it("matches Fagerland et al.: 13 vs 3 gives Z = 2.500, P = 0.01242", () => {
    const result = srmTest([13, 3], EVEN);
    expectAbsolute(result.chiSquare, 6.25, 1e-15);
    expectAbsolute(result.pValue, 0.01242, 5e-6);
  });

  it("handles large and empty splits [scipy chisquare]", () => {
    expectRelative(srmPValue5050(1_000_000, 1_003_000), 0.03402872523841959, 1e-12);
    expect(srmPValue5050(1_000_000, 1_000_000)).toBe(1);
    expect(srmTest([0, 0], EVEN)).toEqual({ chiSquare: 0, pValue: 1 });
    expectRelative(srmPValue5050(50, 0), 1.537459794428035e-12, 1e-12);
  });

  it("flags exactly below 0.001", () => {
    // 10,000 visitors: χ² = 10.89 (p = 0.000967) vs 10.7584 (p = 0.001038) [scipy].
    expectRelative(srmPValue5050(5165, 4835), 0.0009668482847675545, 1e-12);
    expectRelative(srmPValue5050(5164, 4836), 0.0010380708664139457, 1e-12);
    expect(analyze([arm(5165, 600), arm(4835, 560)], EVEN).srm).toBe(true);
    expect(analyze([arm(5164, 600), arm(4836, 560)], EVEN).srm).toBe(false);
  });
});

describe("chi-square tail with k − 1 degrees of freedom", () => {
  it("matches NIST's critical values (ν = 2 to 7) [NIST 1.3.6.7.4; mpmath χ² at the rounded values]", () => {
    const table: Array<[number, number, number, number]> = [
      // ν, critical value at 0.05 (3 decimals), mpmath Q at it, …
      [2, 5.991, 0.05001161502657909, 0.05],
      [3, 7.815, 0.04999390297488389, 0.05],
      [4, 9.488, 0.04999440557799464, 0.05],
      [5, 11.07, 0.05000961862240548, 0.05],
      [6, 12.592, 0.049992458189210026, 0.05],
      [7, 14.067, 0.05000244468079764, 0.05],
      // … and at 0.001.
      [3, 16.266, 0.001000111604662117, 0.001],
      [5, 20.515, 0.0010000024510678576, 0.001],
      [7, 24.322, 0.0009999538736324505, 0.001],
    ];
    for (const [df, x, exact, level] of table) {
      expectRelative(chiSquareSurvival(x, df), exact, 1e-13);
      // The table rounds to 3 decimals: half a unit moves Q by up to 1.3e-5 here.
      expectAbsolute(chiSquareSurvival(x, df), level, level * 4e-4);
    }
  });

  it("matches the closed forms for 1 to 4 degrees of freedom and keeps far tails [mpmath χ²]", () => {
    for (const x of [0.001, 0.5, 3, 13.8155, 40, 200]) {
      const y = x / 2;
      expect(chiSquareSurvival(x, 1)).toBe(twoSidedPValue(Math.sqrt(x)));
      expectRelative(chiSquareSurvival(x, 2), Math.exp(-y), 1e-13);
      // erfc(√y) = 2Φ(−√(2y)) = twoSidedPValue(√x).
      const erfc = twoSidedPValue(Math.sqrt(x));
      expectRelative(chiSquareSurvival(x, 3), erfc + 2 * Math.sqrt(y / Math.PI) * Math.exp(-y), 1e-13);
      expectRelative(chiSquareSurvival(x, 4), Math.exp(-y) * (1 + y), 1e-13);
    }
    expectRelative(chiSquareSurvival(0.5, 4), 0.9735009788392561, 1e-14);
    expectRelative(chiSquareSurvival(0.001, 3), 0.9999915920809419, 1e-14);
    expectRelative(chiSquareSurvival(100, 6), 2.509303552201057e-19, 1e-13);
    expectRelative(chiSquareSurvival(300, 7), 6.0496418565563194e-61, 1e-13);
    expect(chiSquareSurvival(0, 3)).toBe(1);
    expect(() => chiSquareSurvival(1, 0)).toThrow(RangeError);
    expect(() => chiSquareSurvival(1, 1.5)).toThrow(RangeError);
  });
});

describe("sample-ratio mismatch with k arms, against the configured weights", () => {
  it("matches GrowthBook's checkSrm with unequal weights and three arms", () => {
    expectAbsolute(srmTest([135, 115], EVEN).pValue, 0.205903211, 5e-10);
    expectAbsolute(srmTest([310, 98], [75, 25]).pValue, 0.647434186, 5e-10);
    expectAbsolute(srmTest([500, 500, 600], [34, 33, 33]).pValue, 0.000592638, 5e-10);
    // An arm without visitors is part of the test.
    expectAbsolute(srmTest([0, 10, 10], [34, 33, 33]).pValue, 0.005790624, 5e-10);
  });

  it("matches scipy's chisquare and the 2-df closed form p = e^(−χ²/2) [scipy; mpmath χ²]", () => {
    const three = srmTest([500, 500, 600], [34, 33, 33]);
    expectRelative(three.chiSquare, 14.861853832442067, 1e-13);
    expectRelative(three.pValue, Math.exp(-three.chiSquare / 2), 1e-13);
    expectRelative(srmTest([310, 98], [75, 25]).chiSquare, 0.20915032679738563, 1e-13);
    const five = srmTest([1000, 1000, 1000, 1000, 1100], [20, 20, 20, 20, 20]);
    expectRelative(five.chiSquare, 7.8431372549019605, 1e-13);
    expectRelative(five.pValue, 0.09749625411560332, 1e-12);
    const eight = srmTest(
      [20_000, 15_000, 15_000, 10_000, 10_000, 10_000, 10_000, 10_500],
      [20, 15, 15, 10, 10, 10, 10, 10],
    );
    expectRelative(eight.chiSquare, 22.388059701492537, 1e-13);
    expectRelative(eight.pValue, 0.0021770596109309728, 1e-12);
    expect(srmTest([0, 0, 0], [20, 30, 50])).toEqual({ chiSquare: 0, pValue: 1 });
  });

  it("fires for a skew against the weights and not for the weights themselves", () => {
    // The configured split itself: no mismatch, however large the test.
    expect(srmTest([2000, 3000, 5000], [20, 30, 50])).toEqual({ chiSquare: 0, pValue: 1 });
    expect(analyze([arm(200_000, 1), arm(300_000, 1), arm(500_000, 1)], [20, 30, 50]).srm).toBe(false);
    expect(analyze([arm(7500, 1), arm(2500, 1)], [75, 25]).srm).toBe(false);
    // Equal shares are a mismatch when the weights are not equal (and were the only check before).
    expect(analyze([arm(3334, 1), arm(3333, 1), arm(3333, 1)], [20, 30, 50]).srm).toBe(true);
    expect(analyze([arm(5000, 1), arm(5000, 1)], [75, 25]).srm).toBe(true);
    // 150 visitors moved from the 50 % arm to the 30 % arm out of 10,000: χ² = 12, p = e^−6 = 0.0025,
    // not yet; ten times the traffic in the same proportions: χ² = 120, p = e^−60.
    expectRelative(srmTest([2000, 3150, 4850], [20, 30, 50]).pValue, Math.exp(-6), 1e-13);
    expect(analyze([arm(2000, 1), arm(3150, 1), arm(4850, 1)], [20, 30, 50]).srm).toBe(false);
    const skewed = analyze([arm(20_000, 1), arm(31_500, 1), arm(48_500, 1)], [20, 30, 50]);
    expect(skewed.srm).toBe(true);
    expectRelative(skewed.srmPValue, Math.exp(-60), 1e-12);
  });

  it("flags exactly below 0.001: with 3 arms where χ² crosses 2·ln 1000 = 13.8155", () => {
    // d = 160 moved from the 50 % to the 30 % arm: χ² = 160²·(1/3000 + 1/5000) = 13.6533; d = 161: 13.8245.
    const below = analyze([arm(2000, 1), arm(3160, 1), arm(4840, 1)], [20, 30, 50]);
    expectRelative(below.srmPValue, Math.exp(-13.653333333333332 / 2), 1e-12);
    expect(below.srm).toBe(false);
    const above = analyze([arm(2000, 1), arm(3161, 1), arm(4839, 1)], [20, 30, 50]);
    expectRelative(above.srmPValue, Math.exp(-13.824533333333333 / 2), 1e-12);
    expect(above.srm).toBe(true);
  });

  it("rejects weights that are not one share in percent per arm", () => {
    expect(() => srmTest([10, 10], [50, 50, 0])).toThrow(RangeError);
    expect(() => srmTest([10, 10, 10], [50, 50, 0])).toThrow(RangeError);
    expect(() => srmTest([10, 10], [0.5, 0.5])).toThrow(RangeError);
    expect(() => srmTest([10, 10], [60, 50])).toThrow(RangeError);
    expect(() => srmTest([10], [100])).toThrow(RangeError);
    expect(() => srmTest(new Array(9).fill(10), [20, 10, 10, 10, 10, 10, 10, 10, 10])).toThrow(RangeError);
    expect(() => srmTest([10, -1], EVEN)).toThrow(RangeError);
  });
});

describe("Holm's adjustment", () => {
  it("matches a hand computation and GrowthBook's Holm–Bonferroni test [Holm; GrowthBook]", () => {
    // Sorted .005, .01, .03, .04 → ×4, ×3, ×2, ×1 = .02, .03, .06, .04 → running max .02, .03, .06, .06.
    const hand = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    for (const [i, expected] of [0.03, 0.06, 0.06, 0.02].entries())
      expectAbsolute(hand[i] ?? 1, expected, 1e-15);
    const growthBook = holmAdjust([0.01, 0.04, 0.03, 0.005, 0.55, 0.6]);
    for (const [i, expected] of [0.05, 0.12, 0.12, 0.03, 1, 1].entries()) {
      expectAbsolute(growthBook[i] ?? Number.NaN, expected, 1e-15);
    }
    expect(holmAdjust([0.2])).toEqual([0.2]);
    expect(holmAdjust([])).toEqual([]);
  });
});

const NOTHING_NEEDED = { visitorsNeededPerArm: null, additionalVisitorsPerArm: null };

describe("analyze", () => {
  it("returns rates, intervals, chances, the z-test and the SRM check together", () => {
    const result = analyze([arm(1000, 100), arm(1000, 140)], EVEN);
    expect(result.arms).toHaveLength(2);
    expect(armOf(result, 0).rate).toBe(0.1);
    expect(armOf(result, 1).rate).toBe(0.14);
    expect(armOf(result, 0).interval).toEqual(wilsonInterval(100, 1000));
    expectAbsolute(chanceOf(result, 1), 0.9970397878752926, 1e-10);
    expectAbsolute(chanceOf(result, 0), 1 - 0.9970397878752926, 1e-10);
    // scipy chi2_contingency(correction=False): X² = 7.575757575757575, p = 0.005915851074238032.
    expect(armOf(result, 0).vsControl).toBeNull();
    expectRelative(vsControl(result, 1).z, Math.sqrt(7.575757575757575), 1e-12);
    expectRelative(vsControl(result, 1).pValue, 0.005915851074238032, 1e-12);
    // One comparison: Holm changes nothing.
    expect(vsControl(result, 1).adjustedPValue).toBe(vsControl(result, 1).pValue);
    expect(result.srmPValue).toBe(1);
    expect(result.srm).toBe(false);
    // Past the minimums, what the always-valid verdict needs at the observed rates, by the planner's
    // arithmetic.
    const needed = sequentialVisitorsPerArm(0.1, 0.14) ?? 0;
    expect(result.verdict).toEqual({ visitorsNeededPerArm: needed, additionalVisitorsPerArm: needed - 1000 });
  });

  it("needs nothing more past the minimums once the observed difference should have shown, or without one", () => {
    expect(analyze([arm(100, 25), arm(100, 25)], EVEN).verdict).toEqual(NOTHING_NEEDED);
    expect(chanceOf(analyze([arm(100, 25), arm(100, 25)], EVEN), 1)).toBeCloseTo(0.5, 12);
    expect(analyze([arm(100, 90), arm(100, 25)], EVEN).verdict).toEqual(NOTHING_NEEDED);
    // One arm short of either minimum: still collecting, whatever the difference.
    expect(analyze([arm(99, 25), arm(100, 90)], EVEN).verdict.additionalVisitorsPerArm).toBe(1);
    expect(analyze([arm(100, 24), arm(100, 90)], EVEN).verdict.additionalVisitorsPerArm).toBe(5);
  });

  it("estimates the visitors still needed while collecting, as the planner does at the same rates (#48)", () => {
    // 10 % vs 12 %: the planner's answer for a 10 % rate and a +20 % lift, less the 100 each arm has.
    const planned = planTest({ baselineRate: 0.1, relativeLift: 0.2, dailyVisitors: 1000 })?.visitorsPerArm;
    expect(planned).toBe(sequentialVisitorsPerArm(0.1, 0.12));
    expect(analyze([arm(100, 10), arm(100, 12)], EVEN).verdict).toEqual({
      visitorsNeededPerArm: planned,
      additionalVisitorsPerArm: (planned ?? 0) - 100,
    });
    // Sequential looks cost visitors: more than a single look's 3,841 (R's power.prop.test).
    expect(planned).toBeGreaterThan(3841);
    // 5 % vs 12 % on 200 each: A needs 500 visitors for 25 conversions at 5 %, or the verdict's need
    // if more, less the 200 each arm has; the guard alone would say 300.
    const fiveVsTwelve = sequentialVisitorsPerArm(0.05, 0.12) ?? 0;
    expect(analyze([arm(200, 10), arm(200, 24)], EVEN).verdict).toEqual({
      visitorsNeededPerArm: fiveVsTwelve,
      additionalVisitorsPerArm: Math.max(fiveVsTwelve, 500) - 200,
    });
  });

  it("cannot estimate the visitors needed without an effect or with a rate of 0", () => {
    expect(analyze([arm(0, 0), arm(0, 0)], EVEN).verdict).toEqual(NOTHING_NEEDED);
    expect(analyze([arm(50, 0), arm(50, 3)], EVEN).verdict).toEqual(NOTHING_NEEDED);
    expect(analyze([arm(50, 5), arm(50, 5)], EVEN).verdict).toEqual(NOTHING_NEEDED);
    expect(analyze([arm(0, 0), arm(50, 5)], EVEN).verdict).toEqual(NOTHING_NEEDED);
  });

  it("handles empty, all-converted and very large tests", () => {
    const empty = analyze([arm(0, 0), arm(0, 0)], EVEN);
    expect(empty.arms[0]).toEqual({
      visitors: 0,
      conversions: 0,
      rate: 0,
      interval: { lower: 0, upper: 1 },
      chanceToBeBest: 0.5,
      vsControl: null,
    });
    expect(chanceOf(empty, 1)).toBe(0.5);
    expect(vsControl(empty, 1)).toEqual({ z: 0, pValue: 1, adjustedPValue: 1 });
    expect(empty.srmPValue).toBe(1);
    expect(empty.srm).toBe(false);

    const allConverted = analyze([arm(200, 200), arm(200, 200)], EVEN);
    expect(armOf(allConverted, 0).interval.upper).toBe(1);
    expect(vsControl(allConverted, 1).pValue).toBe(1);
    expect(chanceOf(allConverted, 1)).toBeCloseTo(0.5, 12);
    expect(allConverted.verdict).toEqual(NOTHING_NEEDED);
    expect(baselineVerdict([arm(200, 200), arm(200, 200)]).status).toBe("no clear difference");

    const large = analyze([arm(1_000_000, 50_000), arm(1_000_000, 51_000)], EVEN);
    expectAbsolute(chanceOf(large, 1), 0.9993792806077767, 1e-8);
    expectRelative(vsControl(large, 1).pValue, 0.0012414710287283145, 1e-12);
    expect(baselineVerdict([arm(1_000_000, 50_000), arm(1_000_000, 51_000)])).toEqual({
      status: "winner",
      winner: 1,
    });
    expect(large.srm).toBe(false);

    const skewed = analyze([arm(1_000_000, 50_000), arm(1_010_000, 50_500)], EVEN);
    expect(skewed.srm).toBe(true);
  });

  it("rejects impossible counts", () => {
    expect(() => analyze([arm(10, 11), arm(10, 1)], EVEN)).toThrow(RangeError);
    expect(() => analyze([arm(10, 1), arm(-1, 0)], EVEN)).toThrow(RangeError);
    expect(() => analyze([arm(10.5, 1), arm(10, 1)], EVEN)).toThrow(RangeError);
  });
});

describe("analyze with k arms", () => {
  it("tests every arm against A and Holm-adjusts the p-values [scipy chi2_contingency; Holm]", () => {
    const result = analyze([arm(1000, 100), arm(1000, 120), arm(1000, 140), arm(1000, 95)], [25, 25, 25, 25]);
    expect(result.arms.map((a) => a.rate)).toEqual([0.1, 0.12, 0.14, 0.095]);
    expect(armOf(result, 3).interval).toEqual(wilsonInterval(95, 1000));
    expect(armOf(result, 0).vsControl).toBeNull();
    // p = 0.15291778186394195, 0.005915851074238032, 0.7062460149623009; sorted ×3, ×2, ×1:
    // 0.017747553222714096, 0.3058355637278839, 0.7062460149623009 (already increasing).
    const expected: Array<[number, number, number]> = [
      [2.0429009193054135, 0.15291778186394195, 0.3058355637278839],
      [7.575757575757575, 0.005915851074238032, 0.017747553222714096],
      [0.14205554371759355, 0.7062460149623009, 0.7062460149623009],
    ];
    for (const [i, [chiSquare, pValue, adjusted]] of expected.entries()) {
      const comparison = vsControl(result, i + 1);
      expectRelative(comparison.z * comparison.z, chiSquare, 1e-12);
      expectRelative(comparison.pValue, pValue, 1e-12);
      expectRelative(comparison.adjustedPValue, adjusted, 1e-12);
    }
    expect(vsControl(result, 3).z).toBeLessThan(0);
    expectAbsolute(sum(result.arms.map((a) => a.chanceToBeBest)), 1, 1e-9);
    expect(result.srm).toBe(false);
  });

  it("gives each arm its chance to be best, and what the verdict still needs past the minimums", () => {
    // [scipy]: P(best) = 0.0076, 0.2472, 0.7452.
    const unclear = analyze([arm(1000, 100), arm(1000, 120), arm(1000, 130)], [34, 33, 33]);
    expectAbsolute(chanceOf(unclear, 2), 0.7451674334384675, 1e-9);
    expect(unclear.verdict.visitorsNeededPerArm).toBe(sequentialVisitorsPerArm(0.1, 0.13, 3));
    const clear = analyze([arm(1000, 100), arm(1000, 110), arm(1000, 160)], [34, 33, 33]);
    expect(chanceOf(clear, 2)).toBeGreaterThan(0.99);
    const clearNeeds = sequentialVisitorsPerArm(0.1, 0.16, 3) ?? 0;
    expect(clear.verdict.additionalVisitorsPerArm).toBe(clearNeeds > 1000 ? clearNeeds - 1000 : null);
    // Once every arm has what the verdict needs, nothing more is asked.
    expect(analyze([arm(5000, 500), arm(5000, 550), arm(5000, 800)], [34, 33, 33]).verdict).toEqual(
      NOTHING_NEEDED,
    );
  });

  it("plans the visitors still needed between the leader and A at α/(k − 1)", () => {
    // Leader B at 12 % vs A at 10 %, at α = 0.05/2 (each arm also reaches 25 conversions by then).
    const three = sequentialVisitorsPerArm(0.1, 0.12, 3) ?? 0;
    expect(three).toBeGreaterThan(sequentialVisitorsPerArm(0.1, 0.12, 2) ?? 0);
    expect(analyze([arm(200, 20), arm(200, 24), arm(200, 22)], [34, 33, 33]).verdict).toEqual({
      visitorsNeededPerArm: three,
      additionalVisitorsPerArm: three - 200,
    });
    // A leads at 15 %: planned against the runner-up C at 12 %.
    const runnerUp = sequentialVisitorsPerArm(0.15, 0.12, 3) ?? 0;
    expect(analyze([arm(200, 30), arm(200, 20), arm(200, 24)], [34, 33, 33]).verdict).toEqual({
      visitorsNeededPerArm: runnerUp,
      additionalVisitorsPerArm: runnerUp - 200,
    });
    // 8 arms, 10 % vs 12 % at α = 0.05/7; the arm at 1 % needs 2500 visitors for 25 conversions, fewer
    // than that.
    const eightNeeded = sequentialVisitorsPerArm(0.1, 0.12, 8) ?? 0;
    expect(eightNeeded).toBeGreaterThan(2500);
    const eight = analyze(
      [
        arm(100, 10),
        arm(100, 12),
        arm(100, 11),
        arm(100, 1),
        arm(100, 10),
        arm(100, 10),
        arm(100, 10),
        arm(100, 10),
      ],
      [16, 12, 12, 12, 12, 12, 12, 12],
    );
    expect(eight.verdict).toMatchObject({
      visitorsNeededPerArm: eightNeeded,
      additionalVisitorsPerArm: eightNeeded - 100,
    });
    // An arm without conversions: nothing to plan with yet.
    expect(analyze([arm(200, 20), arm(200, 24), arm(200, 0)], [34, 33, 33]).verdict).toEqual(NOTHING_NEEDED);
  });

  it("rejects weights that do not fit the arms", () => {
    expect(() => analyze([arm(10, 1), arm(10, 1), arm(10, 1)], EVEN)).toThrow(RangeError);
    expect(() => analyze([arm(10, 1), arm(10, 1)], [40, 40])).toThrow(RangeError);
  });

  it("reads one arm as a plain link (issue #49): its rate, nothing to compare, no split to check", () => {
    const [only] = analyze([arm(10, 1)], [100]).arms;
    expect(only).toMatchObject({ visitors: 10, conversions: 1, rate: 0.1, vsControl: null });
    expect(analyze([arm(10, 1)], [100])).toMatchObject({
      srm: false,
      verdict: { additionalVisitorsPerArm: null },
    });
  });
});

// The Bayesian verdict the product had before issue #20, kept as the bench's baseline.
describe("the baseline verdict (bench/workerd/baseline-verdict.ts)", () => {
  it("names a winner exactly from a 95 % chance to beat", () => {
    // mpmath: P(B > A) = 0.9483276876628388 at 232 of 2000 and 0.9533354047991953 at 233 of 2000.
    const below = [arm(2000, 200), arm(2000, 232)];
    expectAbsolute(chanceOf(analyze(below, EVEN), 1), 0.9483276876628388, 1e-10);
    expect(baselineVerdict(below)).toEqual({ status: "no clear difference", winner: null });
    const above = [arm(2000, 200), arm(2000, 233)];
    expectAbsolute(chanceOf(analyze(above, EVEN), 1), 0.9533354047991953, 1e-10);
    expect(baselineVerdict(above)).toEqual({ status: "winner", winner: 1 });
    expect(baselineVerdict([arm(2000, 233), arm(2000, 200)])).toEqual({ status: "winner", winner: 0 });
    expect(baselineVerdict([arm(2000, 232), arm(2000, 200)]).status).toBe("no clear difference");
  });

  it("needs 100 visitors and 25 conversions in each arm", () => {
    expect(baselineVerdict([arm(100, 25), arm(100, 25)]).status).toBe("no clear difference");
    // A huge difference still waits for the minimums.
    expect(baselineVerdict([arm(99, 25), arm(100, 90)]).status).toBe("keep collecting");
    expect(baselineVerdict([arm(100, 24), arm(100, 90)]).status).toBe("keep collecting");
    expect(baselineVerdict([arm(100, 90), arm(100, 24)]).status).toBe("keep collecting");
    expect(baselineVerdict([arm(100, 90), arm(100, 25)])).toEqual({ status: "winner", winner: 0 });
  });

  it("names the arm with a 95 % chance to be best, only when every arm passes the guard", () => {
    // [scipy]: P(best) = 0.0076, 0.2472, 0.7452 — the leader is short of 95 %.
    expect(baselineVerdict([arm(1000, 100), arm(1000, 120), arm(1000, 130)]).status).toBe(
      "no clear difference",
    );
    // C far ahead: a winner, named by its index.
    expect(baselineVerdict([arm(1000, 100), arm(1000, 110), arm(1000, 160)])).toEqual({
      status: "winner",
      winner: 2,
    });
    // The same leader, but one arm has only 99 visitors or 24 conversions: keep collecting.
    expect(baselineVerdict([arm(1000, 100), arm(99, 30), arm(1000, 160)]).status).toBe("keep collecting");
    expect(baselineVerdict([arm(1000, 100), arm(1000, 24), arm(1000, 160)]).status).toBe("keep collecting");
    // The control can win too.
    expect(baselineVerdict([arm(1000, 160), arm(1000, 100), arm(1000, 110)])).toEqual({
      status: "winner",
      winner: 0,
    });
  });
});
