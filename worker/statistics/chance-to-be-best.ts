/**
 * Chance to be best for a conversion test with k arms (2 to 8; arm 0, "A", is the control) — design §7.
 *
 * Each arm's rate has the posterior Beta(1 + conversions, 1 + visitors − conversions) (uniform prior);
 * an arm's chance to be best is P(arm i has the highest rate) under these independent posteriors:
 * - two arms: P(pB > pA) by Evan Miller's closed-form sum ("Formulas for Bayesian A/B Testing"),
 *   evaluated exactly but summed outwards from its largest term with a term-ratio recurrence, so a
 *   few million visitors cost well under a millisecond and stay accurate to ~1e-9 (~1e-13 below 10^5);
 * - more arms: P(i best) = ∫ f_i(x)·Π_{j≠i} F_j(x) dx by composite Gauss–Legendre quadrature
 *   (nodes by Newton's method on the Legendre recurrence, Numerical Recipes 3rd ed. §4.6) on panels
 *   cut at every arm's posterior mean ± multiples of its sd, so each panel is narrower than the scale
 *   on which any factor changes. The CDFs F_j come from the same density values, integrated within
 *   each panel by the Legendre–Gauss spectral integration matrix (Greengard, "Spectral integration
 *   and two-point boundary value problems", SIAM J. Numer. Anal. 28 (1991) 1071–1080); a continued
 *   fraction for the incomplete beta would need O(√visitors) terms per node. Error ~1e-9 (sums to 1
 *   within a few 1e-9); 8 arms at 5 million visitors each take about 1.5 ms.
 */

import { type ArmCounts, assertCounts } from "./counts";
import { gaussLegendre, logBeta } from "./special-functions";

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
