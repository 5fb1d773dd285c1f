/**
 * An arm's counts as every statistic takes them, the checks they get, and the guard a verdict waits
 * for (design §7). The unit of analysis is the unique visitor (session, bots excluded); conversions are
 * deduplicated per session, so `conversions <= visitors` always holds.
 */

import { MAX_VARIANTS, MIN_VARIANTS, weightsProblem } from "../../contract/variants";
import { VERDICT_MIN_CONVERSIONS, VERDICT_MIN_VISITORS } from "../../contract/verdict";

/** Counts for one arm: unique visitors and deduplicated conversions. */
export interface ArmCounts {
  readonly visitors: number;
  readonly conversions: number;
}

/**
 * The guard of design §7: an arm has enough data for a verdict with VERDICT_MIN_VISITORS visitors and
 * VERDICT_MIN_CONVERSIONS conversions (for revenue, its orders count as the conversions). No verdict
 * names a winner until every arm has enough.
 */
export const enough = (arm: ArmCounts): boolean =>
  arm.visitors >= VERDICT_MIN_VISITORS && arm.conversions >= VERDICT_MIN_CONVERSIONS;

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

/** A test has MIN_VARIANTS to MAX_VARIANTS arms (contract/variants.ts). */
export function assertArmCount(arms: number): void {
  if (arms < MIN_VARIANTS || arms > MAX_VARIANTS)
    throw new RangeError(`a test has ${MIN_VARIANTS} to ${MAX_VARIANTS} arms, got ${arms}`);
}

/** Checks weights with the contract's rule (whole percents from 1 to 99 adding up to 100), one per arm. */
export function assertWeights(weights: readonly number[], arms: number): void {
  if (weights.length !== arms) {
    throw new RangeError(`expected ${arms} weights, one per arm, got ${weights.length}`);
  }
  assertArmCount(arms);
  const problem = weightsProblem(weights);
  if (problem) throw new RangeError(`weights ${weights.join(", ")}: ${problem}`);
}
