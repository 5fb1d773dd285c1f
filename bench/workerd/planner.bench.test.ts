import { inject, it } from "vitest";
import { planTest } from "../../contract/planner";
import { wilsonInterval } from "../../worker/statistics/frequentist";
import { fixed, printTable, type Row } from "../table";
import { medianDays, sequentialRule, simulate } from "./sequential-simulation";

// Issue #48 point 4: the planner's days against the verdict it plans for. For each plan, simulated
// tests at the planned rates and traffic run for the planned days with the always-valid verdict looking
// every day (bench/workerd/sequential-simulation.ts, fixed seeds); the planner aims for 80 % of them to
// name the better version by then. tests/web/planner.test.ts runs a smaller copy in `npm test`.
const RUNS = Math.round(10_000 * inject("benchScale"));

const PLANS = [
  { baselineRate: 0.05, relativeLift: 0.2, dailyVisitors: 2000 },
  { baselineRate: 0.05, relativeLift: 0.1, dailyVisitors: 2000 },
  { baselineRate: 0.05, relativeLift: 0.3, dailyVisitors: 500 },
  { baselineRate: 0.03, relativeLift: 0.3, dailyVisitors: 400 },
  { baselineRate: 0.1, relativeLift: 0.15, dailyVisitors: 1000 },
  { baselineRate: 0.2, relativeLift: 0.5, dailyVisitors: 100 },
] as const;

it("finds the planned lift by the planned day in about 80 % of simulated tests", () => {
  const started = performance.now();
  const shares: number[] = [];
  const rows: Row[] = PLANS.map((input, i) => {
    const plan = planTest(input);
    if (!plan) throw new Error("no plan");
    const outcome = simulate(
      {
        rates: [input.baselineRate, input.baselineRate * (1 + input.relativeLift)],
        runs: RUNS,
        days: plan.days,
        visitorsPerArmPerDay: input.dailyVisitors / 2,
        seed: 4800 + i,
      },
      { sequential: sequentialRule },
    ).sequential;
    const found = outcome.winners[1] ?? 0;
    const { lower, upper } = wilsonInterval(found, RUNS);
    shares.push(upper);
    return {
      "rate, lift, visitors a day": `${input.baselineRate * 100} %, +${input.relativeLift * 100} %, ${input.dailyVisitors}`,
      "planned visitors per version": plan.visitorsPerArm,
      "planned days": plan.days,
      "found by then % [95 % CI]": `${fixed((100 * found) / RUNS)} [${fixed(100 * lower)}, ${fixed(100 * upper)}]`,
      "median day found": medianDays(outcome, 1) ?? "-",
      "wrong version": outcome.winners[0] ?? 0,
    };
  });
  printTable(
    `The planner against the verdict: ${RUNS} simulated tests a plan, run for the planned days with a look every day (${fixed((performance.now() - started) / 1000, 1)} s); the planner aims for 80 %`,
    rows,
    `every plan finds its lift by the planned day in at least the 80 % it aims for (upper 95 % bounds ${shares.map((u) => fixed(100 * u)).join(", ")}): ${shares.every((u) => u >= 0.8) ? "MET" : "MISSED"}`,
  );
});
