/**
 * Simulated split tests with a daily look (issue #20, point 2), shared by the bench
 * (bench/workerd/sequential.bench.test.ts) and the test (tests/worker/sequential.test.ts).
 *
 * Each run draws, per day and arm, a fixed number of visitors and Binomial(visitors, rate) conversions,
 * sampled exactly by inversion of the binomial CDF from 0 upwards with the pmf recurrence
 * P(x + 1) = P(x)·(n − x)/(x + 1)·p/(1 − p) (L. Devroye, "Non-Uniform Random Variate Generation", 1986,
 * §X.4.3, the inversion method), from a seeded mulberry32 generator, so every figure is reproducible.
 * After each day every decision rule looks at the cumulative counts; a rule stops at its first winner
 * (the experimenter ends the test), and all rules see the same runs.
 */
import { type ArmCounts, enough } from "../../worker/statistics/counts";
import { holmAdjust, wilsonInterval, zTest } from "../../worker/statistics/frequentist";
import { sequentialVerdict } from "../../worker/statistics/sequential";

/** mulberry32 (Tommy Ettinger's 32-bit generator): uniform numbers in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An exact Binomial(n, p) draw by inversion (see the header); fine while (1 − p)^n does not underflow. */
export function binomial(n: number, p: number, random: () => number): number {
  if (p <= 0 || n === 0) return 0;
  if (p >= 1) return n;
  const u = random();
  const ratio = p / (1 - p);
  let x = 0;
  let pmf = (1 - p) ** n;
  let cdf = pmf;
  while (u > cdf && x < n) {
    pmf *= ((n - x) / (x + 1)) * ratio;
    x += 1;
    cdf += pmf;
  }
  return x;
}

/** A decision rule: the winning arm (0 = the control) at this look, or null. */
export type Rule = (arms: readonly ArmCounts[], day: number, days: number) => number | null;

export interface Scenario {
  /** True conversion rate per arm; arm 0 is the control. */
  readonly rates: readonly number[];
  readonly runs: number;
  readonly days: number;
  readonly visitorsPerArmPerDay: number;
  readonly seed: number;
}

export interface RuleOutcome {
  readonly runs: number;
  /** Runs in which the rule declared a winner within the days, per winning arm. */
  readonly winners: number[];
  /** The day (1-based) of the first winner, per run that had one, by winning arm. */
  readonly days: number[][];
}

export function simulate<Name extends string>(
  scenario: Scenario,
  rules: Readonly<Record<Name, Rule>>,
): Record<Name, RuleOutcome> {
  const { rates, runs, days, visitorsPerArmPerDay, seed } = scenario;
  const random = mulberry32(seed);
  const names = Object.keys(rules) as Name[];
  const outcomes = Object.fromEntries(
    names.map((name) => [
      name,
      { runs, winners: rates.map(() => 0), days: rates.map((): number[] => []) } satisfies RuleOutcome,
    ]),
  ) as Record<Name, RuleOutcome>;
  for (let run = 0; run < runs; run++) {
    const conversions = rates.map(() => 0);
    const open = new Set(names);
    for (let day = 1; day <= days; day++) {
      for (const [arm, rate] of rates.entries()) {
        conversions[arm] = (conversions[arm] ?? 0) + binomial(visitorsPerArmPerDay, rate, random);
      }
      const arms = conversions.map((c) => ({ visitors: day * visitorsPerArmPerDay, conversions: c }));
      for (const name of open) {
        const winner = rules[name](arms, day, days);
        if (winner === null) continue;
        const outcome = outcomes[name];
        outcome.winners[winner] = (outcome.winners[winner] ?? 0) + 1;
        outcome.days[winner]?.push(day);
        open.delete(name);
      }
    }
  }
  return outcomes;
}

/** The sequential verdict (worker/statistics/sequential.ts) at every look. */
export const sequentialRule: Rule = (arms) => sequentialVerdict(arms).winner;

/**
 * The fixed-horizon z-test read as a verdict with the same guard and the same meaning of "winner" as the
 * sequential one: pooled two-proportion z-tests against the control, Holm-adjusted, at 0.05.
 */
export const fixedHorizonRule: Rule = (arms) => {
  if (!arms.every(enough)) return null;
  const [control = { visitors: 0, conversions: 0 }, ...others] = arms;
  const tests = others.map((arm) => zTest(control, arm));
  const adjusted = holmAdjust(tests.map((test) => test.pValue));
  let winner: number | null = null;
  let best = 0;
  for (const [i, test] of tests.entries()) {
    if (!((adjusted[i] ?? 1) < 0.05) || !(test.z > 0)) continue;
    if (winner === null || test.z > best) {
      winner = i + 1;
      best = test.z;
    }
  }
  if (winner === null && tests.every((test, i) => (adjusted[i] ?? 1) < 0.05 && test.z < 0)) return 0;
  return winner;
};

/** The fixed-horizon z-test as designed: one look, on the last day. */
export const fixedHorizonOnceRule: Rule = (arms, day, days) =>
  day === days ? fixedHorizonRule(arms, day, days) : null;

/** A share with its 95 % Wilson interval, in percent. */
export function percentWithInterval(count: number, runs: number): string {
  const { lower, upper } = wilsonInterval(count, runs);
  return `${((100 * count) / runs).toFixed(2)} % [${(100 * lower).toFixed(2)}, ${(100 * upper).toFixed(2)}]`;
}

/** Winners in any arm (for an A/A test, every one is a false positive). */
export const anyWinner = (outcome: RuleOutcome): number => outcome.winners.reduce((sum, w) => sum + w, 0);

/** The median of the days to a decision for `arm`, or null without one. */
export function medianDays(outcome: RuleOutcome, arm: number): number | null {
  const days = [...(outcome.days[arm] ?? [])].sort((a, b) => a - b);
  if (days.length === 0) return null;
  const middle = Math.floor(days.length / 2);
  return days.length % 2 === 1 ? (days[middle] ?? null) : ((days[middle - 1] ?? 0) + (days[middle] ?? 0)) / 2;
}
