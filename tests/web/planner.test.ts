import { planTest, sequentialPowerBound } from "@contract/planner";
import { describe, expect, it } from "vitest";
import { sequentialRule, simulate } from "../../bench/workerd/sequential-simulation";
import { wilsonInterval } from "../../worker/statistics/frequentist";

// The planner (contract/planner.ts) against the verdict it plans for: SplitLink's sequential verdict
// (worker/statistics/sequential.ts) run on simulated tests with a look every day
// (bench/workerd/sequential-simulation.ts, the bench of bench/RESULTS.md section 8, fixed seeds).
//
// Reference figures, bench/RESULTS.md section 8 (10,000 runs, 5 % control rate, 1,000 visitors per arm
// per day, a look every day for 30 days): +10 % is found in 41.47 % [40.51, 42.44] of runs within 30
// days, +20 % in 98.83 % [98.60, 99.02] (median day 9).

const RUNS = 300;

function simulatedPower(baselineRate: number, relativeLift: number, dailyVisitors: number, seed: number) {
  const plan = planTest({ baselineRate, relativeLift, dailyVisitors });
  if (!plan) throw new Error("no plan");
  const outcome = simulate(
    {
      rates: [baselineRate, baselineRate * (1 + relativeLift)],
      runs: RUNS,
      days: plan.days,
      visitorsPerArmPerDay: dailyVisitors / 2,
      seed,
    },
    { sequential: sequentialRule },
  ).sequential;
  return { plan, found: outcome.winners[1] ?? 0 };
}

describe("planTest: checked by simulation of the sequential verdict", () => {
  it.each([
    [0.05, 0.2, 2000, 11],
    [0.05, 0.1, 2000, 12],
    [0.03, 0.3, 400, 13],
    [0.2, 0.5, 100, 14],
  ])(
    "rate %s, lift +%s, %s visitors a day: the planned days find the lift in about 80 % of runs",
    (rate, lift, daily, seed) => {
      const { found } = simulatedPower(rate, lift, daily, seed);
      const { lower, upper } = wilsonInterval(found, RUNS);
      // At least the 80 % aimed for (within the simulation's 95 % interval), and not wastefully more.
      expect(upper).toBeGreaterThanOrEqual(0.8);
      expect(lower).toBeLessThanOrEqual(0.92);
    },
  );

  it("agrees with the bench's reference figures (5 %, 1,000 visitors per version a day)", () => {
    // +10 %: only 41 % found within 30 days, so an 80 % plan needs well over 30 days.
    expect(planTest({ baselineRate: 0.05, relativeLift: 0.1, dailyVisitors: 2000 })?.days).toBeGreaterThan(
      30,
    );
    // +20 %: median day 9, 98.8 % within 30 days, so an 80 % plan sits between the two.
    const days = planTest({ baselineRate: 0.05, relativeLift: 0.2, dailyVisitors: 2000 })?.days ?? 0;
    expect(days).toBeGreaterThan(9);
    expect(days).toBeLessThan(30);
    // The bound itself says less than the simulation at day 30 (a lower bound).
    expect(sequentialPowerBound(0.05, 0.055, 30_000)).toBeLessThan(0.4147);
    expect(sequentialPowerBound(0.05, 0.06, 30_000)).toBeLessThan(0.9883);
  });
});

describe("planTest: inputs", () => {
  it("needs more visitors for a smaller lift and more versions, and days follow the traffic", () => {
    const base = planTest({ baselineRate: 0.05, relativeLift: 0.2, dailyVisitors: 1000 });
    const smaller = planTest({ baselineRate: 0.05, relativeLift: 0.1, dailyVisitors: 1000 });
    const three = planTest({ baselineRate: 0.05, relativeLift: 0.2, dailyVisitors: 1000, arms: 3 });
    const busier = planTest({ baselineRate: 0.05, relativeLift: 0.2, dailyVisitors: 4000 });
    expect(smaller?.visitorsPerArm).toBeGreaterThan(3 * (base?.visitorsPerArm ?? 0));
    expect(three?.visitorsPerArm).toBeGreaterThan(base?.visitorsPerArm ?? 0);
    expect(three?.totalVisitors).toBe((three?.visitorsPerArm ?? 0) * 3);
    expect(busier?.days).toBe(Math.ceil((base?.totalVisitors ?? 0) / 4000));
  });

  it("keeps the verdict's guard of 25 conversions per version", () => {
    expect(
      planTest({ baselineRate: 0.01, relativeLift: 5, dailyVisitors: 100 })?.visitorsPerArm,
    ).toBeGreaterThanOrEqual(2500);
  });

  it("makes no plan from a rate outside (0, 1), no lift or no visitors", () => {
    expect(planTest({ baselineRate: 0, relativeLift: 0.1, dailyVisitors: 100 })).toBeNull();
    expect(planTest({ baselineRate: 0.6, relativeLift: 1, dailyVisitors: 100 })).toBeNull();
    expect(planTest({ baselineRate: 0.05, relativeLift: 0, dailyVisitors: 100 })).toBeNull();
    expect(planTest({ baselineRate: 0.05, relativeLift: 0.1, dailyVisitors: 0 })).toBeNull();
  });
});
