import type { TestWithStats } from "@contract/api";
import { planTest, sequentialPowerBound } from "@contract/planner";
import { describe, expect, it } from "vitest";
import { planDraftOfTest } from "@/features/test-detail/planner/plan-draft-of-test";
import { NEW_PLAN, planOfDraft, planText, savedPlanOf } from "@/lib/split-tests/plan-text";
import { sequentialRule, simulate } from "../../bench/workerd/sequential-simulation";
import { wilsonInterval } from "../../worker/statistics/frequentist";

// The planner (contract/planner.ts) against the verdict it plans for: SplitLink's sequential verdict
// (worker/statistics/sequential.ts) run on simulated tests with a look every day
// (bench/workerd/sequential-simulation.ts, the bench of bench/RESULTS.md section 8, fixed seeds).
//
// Reference figures, bench/RESULTS.md section 8 (10,000 runs, 5 % control rate, 1,000 visitors per arm
// per day, a look every day for 30 days): +10 % is found in 41.47 % [40.51, 42.44] of runs within 30
// days, +20 % in 98.83 % [98.60, 99.02] (median day 9).

// With these seeds the four cases below find the lift in 83 %, 87 %, 81 % and 81 % of runs.
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

describe("the planner on screen (lib/split-tests/plan-text.ts, test-detail/planner)", () => {
  it("says the visitors per version and the days, from percentages as typed", () => {
    expect(planText({ rate: "5", lift: "20", dailyVisitors: "2000" }, [50, 50])).toBe(
      "Each version needs about 15,603 visitors (31,206 in all): about 16 days at 2,000 visitors a day.",
    );
    expect(planOfDraft({ rate: "5,0", lift: "20", dailyVisitors: "2000" }, [50, 50])?.visitorsPerArm).toBe(
      15603,
    );
  });

  it("lets the version with the smallest share set the pace (#48): 80/10/10 takes longer than 50/30/20", () => {
    const draft = { rate: "5", lift: "20", dailyVisitors: "500" };
    const even = planOfDraft(draft, [34, 33, 33]);
    const uneven = planOfDraft(draft, [50, 30, 20]);
    const lopsided = planOfDraft(draft, [80, 10, 10]);
    // Every version needs as many visitors whatever the split: only how long they take changes.
    expect(uneven?.visitorsPerArm).toBe(even?.visitorsPerArm);
    expect(lopsided?.visitorsPerArm).toBe(even?.visitorsPerArm);
    const perArm = even?.visitorsPerArm ?? 0;
    expect(uneven?.days).toBe(Math.ceil(perArm / (0.2 * 500)));
    expect(lopsided?.days).toBe(Math.ceil(perArm / (0.1 * 500)));
    expect(lopsided?.days).toBeGreaterThan((uneven?.days ?? 0) * 1.9);
    expect(planText(draft, [80, 10, 10])).toMatch(
      /The version with the smallest share \(10 %\) sets the pace\.$/,
    );
    // A half-typed weight plans as an even split, and says nothing of shares.
    expect(planOfDraft(draft, [80, Number.NaN, 10])?.days).toBe(Math.ceil((perArm * 3) / 500));
  });

  it("asks for usable figures instead of a plan", () => {
    expect(planText({ rate: "", lift: "20", dailyVisitors: "100" }, [50, 50])).toMatch(
      /^Enter a conversion rate/,
    );
    expect(planText({ rate: "5", lift: "abc", dailyVisitors: "100" }, [50, 50])).toMatch(/^Enter/);
  });

  it("starts a test's planner from A's conversions per visitor and the visitors a day so far", () => {
    const day = 24 * 60 * 60 * 1000;
    const arm = (visitors: number, conversions: number) => ({ visitors, conversions });
    const test = { createdAt: 0, stats: { arms: [arm(400, 18), arm(400, 20)] } } as unknown as TestWithStats;
    expect(planDraftOfTest(test, 4 * day)).toEqual({ rate: "4.5", lift: "20", dailyVisitors: "200" });
    const fresh = { createdAt: 0, stats: { arms: [arm(0, 0), arm(0, 0)] } } as unknown as TestWithStats;
    expect(planDraftOfTest(fresh, day / 2)).toEqual(NEW_PLAN);
  });

  it("keeps what the owner planned with at creation, and starts the test's planner from it (#48)", () => {
    expect(savedPlanOf(NEW_PLAN)).toBeNull();
    expect(savedPlanOf({ ...NEW_PLAN, lift: "abc" })).toBeNull();
    const plan = savedPlanOf({ rate: "3.5", lift: "15", dailyVisitors: "800" });
    expect(plan).toEqual({ baselineRate: 0.035, relativeLift: 0.15, dailyVisitors: 800 });
    const day = 24 * 60 * 60 * 1000;
    const arm = (visitors: number, conversions: number) => ({ visitors, conversions });
    const fresh = { createdAt: 0, plan, stats: { arms: [arm(0, 0), arm(0, 0)] } } as unknown as TestWithStats;
    expect(planDraftOfTest(fresh, day / 2)).toEqual({ rate: "3.5", lift: "15", dailyVisitors: "800" });
    // Once the test has its own rate and traffic, those lead; the lift worth finding stays the plan's.
    const running = { ...fresh, stats: { arms: [arm(400, 18), arm(400, 20)] } } as unknown as TestWithStats;
    expect(planDraftOfTest(running, 4 * day)).toEqual({ rate: "4.5", lift: "15", dailyVisitors: "200" });
  });
});
