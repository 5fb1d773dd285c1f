/**
 * The verdict on screen before issue #20, kept only as the baseline the bench compares the always-valid
 * verdict with (bench/workerd/sequential.bench.test.ts, bench/RESULTS.md section 8). The product no
 * longer decides by it: its verdict is worker/statistics/sequential.ts's.
 *
 * The rule of design §7 for k arms: until every arm has 100 visitors and 25 conversions (`enough`),
 * keep collecting; then the arm with the highest chance to be best (Beta posteriors,
 * worker/statistics/chance-to-be-best.ts) wins if that chance is at least WIN_CHANCE, else there is no
 * clear difference. Read at every look it is not valid under peeking: that is what the bench shows.
 */
import { chanceToBeBest } from "../../worker/statistics/chance-to-be-best";
import { type ArmCounts, enough } from "../../worker/statistics/counts";

/** An arm wins when its chance to be best is at least this. */
export const WIN_CHANCE = 0.95;

export type BaselineVerdict =
  | { readonly status: "winner"; readonly winner: number }
  | { readonly status: "no clear difference"; readonly winner: null }
  | { readonly status: "keep collecting"; readonly winner: null };

/** The baseline verdict for k arms, arm 0 the control (see the file header). */
export function baselineVerdict(arms: readonly ArmCounts[]): BaselineVerdict {
  if (!arms.every(enough)) return { status: "keep collecting", winner: null };
  const chances = chanceToBeBest(arms);
  // The highest chance, the first arm on ties.
  let best = 0;
  for (const [i, chance] of chances.entries()) if (chance > (chances[best] ?? 0)) best = i;
  if ((chances[best] ?? 0) >= WIN_CHANCE) return { status: "winner", winner: best };
  return { status: "no clear difference", winner: null };
}
