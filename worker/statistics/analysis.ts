/**
 * The whole fixed-horizon analysis of a conversion test with k arms (2 to 8; arm 0, "A", is the
 * control) — design §7: what the test detail shows per arm, the sample-ratio check, and the visitors
 * still needed while collecting. Pure functions without dependencies.
 *
 * - each arm's rate with its 95 % Wilson interval and its chance to be best (frequentist.ts,
 *   chance-to-be-best.ts);
 * - every arm against the control by the pooled z-test, Holm-adjusted over the k − 1 comparisons;
 * - the sample-ratio-mismatch check of the visitor split against the configured weights;
 * - while collecting: the visitors per arm the always-valid verdict needs at the observed rates, by the
 *   planner's arithmetic (contract/planner.ts, issue #48: one answer to "how long"), and what every arm
 *   still needs for that and for the guard at its observed rate.
 *
 * The verdict is not made here: it is the always-valid one (verdict.ts, on sequential.ts's intervals). The Bayesian rule that
 * preceded it (chance to be best >= 95 %) is the baseline the bench compares it with,
 * bench/workerd/baseline-verdict.ts.
 */

import { sequentialVisitorsPerArm } from "../../contract/planner";
import { isPlainLink } from "../../contract/variants";
import { VERDICT_MIN_CONVERSIONS, VERDICT_MIN_VISITORS } from "../../contract/verdict";
import { chanceToBeBest } from "./chance-to-be-best";
import { type ArmCounts, assertCounts, assertWeights } from "./counts";
import { holmAdjust, type Interval, SRM_THRESHOLD, srmTest, wilsonInterval, zTest } from "./frequentist";

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

/** The visitors still needed while collecting. */
export interface VisitorsStillNeeded {
  /**
   * Visitors needed in each arm (in total, not more) for the planner's 80 % chance that the always-valid
   * verdict names the better version, at the observed rates of the leading arm and the control (or the
   * runner-up, when the control leads); null when it cannot be estimated yet.
   */
  readonly visitorsNeededPerArm: number | null;
  /**
   * The most visitors any arm still needs: enough for the power above and for the verdict minimums
   * (100 visitors and 25 conversions per arm at its observed rate). null when not collecting or when it
   * cannot be estimated yet.
   */
  readonly additionalVisitorsPerArm: number | null;
}

export interface Analysis {
  /** In the order of the input; arm 0 is the control (A). */
  readonly arms: readonly ArmResult[];
  /** Chi-square goodness-of-fit p-value (k − 1 df) of the visitor split against the weights. */
  readonly srmPValue: number;
  /** Sample-ratio mismatch: srmPValue < SRM_THRESHOLD (broken tracking, bot leaks, …). */
  readonly srm: boolean;
  /**
   * Not a verdict (that is verdict.ts's): only the visitors still needed, which the verdict computes
   * itself with `visitorsStillNeeded` on the same counts.
   */
  readonly verdict: VisitorsStillNeeded;
}

/** A plain link's one destination (issue #49): its rate, nothing to compare, no split to check. */
function plainLink(arm: ArmCounts): Analysis {
  assertCounts("arm 0", arm);
  return {
    arms: [
      {
        visitors: arm.visitors,
        conversions: arm.conversions,
        rate: arm.visitors === 0 ? 0 : arm.conversions / arm.visitors,
        interval: wilsonInterval(arm.conversions, arm.visitors),
        chanceToBeBest: 1,
        vsControl: null,
      },
    ],
    srmPValue: 1,
    srm: false,
    verdict: { visitorsNeededPerArm: null, additionalVisitorsPerArm: null },
  };
}

/** The index of the largest value (the first on ties), among `indices`. */
function argmax(values: readonly number[], indices: readonly number[]): number {
  let best = indices[0] ?? 0;
  for (const i of indices) if ((values[i] ?? 0) > (values[best] ?? 0)) best = i;
  return best;
}

/**
 * The visitors still needed, by the sequential verdict's own arithmetic (contract/planner.ts
 * `sequentialVisitorsPerArm`, which the planner answers with too): at the observed rates of the arm
 * with the highest rate and the control (or, when the control leads, the control and the runner-up),
 * with k > 2 arms at α/(k − 1). Every arm must also reach the verdict minimums at its own observed
 * rate. Unknown without an observed difference, or once the arms have what that arithmetic asks.
 */
export function visitorsStillNeeded(arms: readonly ArmCounts[]): VisitorsStillNeeded {
  const unknown: VisitorsStillNeeded = { visitorsNeededPerArm: null, additionalVisitorsPerArm: null };
  // With no visitors or a rate of 0 in an arm there is no effect size (or time to 25 conversions) to
  // plan for yet; nor without an observed difference.
  if (arms.some((arm) => arm.visitors === 0 || arm.conversions === 0)) return unknown;
  const rates = arms.map((arm) => arm.conversions / arm.visitors);
  const all = arms.map((_, i) => i);
  const leader = argmax(rates, all);
  const other = leader === 0 ? argmax(rates, all.slice(1)) : leader;
  const neededPerArm = sequentialVisitorsPerArm(rates[0] ?? 0, rates[other] ?? 0, arms.length);
  if (neededPerArm === null) return unknown;
  const more = (arm: ArmCounts): number => {
    const target = Math.max(
      neededPerArm,
      VERDICT_MIN_VISITORS,
      Math.ceil((VERDICT_MIN_CONVERSIONS * arm.visitors) / arm.conversions),
    );
    return Math.max(0, target - arm.visitors);
  };
  const additional = Math.max(...arms.map(more));
  return additional === 0
    ? unknown
    : { visitorsNeededPerArm: neededPerArm, additionalVisitorsPerArm: additional };
}

/**
 * Everything the test detail shows about whether the differences between the arms are real.
 * `arms` are the counts per arm, arm 0 the control (A); `weights` the configured traffic shares in
 * percent (integers from 1 to 99 summing to 100), one per arm, 2 to 8 arms.
 */
export function analyze(arms: readonly ArmCounts[], weights: readonly number[]): Analysis {
  const [only] = arms;
  if (only && isPlainLink(arms)) return plainLink(only);
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
    verdict: visitorsStillNeeded(arms),
  };
}
