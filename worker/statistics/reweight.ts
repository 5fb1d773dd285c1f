// Results of an optimised test, reweighted by period. A bandit gives the better arm more traffic as time
// goes on; if conversion rates drift over time too (weekdays, a campaign's mail-out), pooling every
// visitor compares the arms on different mixes of periods, and the pooled comparison can even reverse
// (Simpson's paradox; T. Crook, B. Frasca, R. Kohavi & R. Longbotham, "Seven Pitfalls to Avoid when
// Running Controlled Experiments on the Web", KDD 2009, §"Simpson's paradox" on ramped-up traffic).
// The correction is post-stratification by period of constant weights: each arm's rate is the
// average of its per-period rates, each period weighted by its share of all visitors, so every arm is
// measured on the same mix of periods.

import type { ArmCounts } from "./inference";

/** An arm's counts in one period (hour) of the rollup. */
export interface PeriodCounts {
  /** Start of the rollup hour, ms. */
  time: number;
  position: number;
  visitors: number;
  conversions: number;
}

/** A set of weights (percent, label order) and when it took effect, ms. */
export interface WeightPeriod {
  since: number;
  weights: readonly number[];
}

const HALF_HOUR_MS = 1_800_000;

/**
 * The weights in force for an hour of the rollup: those in force at its middle (the cron changes
 * weights at most every 15 minutes, at any minute, so an hour can straddle two sets; it counts for the
 * set that held most of it, at least half).
 */
export function periodOf(time: number, history: readonly WeightPeriod[]): number {
  let current = 0;
  for (const [i, period] of history.entries()) if (period.since <= time + HALF_HOUR_MS) current = i;
  return current;
}

export interface Reweighted {
  /** Each arm's visitors as counted, and conversions = reweighted rate × visitors (rounded). */
  totals: ArmCounts[];
  /** Each arm's expected share of all visitors under the weights in force, for the sample-ratio check. */
  expectedShares: number[];
}

/**
 * Post-stratified totals: arm i's rate is Σ_p (N_p / N) · c_ip / v_ip over the periods p where it had
 * visitors (N_p all visitors of p; the weights renormalised over those periods), kept with the arm's
 * real visitor count so intervals keep their sample size. Expected shares: Σ_p (N_p / N) · w_ip / 100.
 */
export function reweightByPeriod(
  rows: readonly PeriodCounts[],
  history: readonly WeightPeriod[],
  arms: number,
): Reweighted {
  const periods = history.map(() => ({
    visitors: Array<number>(arms).fill(0),
    conversions: Array<number>(arms).fill(0),
  }));
  for (const row of rows) {
    const period = periods[periodOf(row.time, history)];
    if (!period || row.position >= arms) continue;
    period.visitors[row.position] = (period.visitors[row.position] ?? 0) + row.visitors;
    period.conversions[row.position] = (period.conversions[row.position] ?? 0) + row.conversions;
  }
  const sizes = periods.map((p) => p.visitors.reduce((sum, v) => sum + v, 0));
  const all = sizes.reduce((sum, n) => sum + n, 0);
  const totals = Array.from({ length: arms }, (_, i): ArmCounts => {
    let visitors = 0;
    let weighted = 0;
    let weightSum = 0;
    for (const [p, period] of periods.entries()) {
      const v = period.visitors[i] ?? 0;
      visitors += v;
      if (v === 0) continue;
      weighted += (sizes[p] ?? 0) * (Math.min(period.conversions[i] ?? 0, v) / v);
      weightSum += sizes[p] ?? 0;
    }
    const rate = weightSum === 0 ? 0 : weighted / weightSum;
    return { visitors, conversions: Math.round(rate * visitors) };
  });
  const expectedShares = Array.from({ length: arms }, (_, i) =>
    all === 0
      ? (history.at(-1)?.weights[i] ?? 0) / 100
      : history.reduce(
          (sum, period, p) => sum + ((sizes[p] ?? 0) / all) * ((period.weights[i] ?? 0) / 100),
          0,
        ),
  );
  return { totals, expectedShares };
}
