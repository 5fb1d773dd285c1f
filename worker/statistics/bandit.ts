// Optimise mode's traffic weights: Thompson sampling on the edge's terms. Thompson sampling sends each
// visitor to an arm with the probability that the arm is the best under the Beta posteriors
// (W. R. Thompson, "On the likelihood that one unknown probability exceeds another in view of the
// evidence of two samples", Biometrika 25, 1933; O. Chapelle & L. Li, "An Empirical Evaluation of
// Thompson Sampling", NIPS 2011). The redirect cannot draw from posteriors per visit without a D1
// query, so the weights are those probabilities, computed exactly (statistics/chance-to-be-best.ts) in a cron
// and cached with the link, as GrowthBook's bandits do: a burn-in with equal weights until every arm
// has BANDIT_BURN_IN_VISITORS visitors, a floor per arm, at most one update per BANDIT_UPDATE_MS.

import { evenWeights, TOTAL_WEIGHT } from "../../contract/variants";
import { chanceToBeBest } from "./chance-to-be-best";
import type { ArmCounts } from "./counts";
import { chanceToEarnMost, type RevenueCounts } from "./revenue";

/** Every arm has this many visitors before the weights move (GrowthBook's burn-in, in visitors). */
export const BANDIT_BURN_IN_VISITORS = 100;
/** No arm gets less than this share of traffic (percent), so every arm keeps being measured. */
export const BANDIT_FLOOR = 2;
/** Weights change at most this often. */
export const BANDIT_UPDATE_MS = 15 * 60 * 1000;

/**
 * Whole-number percentages that add up to 100 from shares that add up to 1, each at least `floor`: the
 * floor first, the rest by share, rounded by largest remainder (ties to the earlier arm).
 */
export function percentWithFloor(shares: readonly number[], floor = BANDIT_FLOOR): number[] {
  const spare = TOTAL_WEIGHT - floor * shares.length;
  if (spare < 0) throw new RangeError(`a floor of ${floor} % leaves nothing for ${shares.length} arms`);
  const exact = shares.map((share) => spare * share);
  const whole = exact.map(Math.floor);
  let left = spare - whole.reduce((sum, w) => sum + w, 0);
  const byRemainder = exact
    .map((value, i) => ({ i, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    whole[i] = (whole[i] ?? 0) + 1;
    left -= 1;
  }
  return whole.map((w) => w + floor);
}

/**
 * The shares without the arms proven worse on a guardrail (`harmed`, by position): they keep the floor
 * and nothing more, so no traffic moves towards harm (issue #48). All harmed: the shares as they are.
 */
function withoutHarmed(shares: readonly number[], harmed: ReadonlySet<number>): number[] {
  const kept = shares.map((share, i) => (harmed.has(i) ? 0 : share));
  const total = kept.reduce((sum, share) => sum + share, 0);
  return total > 0 ? kept.map((share) => share / total) : [...shares];
}

/**
 * The bandit's weights for the arms' counts: equal during the burn-in, then each arm's chance to be the
 * best (Beta(1 + conversions, 1 + visitors − conversions) posteriors) with the floor; an arm proven
 * worse on a guardrail (`harmed`) at the floor.
 */
export function banditWeights(
  arms: readonly ArmCounts[],
  harmed: ReadonlySet<number> = new Set(),
  floor = BANDIT_FLOOR,
): number[] {
  if (arms.some((arm) => arm.visitors < BANDIT_BURN_IN_VISITORS)) return evenWeights(arms.length);
  return percentWithFloor(withoutHarmed(chanceToBeBest(arms), harmed), floor);
}

/**
 * The same for a test decided by revenue per visitor: each arm's chance to earn the most per visitor
 * (statistics/revenue.ts, the normal approximation of each arm's mean revenue per visitor).
 */
export function banditWeightsByRevenue(
  arms: readonly RevenueCounts[],
  harmed: ReadonlySet<number> = new Set(),
  floor = BANDIT_FLOOR,
): number[] {
  if (arms.some((arm) => arm.visitors < BANDIT_BURN_IN_VISITORS)) return evenWeights(arms.length);
  return percentWithFloor(withoutHarmed(chanceToEarnMost(arms), harmed), floor);
}
