// The always-valid verdict's parameters, in one place: the Worker decides with them
// (worker/statistics/sequential.ts, counts.ts) and the planner plans for them (contract/planner.ts).

/** GrowthBook's default tuning parameter n* (the total sample size where the sequence is tightest). */
export const SEQUENTIAL_TUNING = 5000;
/** The family-wise error rate of the sequential verdict (before the Bonferroni split). */
export const SEQUENTIAL_ALPHA = 0.05;

/** A verdict needs at least this many visitors in each arm… */
export const VERDICT_MIN_VISITORS = 100;
/** …and at least this many conversions in each arm. */
export const VERDICT_MIN_CONVERSIONS = 25;
