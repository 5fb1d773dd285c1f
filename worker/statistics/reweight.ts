// Results of an optimised test, reweighted by period. A bandit gives the better arm more traffic as time
// goes on; if conversion rates drift over time too (weekdays, a campaign's mail-out), pooling every
// visitor compares the arms on different mixes of periods, and the pooled comparison can even reverse
// (Simpson's paradox; T. Crook, B. Frasca, R. Kohavi & R. Longbotham, "Seven Pitfalls to Avoid when
// Running Controlled Experiments on the Web", KDD 2009, §"Simpson's paradox" on ramped-up traffic).
// The correction is post-stratification by period of constant weights: each arm's rate (and revenue
// per visitor) is the average of its per-period ones, each period weighted by its share of all
// visitors, so every arm is measured on the same mix of periods.

import type { RevenueCounts } from "./revenue";

/** An arm's counts in one period (hour) of the rollup; revenue sums in minor units, absent as 0. */
export interface PeriodCounts {
  /** Start of the rollup hour, ms. */
  time: number;
  position: number;
  visitors: number;
  conversions: number;
  orders?: number;
  revenue?: number;
  revenueSquares?: number;
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

/** An arm's totals as if every period had been seen under the same mix; revenue in minor units. */
export interface ReweightedTotals extends RevenueCounts {
  conversions: number;
}

export interface Reweighted {
  /**
   * Each arm's effective number of visitors (see reweightByPeriod), and every other sum = its
   * reweighted mean per visitor × those visitors (conversions and orders rounded to whole ones).
   */
  totals: ReweightedTotals[];
  /** Each arm's expected share of all visitors under the weights in force, for the sample-ratio check. */
  expectedShares: number[];
}

/** The sums reweighted: each is averaged per visitor over the periods. Counts are capped at visitors. */
const SUMS = ["conversions", "orders", "revenue", "revenueSquares"] as const;
const COUNTS: ReadonlySet<(typeof SUMS)[number]> = new Set(["conversions", "orders"]);

/**
 * Post-stratified totals. Arm i's mean of a sum x is Σ_p (N_p / N) · x_ip / v_ip over the periods p
 * where it had visitors (N_p all visitors of p; the weights renormalised over those periods). Revenue
 * and its squares are reweighted like conversions, so a test decided by revenue per visitor is
 * compared on the same mix of periods too (by Jensen's inequality the reweighted squares still bound
 * the reweighted mean, so the variance stays non-negative).
 *
 * The means come with the arm's effective number of visitors, Kish's n_eff = (Σ_p N_p)² / Σ_p N_p² / v_ip
 * (each visitor of period p weighs N_p / v_ip; L. Kish, "Survey Sampling", 1965): for a spread σ common
 * to the periods, the variance of a post-stratified mean is Σ_p (N_p / N)² σ² / v_ip = σ² / n_eff. With
 * the real count instead, a period in which the bandit left an arm few visitors would count as fully
 * known, the intervals would be too narrow and A/A tests would find winners (bench/RESULTS.md, section
 * 9). n_eff equals the real count when the arm's share was the same in every period, and is smaller the
 * more it moved.
 * Expected shares: Σ_p (N_p / N) · w_ip / 100.
 */
export function reweightByPeriod(
  rows: readonly PeriodCounts[],
  history: readonly WeightPeriod[],
  arms: number,
): Reweighted {
  const periods = history.map(() => ({
    visitors: Array<number>(arms).fill(0),
    sums: SUMS.map(() => Array<number>(arms).fill(0)),
  }));
  for (const row of rows) {
    const period = periods[periodOf(row.time, history)];
    if (!period || row.position >= arms) continue;
    period.visitors[row.position] = (period.visitors[row.position] ?? 0) + row.visitors;
    for (const [s, sum] of SUMS.entries()) {
      const values = period.sums[s];
      if (values) values[row.position] = (values[row.position] ?? 0) + (row[sum] ?? 0);
    }
  }
  const sizes = periods.map((p) => p.visitors.reduce((sum, v) => sum + v, 0));
  const all = sizes.reduce((sum, n) => sum + n, 0);
  const totals = Array.from({ length: arms }, (_, i): ReweightedTotals => {
    const seen = periods.flatMap((period, p) => {
      const v = period.visitors[i] ?? 0;
      return v === 0 ? [] : [{ v, size: sizes[p] ?? 0, sums: period.sums.map((values) => values[i] ?? 0) }];
    });
    const weightSum = seen.reduce((sum, { size }) => sum + size, 0);
    const weightSquares = seen.reduce((sum, { v, size }) => sum + (size * size) / v, 0);
    const visitors = weightSquares === 0 ? 0 : Math.round((weightSum * weightSum) / weightSquares);
    const [conversions = 0, orders = 0, revenue = 0, revenueSquares = 0] = SUMS.map((sum, s) => {
      const counted = COUNTS.has(sum);
      const weighted = seen.reduce((total, { v, size, sums }) => {
        const x = sums[s] ?? 0;
        return total + size * ((counted ? Math.min(x, v) : x) / v);
      }, 0);
      const total = weightSum === 0 ? 0 : (weighted / weightSum) * visitors;
      return counted ? Math.min(Math.round(total), visitors) : total;
    });
    return { visitors, conversions, orders, revenue, revenueSquares };
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
