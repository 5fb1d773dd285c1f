/**
 * Always-valid ("sequential") statistics for the conversion-rate comparison of a test with k arms
 * (arm 0, "A", is the control): confidence sequences that stay valid however often the dashboard is
 * looked at, and the verdict built on them (issue #20, points 1 and 2).
 *
 * Method: the two-sided normal-mixture confidence sequence of
 *   S. R. Howard, A. Ramdas, J. McAuliffe, J. Sekhon, "Time-uniform, nonparametric, nonasymptotic
 *   confidence sequences", Ann. Statist. 49 (2021) 1055–1080, eq. (14) (normal mixture, two-sided),
 * in the asymptotic form for a difference of means with an estimated variance of
 *   I. Waudby-Smith, D. Arbour, R. Sinha, E. H. Kennedy, A. Ramdas, "Time-uniform central limit theory
 *   and asymptotic confidence sequences", arXiv:2103.06476v7 (2023), eq. (9), mixing parameter eq. (161),
 * exactly as GrowthBook's statistics engine implements it ("sequential testing"):
 *   growthbook/growthbook@8f1db4456915a8e7b7faf23d5632ca7219d2f469,
 *   packages/stats/gbstats/frequentist/tests.py lines 244–265 (`sequential_rho`,
 *   `sequential_interval_halfwidth`), used by `SequentialTwoSidedTTest` (lines 309–334) with
 *   n = n_A + n_B (models/tests.py line 290) and the default tuning n* = 5000 (tests.py line 35).
 *
 * With d̂ = p̂_B − p̂_A, the unpooled (Welch) standard error se = √(p̂_A(1 − p̂_A)/n_A + p̂_B(1 − p̂_B)/n_B),
 * n = n_A + n_B, s² = se²·n and
 *   ρ = √((−2 ln α + ln(1 − 2 ln α)) / n*),
 * the (1 − α) confidence sequence for the true difference is d̂ ± h with
 *   h = √s² · √( 2(nρ² + 1) · ln(√(nρ² + 1) / α) / (nρ)² ),
 * i.e., on the scale of sums, Howard et al.'s boundary √((V + ρ_H)·ln((V + ρ_H)/(ρ_H·α²))) with intrinsic
 * time V = n·s² and ρ_H = s²/ρ². The interval holds for every n at once with probability ≥ 1 − α
 * (asymptotically, as the variance estimate settles), so stopping at the first look where it excludes 0
 * keeps the false-positive rate at α. It is narrowest relative to the fixed-horizon interval near
 * n ≈ n*, and always wider than it: the price of peeking.
 *
 * The always-valid p-value is 1/e-value with e-value = exp(ρ²·t²/(2(nρ² + 1)))/√(nρ² + 1), t² = d̂²·n/s²
 * (arXiv:2103.06476v7 eq. (155); GrowthBook tests.py lines 323–334); it is below α exactly when the
 * interval at α excludes 0.
 *
 * Multiplicity with k arms: each of the k − 1 comparisons with the control gets α/(k − 1) (Bonferroni).
 * The union bound makes the k − 1 confidence sequences simultaneously valid at every time, so every
 * interval shown is trustworthy together and the verdict below errs (declares a wrong direction for any
 * arm, at any look) with probability ≤ α. Holm's step-down, which the fixed-horizon p-values use, only
 * tests hypotheses: it has no simultaneous intervals to show, and with at most 7 comparisons it would
 * gain little; Bonferroni is the simple correction that stays valid under optional stopping.
 */
import { SEQUENTIAL_ALPHA, SEQUENTIAL_TUNING } from "../../contract/verdict";
import { type ArmCounts, assertArmCount, assertCounts, enough } from "./counts";

/** A confidence interval for the difference of two conversion rates (fractions), arm − control. */
export interface SequentialInterval {
  /** Lower bound, clamped to −1. */
  readonly lower: number;
  /** Upper bound, clamped to 1. */
  readonly upper: number;
  /** The observed difference p̂_arm − p̂_control (0 when an arm has no visitors). */
  readonly difference: number;
}

export type SequentialStatus = "winner" | "no clear difference" | "keep collecting";

export interface SequentialVerdict {
  readonly status: SequentialStatus;
  /** The winning arm (0 = the control) when status is "winner", else null. */
  readonly winner: number | null;
  /** Per arm, its always-valid interval vs the control at `comparisonAlpha`; null for the control. */
  readonly intervals: (SequentialInterval | null)[];
  /** α/(k − 1): the level of each comparison with the control. */
  readonly comparisonAlpha: number;
}

function assertAlpha(alpha: number): void {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
}

function assertTuning(tuning: number): void {
  if (!(tuning > 0 && Number.isFinite(tuning))) {
    throw new RangeError(`tuning must be a positive finite number, got ${tuning}`);
  }
}

/** The mixing parameter ρ = √((−2 ln α + ln(1 − 2 ln α))/n*) (arXiv:2103.06476v7 eq. (161); GrowthBook `sequential_rho`). */
export function sequentialRho(alpha = SEQUENTIAL_ALPHA, tuning = SEQUENTIAL_TUNING): number {
  assertAlpha(alpha);
  assertTuning(tuning);
  const logAlpha = Math.log(alpha);
  return Math.sqrt((-2 * logAlpha + Math.log(1 - 2 * logAlpha)) / tuning);
}

/**
 * Half-width of the always-valid (1 − α) interval of an estimate with standard error `standardError`
 * from `n` observations in all: √(se²·n)·√(2(nρ² + 1)·ln(√(nρ² + 1)/α)/(nρ)²) (GrowthBook
 * `sequential_interval_halfwidth`, tests.py lines 253–265; arXiv:2103.06476v7 eq. (9)).
 */
export function sequentialHalfWidth(
  standardError: number,
  n: number,
  alpha = SEQUENTIAL_ALPHA,
  tuning = SEQUENTIAL_TUNING,
): number {
  if (!(standardError >= 0) || !(n > 0)) {
    throw new RangeError(`need standardError >= 0 and n > 0, got ${standardError}, ${n}`);
  }
  const rho = sequentialRho(alpha, tuning);
  const nRho2 = n * rho * rho;
  const s2 = standardError * standardError * n;
  return Math.sqrt(s2) * Math.sqrt((2 * (nRho2 + 1) * Math.log(Math.sqrt(nRho2 + 1) / alpha)) / (nRho2 * n));
}

/**
 * A difference of two means (arm − control) as the sequence needs it: the observed difference, its
 * unpooled (Welch) standard error √(s²_A/n_A + s²_B/n_B), and n = n_A + n_B. For rates the means are
 * proportions (s² = p̂(1 − p̂)); for revenue per visitor, the per-visitor revenues (worker/statistics/revenue.ts).
 */
export interface DifferenceEstimate {
  readonly difference: number;
  readonly standardError: number;
  readonly n: number;
}

/**
 * The always-valid (1 − alpha) interval d̂ ± h of a difference of means (see the file header); null
 * when the estimated variance is 0 or not finite, where the normal approximation says nothing.
 */
export function alwaysValidInterval(
  estimate: DifferenceEstimate,
  alpha = SEQUENTIAL_ALPHA,
  tuning = SEQUENTIAL_TUNING,
): SequentialInterval | null {
  assertAlpha(alpha);
  assertTuning(tuning);
  if (!(estimate.standardError > 0) || !Number.isFinite(estimate.standardError)) return null;
  const half = sequentialHalfWidth(estimate.standardError, estimate.n, alpha, tuning);
  return {
    lower: estimate.difference - half,
    upper: estimate.difference + half,
    difference: estimate.difference,
  };
}

/**
 * The always-valid two-sided p-value of "no difference" for the sequence tuned at `alpha`: 1/e-value,
 * capped at 1 (arXiv:2103.06476v7 eq. (155), GrowthBook `SequentialTwoSidedTTest.p_value`); 1 where
 * `alwaysValidInterval` is null.
 */
export function alwaysValidPValue(
  estimate: DifferenceEstimate,
  alpha = SEQUENTIAL_ALPHA,
  tuning = SEQUENTIAL_TUNING,
): number {
  const rho = sequentialRho(alpha, tuning);
  const { difference, standardError: se, n } = estimate;
  if (!(se > 0) || !Number.isFinite(se)) return 1;
  const t2 = (difference * difference) / (se * se); // = d̂²·n/s²
  const nRho2p1 = n * rho * rho + 1;
  const logE = (rho * rho * n * t2) / (2 * nRho2p1) - 0.5 * Math.log(nRho2p1);
  return Math.min(1, Math.exp(-logE));
}

/** null when an arm has no visitors. */
function rateDifference(control: ArmCounts, arm: ArmCounts): DifferenceEstimate | null {
  assertCounts("control", control);
  assertCounts("arm", arm);
  if (control.visitors === 0 || arm.visitors === 0) return null;
  const pc = control.conversions / control.visitors;
  const pa = arm.conversions / arm.visitors;
  return {
    difference: pa - pc,
    standardError: Math.sqrt((pc * (1 - pc)) / control.visitors + (pa * (1 - pa)) / arm.visitors),
    n: control.visitors + arm.visitors,
  };
}

/**
 * Always-valid (1 − alpha) confidence interval for the difference of two rates (arm − control),
 * GrowthBook/Howard et al. normal-mixture boundary with tuning n* (default 5000); see the file header.
 * Uninformative ([−1, 1]) when an arm has no visitors or the estimated variance is 0 (both rates 0 or
 * 1, where the normal approximation says nothing), as GrowthBook returns no interval there.
 */
export function sequentialInterval(
  control: ArmCounts,
  arm: ArmCounts,
  alpha = SEQUENTIAL_ALPHA,
  tuning = SEQUENTIAL_TUNING,
): SequentialInterval {
  assertAlpha(alpha);
  assertTuning(tuning);
  const estimate = rateDifference(control, arm);
  const interval = estimate && alwaysValidInterval(estimate, alpha, tuning);
  if (!interval) return { lower: -1, upper: 1, difference: estimate?.difference ?? 0 };
  return { ...interval, lower: Math.max(-1, interval.lower), upper: Math.min(1, interval.upper) };
}

/**
 * Always-valid two-sided p-value of "no difference" between arm and control, for the sequence tuned at
 * `alpha` (ρ depends on it). Below `alpha` exactly when `sequentialInterval` at `alpha` excludes 0; 1
 * when the interval is uninformative.
 */
export function sequentialPValue(
  control: ArmCounts,
  arm: ArmCounts,
  alpha = SEQUENTIAL_ALPHA,
  tuning = SEQUENTIAL_TUNING,
): number {
  sequentialRho(alpha, tuning);
  const estimate = rateDifference(control, arm);
  return estimate === null ? 1 : alwaysValidPValue(estimate, alpha, tuning);
}

/**
 * The verdict rule on the always-valid intervals of k − 1 comparisons with the control (intervals[0],
 * the control's, is null; an uninformative one is null too), once every arm has enough data
 * (`everyArmHasEnough`: the guard `enough` of counts.ts holds for each):
 * - "keep collecting" until then (the intervals are returned all the same);
 * - "winner", arm i ≥ 1: some arms' intervals lie entirely above 0 (proven better than the control); the
 *   winner is the one among them with the highest observed difference (the first on ties). What is
 *   proven is "better than the control"; among several such arms the pick is the best estimate;
 * - "winner", arm 0 (the control): every other arm's interval lies entirely below 0;
 * - "no clear difference" otherwise (more data may still settle it: the intervals stay valid).
 * Both metrics' rules end here; the test's verdict is verdict.ts's, which adds the forged-traffic check.
 */
export function verdictOfIntervals(
  intervals: readonly (SequentialInterval | null)[],
  everyArmHasEnough: boolean,
): Pick<SequentialVerdict, "status" | "winner"> {
  if (!everyArmHasEnough) return { status: "keep collecting", winner: null };
  let winner: number | null = null;
  for (const [i, interval] of intervals.entries()) {
    if (i === 0 || interval === null || !(interval.lower > 0)) continue;
    if (winner === null || interval.difference > (intervals[winner]?.difference ?? 0)) winner = i;
  }
  const others = intervals.slice(1);
  if (
    winner === null &&
    others.length > 0 &&
    others.every((interval) => interval !== null && interval.upper < 0)
  )
    winner = 0;
  if (winner !== null) return { status: "winner", winner };
  return { status: "no clear difference", winner: null };
}

/**
 * The sequential verdict for k arms (arm 0 the control). Each arm is compared with the control by its
 * always-valid interval at alpha/(k − 1) (Bonferroni; see the file header for why not Holm), and
 * `verdictOfIntervals` decides once every arm has `enough` (counts.ts: VERDICT_MIN_VISITORS visitors
 * and VERDICT_MIN_CONVERSIONS conversions, the guard of design §7). Under the global null the chance
 * of any winner, at any look, is at most alpha.
 */
export function sequentialVerdict(
  arms: readonly ArmCounts[],
  alpha = SEQUENTIAL_ALPHA,
  tuning = SEQUENTIAL_TUNING,
): SequentialVerdict {
  assertArmCount(arms.length);
  assertAlpha(alpha);
  for (const [i, arm] of arms.entries()) assertCounts(`arm ${i}`, arm);
  const [control = { visitors: 0, conversions: 0 }] = arms;
  const comparisonAlpha = alpha / (arms.length - 1);
  const intervals = arms.map((arm, i) =>
    i === 0 ? null : sequentialInterval(control, arm, comparisonAlpha, tuning),
  );
  return { ...verdictOfIntervals(intervals, arms.every(enough)), intervals, comparisonAlpha };
}

/** A relative change (arm ÷ control − 1) with its always-valid interval; fractions (0.98 = +98 %). */
export interface RelativeLift {
  /** The observed relative change m̂_arm/m̂_control − 1. */
  readonly lift: number;
  /** null while it says nothing yet: A's mean may still be 0, or the loss may reach −100 %. */
  readonly interval: { readonly lower: number; readonly upper: number } | null;
}

/** A mean (a rate, or revenue per visitor) with the variance of one observation and the count. */
export interface MeanOfArm {
  readonly mean: number;
  readonly variance: number;
  readonly n: number;
}

/**
 * The relative lift of an arm over the control, m̂_B/m̂_A − 1, with an always-valid interval built on
 * the verdict's own difference interval [L, U] (so the two never disagree in sign: the lift is proven
 * positive exactly when the verdict's interval is above 0). Not [L, U] divided by A's observed mean,
 * which treats A's mean as known and is too narrow early on; instead [L, U] is divided by the ends of
 * A's own always-valid interval [a⁻, a⁺] at the same alpha (Howard et al.'s boundary for one mean):
 *   lower = L/a⁺ if L ≥ 0 else L/a⁻,   upper = U/a⁻ if U ≥ 0 else U/a⁺.
 * Whenever both sequences hold, (m_B − m_A)/m_A lies inside, so by the union bound it holds at every
 * look with probability ≥ 1 − 2·alpha (in simulation ≥ 1 − alpha: tests/worker/sequential.test.ts).
 * The interval is null while it says nothing yet: no difference interval, a⁻ ≤ 0, or a lower end at
 * or below −100 %. The whole is null while A's mean is 0 (no ratio).
 */
export function relativeLift(
  control: MeanOfArm,
  difference: SequentialInterval | null,
  alpha = SEQUENTIAL_ALPHA,
  tuning = SEQUENTIAL_TUNING,
): RelativeLift | null {
  if (!(control.mean > 0) || difference === null) return null;
  const lift = difference.difference / control.mean;
  const ofA = alwaysValidInterval(
    {
      difference: control.mean,
      standardError: Math.sqrt(control.variance / control.n),
      n: control.n,
    },
    alpha,
    tuning,
  );
  if (!ofA || !(ofA.lower > 0)) return { lift, interval: null };
  const { lower: l, upper: u } = difference;
  const lower = l >= 0 ? l / ofA.upper : l / ofA.lower;
  const upper = u >= 0 ? u / ofA.lower : u / ofA.upper;
  return { lift, interval: lower > -1 ? { lower, upper } : null };
}

/** A rate's mean and the variance of one visitor, p̂(1 − p̂), for `relativeLift`. */
export function rateMean(counts: ArmCounts): MeanOfArm {
  const mean = counts.visitors === 0 ? 0 : counts.conversions / counts.visitors;
  return { mean, variance: mean * (1 - mean), n: counts.visitors };
}
