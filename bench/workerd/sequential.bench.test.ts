import { expect, inject, it } from "vitest";
import { wilsonInterval } from "../../worker/statistics/frequentist";
import { fixed, printTable, type Row } from "../table";
import { baselineVerdict } from "./baseline-verdict";
import {
  anyWinner,
  fixedHorizonOnceRule,
  fixedHorizonRule,
  medianDays,
  type Rule,
  type RuleOutcome,
  type Scenario,
  sequentialRule,
  simulate,
} from "./sequential-simulation";

// Issue #20, point 2: simulated split tests with a daily look for 30 days (bench/workerd/
// sequential-simulation.ts): 1,000 visitors per arm per day, a 5 % control rate, exact binomial
// conversions from a fixed seed. Each rule stops at its first winner; all rules see the same runs.
const RUNS = Math.round(10_000 * inject("benchScale"));
const BASE = { days: 30, visitorsPerArmPerDay: 1000 } as const;

/** The verdict on screen before issue #20: chance to be best >= 95 % (baseline-verdict.ts). */
const bayesianRule: Rule = (arms) => baselineVerdict(arms).winner;

const RULES = {
  "sequential verdict (always valid)": sequentialRule,
  "fixed-horizon z-test, daily peeking": fixedHorizonRule,
  "chance to be best >= 95 %, daily peeking": bayesianRule,
  "fixed-horizon z-test, one look on day 30": fixedHorizonOnceRule,
} satisfies Record<string, Rule>;
type RuleName = keyof typeof RULES;

const percent = (count: number, runs: number) => {
  const { lower, upper } = wilsonInterval(count, runs);
  return `${fixed((100 * count) / runs)} [${fixed(100 * lower)}, ${fixed(100 * upper)}]`;
};

function run(scenario: Omit<Scenario, "runs" | "days" | "visitorsPerArmPerDay">, runs = RUNS) {
  return simulate({ ...BASE, ...scenario, runs }, RULES) as Record<RuleName, RuleOutcome>;
}

it("simulates A/A and A/B tests under daily peeking", () => {
  const started = performance.now();
  const aa = run({ rates: [0.05, 0.05], seed: 2020 });
  const aaa = run({ rates: [0.05, 0.05, 0.05], seed: 2021 }, Math.round(RUNS / 2));
  const lift10 = run({ rates: [0.05, 0.055], seed: 2022 });
  const lift20 = run({ rates: [0.05, 0.06], seed: 2023 });
  const seconds = (performance.now() - started) / 1000;

  const names = Object.keys(RULES) as RuleName[];
  const rows: Row[] = names.map((name) => {
    const days = (outcome: RuleOutcome) => medianDays(outcome, 1) ?? "-";
    return {
      rule: name,
      "A/A false pos. % [95 % CI]": percent(anyWinner(aa[name]), RUNS),
      "A/A/A false pos. %": percent(anyWinner(aaa[name]), Math.round(RUNS / 2)),
      "+10 % power %": percent(lift10[name].winners[1] ?? 0, RUNS),
      "+10 % median day": days(lift10[name]),
      "+20 % power %": percent(lift20[name].winners[1] ?? 0, RUNS),
      "+20 % median day": days(lift20[name]),
      "wrong arm (A/B)": (lift10[name].winners[0] ?? 0) + (lift20[name].winners[0] ?? 0),
    };
  });

  const sequential = anyWinner(aa["sequential verdict (always valid)"]);
  const sequentialUpper = wilsonInterval(sequential, RUNS).upper;
  const peeking = anyWinner(aa["fixed-horizon z-test, daily peeking"]);
  const power10 = lift10["sequential verdict (always valid)"];
  const power20 = lift20["sequential verdict (always valid)"];
  printTable(
    `Simulated split tests: ${RUNS} runs each (A/A/A: ${Math.round(RUNS / 2)}), 5 % control rate, 1,000 visitors per arm per day, a look every day for 30 days (${fixed(seconds, 1)} s); power = B declared the winner within 30 days; median day among those runs`,
    rows,
    `sequential A/A: A/A false positives under daily peeking ${percent(sequential, RUNS)} % (target <= 5: ${sequentialUpper <= 0.05 ? "MET" : "MISSED"}, upper 95 % bound); fixed-horizon z-test under the same peeking ${percent(peeking, RUNS)} %; sequential power +10 % ${percent(power10.winners[1] ?? 0, RUNS)} % (median day ${medianDays(power10, 1)}), +20 % ${percent(power20.winners[1] ?? 0, RUNS)} % (median day ${medianDays(power20, 1)})`,
  );
  expect(sequentialUpper).toBeLessThanOrEqual(0.05);
  expect(peeking / RUNS).toBeGreaterThan(0.1);
});
