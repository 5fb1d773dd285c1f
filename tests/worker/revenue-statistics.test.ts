import { describe, expect, it } from "vitest";
import { binomial, mulberry32 } from "../../bench/workerd/sequential-simulation";
import { sequentialVisitorsPerArmOfMeans } from "../../contract/planner";
import {
  analyzeRevenue,
  averageOrderValue,
  chanceToBeBestOfMeans,
  chanceToEarnMost,
  meanFromSums,
  meanInterval,
  type RevenueCounts,
  revenuePerVisitor,
  welchTest,
} from "../../worker/statistics/revenue";
import {
  normalCdf,
  regularizedIncompleteBeta,
  studentTTwoSidedPValue,
} from "../../worker/statistics/special-functions";

// Reference values and where they come from.
//
// [scipy] SciPy 1.17.1 (Python 3), computed once and pasted here: stats.t.sf(t, df)·2 for Student's t,
//   stats.ttest_ind(B, A, equal_var=False) for Welch's test on the per-visitor revenues below, and
//   integrate.quad of norm.pdf·Π norm.cdf (epsabs 1e-13) for the chance to be best of three normals.
// [table] the 97.5 % points of Student's t in every statistics table: t(10) = 2.228138851986522,
//   t(1) = 12.706204736174698 (two-sided p = 0.05 exactly).
// [hand] I_½(2, 3) = Σ_{j=2}^{4} C(4, j)/2⁴ = 11/16 (the binomial sum of an integer incomplete beta); the
//   classic sample size of 63 per group for a standardized difference of 0.5 at α = 0.05 and 80 % power
//   ((1.959964 + 0.841621)²·2/0.25 = 62.79).
// [Howard] Howard et al. (2021), eq. (14), the two-sided normal-mixture boundary on the scale of sums,
//   u(V) = √((V + ρ_H)·ln((V + ρ_H)/(ρ_H·α²))), V = n·s², ρ_H = s²/ρ², ρ from arXiv:2103.06476v7 eq. (161),
//   s² = n·(s²_A/n_A + s²_B/n_B), n = n_A + n_B, interval d̂ ± u(V)/n, evaluated in Python for GrowthBook's
//   SampleMeanStatistic test data (sum 1396.87, sum of squares 52377.9767, n 3000 vs 2422.7, 134698.29,
//   3461; gbstats tests/frequentist/test_tests.py, TestSequentialTTest.test_sequential_test_runs), as an
//   absolute difference. A different algebraic form from the code's.

/** Per-visitor revenues of a small test with mostly non-buyers and a few skewed orders. */
const A = [0, 0, 0, 0, 49.99, 0, 0, 120, 0, 0, 0, 15.5];
const B = [0, 0, 89, 0, 0, 0, 0, 0, 250, 0, 35, 0, 0, 0, 12];

const sum = (values: readonly number[]) => values.reduce((total, x) => total + x, 0);
const sumsOf = (values: readonly number[]): RevenueCounts => ({
  visitors: values.length,
  orders: values.filter((x) => x > 0).length,
  revenue: sum(values),
  revenueSquares: sum(values.map((x) => x * x)),
});

/** The textbook two-pass mean and sample variance, straight from the values. */
function direct(values: readonly number[]) {
  const mean = sum(values) / values.length;
  return { mean, variance: sum(values.map((x) => (x - mean) ** 2)) / (values.length - 1) };
}

describe("Student's t and the incomplete beta", () => {
  it("agree with the tables and a hand computation", () => {
    expect(regularizedIncompleteBeta(0.5, 2, 3)).toBeCloseTo(11 / 16, 14);
    expect(studentTTwoSidedPValue(2.228138851986522, 10)).toBeCloseTo(0.05, 12);
    expect(studentTTwoSidedPValue(12.706204736174698, 1)).toBeCloseTo(0.05, 12);
  });

  it.each([
    [2.0, 5, 0.10193947882985835],
    [1.5, 7.5, 0.17448057058646407],
    [3.1, 123.4, 0.002397813904010896],
    [0.4, 2.5, 0.7208192689307228],
    [-2.0, 5, 0.10193947882985835],
  ])("P(|T| > %d) with %d degrees of freedom is SciPy's %d", (t, df, p) => {
    expect(studentTTwoSidedPValue(t, df)).toBeCloseTo(p, 12);
  });

  it("becomes the normal tail as the degrees of freedom grow", () => {
    expect(studentTTwoSidedPValue(1.959963984540054, 1e9)).toBeCloseTo(0.05, 9);
    expect(studentTTwoSidedPValue(1.959963984540054, 1e6)).toBeCloseTo(0.05, 5);
    expect(studentTTwoSidedPValue(0, 12)).toBe(1);
  });
});

describe("revenue per visitor from the rollup's sums", () => {
  it("is the mean and sample variance of the per-visitor revenues, zeros included", () => {
    const fromSums = revenuePerVisitor(sumsOf(A));
    const byHand = direct(A);
    expect(fromSums.n).toBe(12);
    expect(fromSums.mean).toBeCloseTo(byHand.mean, 12);
    expect(fromSums.variance).toBeCloseTo(byHand.variance, 9);
  });

  it("gives the average order value over the orders only", () => {
    const orders = A.filter((x) => x > 0);
    const aov = averageOrderValue(sumsOf(A));
    expect(aov?.n).toBe(3);
    expect(aov?.mean).toBeCloseTo(direct(orders).mean, 12);
    expect(aov?.variance).toBeCloseTo(direct(orders).variance, 9);
    expect(averageOrderValue(sumsOf([0, 0, 0]))).toBeNull();
  });

  it("has a 95 % interval mean ± 1.96·s/√n, never below 0, and none below two visitors", () => {
    const estimate = meanFromSums(400, 2_000, 400_000);
    const half = 1.959963984540054 * Math.sqrt(estimate.variance / 400);
    const interval = meanInterval(estimate);
    expect(interval?.upper).toBeCloseTo(5 + half, 10);
    expect(interval?.lower).toBeCloseTo(Math.max(0, 5 - half), 10);
    expect(meanInterval(revenuePerVisitor(sumsOf(A)))?.lower).toBe(0);
    expect(meanInterval(meanFromSums(1, 50, 2_500))).toBeNull();
  });
});

describe("Welch's test of revenue per visitor", () => {
  it("matches SciPy's ttest_ind(equal_var=False) on skewed per-visitor revenues", () => {
    const result = welchTest(revenuePerVisitor(sumsOf(A)), revenuePerVisitor(sumsOf(B)));
    expect(result.t).toBeCloseTo(0.5120801283483594, 10);
    expect(result.degreesOfFreedom).toBeCloseTo(22.334196992133585, 9);
    expect(result.pValue).toBeCloseTo(0.6136216308189396, 10);
    expect(result.difference).toBeCloseTo(direct(B).mean - direct(A).mean, 12);
  });

  it("is undefined (p = 1) without spread or with fewer than two visitors", () => {
    expect(welchTest(meanFromSums(100, 0, 0), meanFromSums(100, 0, 0)).pValue).toBe(1);
    expect(welchTest(meanFromSums(1, 10, 100), meanFromSums(50, 100, 5_000)).pValue).toBe(1);
  });
});

describe("the always-valid interval of the difference of revenue per visitor", () => {
  const control: RevenueCounts = {
    visitors: 3000,
    orders: 1000,
    revenue: 1396.87,
    revenueSquares: 52377.9767,
  };
  const arm: RevenueCounts = { visitors: 3461, orders: 1000, revenue: 2422.7, revenueSquares: 134698.29 };

  it.each([
    [0.05, 5000, -0.16011652842982776, 0.6288698617631612],
    [0.025, 5000, -0.19180518174940792, 0.6605585150827413],
    [0.05, 1000, -0.17908917909394967, 0.6478425124272831],
  ])(
    "matches Howard et al.'s boundary computed independently (alpha %d, n* %d)",
    (alpha, tuning, lower, upper) => {
      const interval = analyzeRevenue([control, arm], alpha, tuning).arms[1]?.vsControl?.interval;
      expect(interval?.difference).toBeCloseTo(0.23437666666666668, 12);
      expect(interval?.lower).toBeCloseTo(lower, 10);
      expect(interval?.upper).toBeCloseTo(upper, 10);
    },
  );

  it("is wider than the fixed-horizon Welch interval: the price of looking any time", () => {
    const result = analyzeRevenue([control, arm]).arms[1]?.vsControl;
    const welchHalf = 1.959963984540054 * (result?.welch.standardError ?? 0);
    const interval = result?.interval;
    expect(interval && (interval.upper - interval.lower) / 2).toBeGreaterThan(welchHalf);
  });

  it("splits alpha over the comparisons with A (Bonferroni)", () => {
    expect(analyzeRevenue([control, arm, arm]).comparisonAlpha).toBeCloseTo(0.025, 15);
  });
});

describe("the chance to earn the most per visitor", () => {
  it("is Φ(d/√(se²_A + se²_B)) for two arms", () => {
    const [a, b] = chanceToBeBestOfMeans([
      { mean: 1, standardError: 0.3 },
      { mean: 1.5, standardError: 0.4 },
    ]);
    expect(b).toBeCloseTo(normalCdf(0.5 / 0.5), 14);
    expect((a ?? 0) + (b ?? 0)).toBeCloseTo(1, 14);
  });

  it("matches SciPy's quadrature for three arms", () => {
    const chances = chanceToBeBestOfMeans([
      { mean: 1.0, standardError: 0.1 },
      { mean: 1.2, standardError: 0.15 },
      { mean: 0.9, standardError: 0.3 },
    ]);
    expect(chances[0]).toBeCloseTo(0.09728393671548276, 9);
    expect(chances[1]).toBeCloseTo(0.7312100294001991, 9);
    expect(chances[2]).toBeCloseTo(0.1715060338843183, 9);
  });

  it("is shared evenly by arms alike, even without any spread (no revenue yet)", () => {
    for (const chance of chanceToBeBestOfMeans([0, 0, 0].map(() => ({ mean: 0, standardError: 0 }))))
      expect(chance).toBeCloseTo(1 / 3, 6);
  });

  it("says nothing (an even split) until every arm has two visitors", () => {
    const one = { visitors: 1, orders: 1, revenue: 4999, revenueSquares: 4999 ** 2 };
    const none = { visitors: 0, orders: 0, revenue: 0, revenueSquares: 0 };
    expect(chanceToEarnMost([none, one])).toEqual([0.5, 0.5]);
  });
});

describe("planning and the verdict on revenue", () => {
  it("asks for the visitors the always-valid verdict needs, by the planner's arithmetic (one answer to how long)", () => {
    const arm = (visitors: number, orders: number, amount: number): RevenueCounts => ({
      visitors,
      orders,
      revenue: orders * amount,
      revenueSquares: orders * amount * amount,
    });
    // Below the guard's 25 orders in A: still collecting.
    const arms = [arm(400, 20, 5000), arm(400, 24, 5000)];
    const [a, b] = arms.map(revenuePerVisitor);
    const perArm = sequentialVisitorsPerArmOfMeans(
      (a?.variance ?? 0) + (b?.variance ?? 0),
      (b?.mean ?? 0) - (a?.mean ?? 0),
    );
    // More than the guard asks (25 orders at A's 5 % of buyers: 500 visitors), so the arithmetic decides.
    expect(perArm).toBeGreaterThan(500);
    expect(analyzeRevenue(arms).verdict).toMatchObject({
      status: "keep collecting",
      additionalVisitorsPerArm: (perArm ?? 0) - 400,
    });
    expect(sequentialVisitorsPerArmOfMeans(1, 0)).toBeNull();
  });

  it("keeps collecting until every arm has 100 visitors and 25 orders, then names the arm that earns more", () => {
    const buyers = (visitors: number, orders: number, amount: number): RevenueCounts => ({
      visitors,
      orders,
      revenue: orders * amount,
      revenueSquares: orders * amount * amount,
    });
    // B converts less often but its orders are six times larger.
    expect(analyzeRevenue([buyers(1000, 200, 1000), buyers(1000, 24, 6000)]).verdict.status).toBe(
      "keep collecting",
    );
    const verdict = analyzeRevenue([buyers(1000, 200, 1000), buyers(1000, 100, 6000)]).verdict;
    expect(verdict).toMatchObject({ status: "winner", winner: 1, additionalVisitorsPerArm: null });
    expect(analyzeRevenue([buyers(1000, 100, 1000), buyers(1000, 100, 1000)]).verdict.status).toBe(
      "no clear difference",
    );
  });

  it("estimates the visitors still needed while collecting", () => {
    const analysis = analyzeRevenue([
      { visitors: 50, orders: 5, revenue: 5000, revenueSquares: 5_000_000 },
      { visitors: 50, orders: 7, revenue: 7000, revenueSquares: 7_000_000 },
    ]);
    expect(analysis.verdict.status).toBe("keep collecting");
    expect(analysis.verdict.additionalVisitorsPerArm).toBeGreaterThan(0);
  });
});

/** A log-normal order value in cents: most orders small, a few very large (σ = 1.2: skewness ≈ 10). */
function orderValue(random: () => number): number {
  const u = Math.max(random(), Number.MIN_VALUE);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  return Math.round(Math.exp(Math.log(4000) + 1.2 * z));
}

describe("A/A tests with skewed order values, looked at every day", () => {
  // 600 seeded runs of 30 days, 500 visitors per arm a day, 4 % of them buying log-normal orders.
  const RUNS = 600;
  const DAYS = 30;

  function falsePositives(decide: (arms: RevenueCounts[]) => boolean): number {
    const random = mulberry32(20_261_121);
    let winners = 0;
    for (let run = 0; run < RUNS; run++) {
      const arms = [0, 1].map(() => ({ visitors: 0, orders: 0, revenue: 0, revenueSquares: 0 }));
      for (let day = 0; day < DAYS; day++) {
        for (const arm of arms) {
          const orders = binomial(500, 0.04, random);
          arm.visitors += 500;
          arm.orders += orders;
          for (let i = 0; i < orders; i++) {
            const amount = orderValue(random);
            arm.revenue += amount;
            arm.revenueSquares += amount * amount;
          }
        }
        if (decide(arms)) {
          winners += 1;
          break;
        }
      }
    }
    return winners / RUNS;
  }

  it("declare a winner by the always-valid verdict in at most 5 % of runs", () => {
    expect(falsePositives((arms) => analyzeRevenue(arms).verdict.status === "winner")).toBeLessThanOrEqual(
      0.05,
    );
  });

  it("while Welch's p-value read the same way would declare one far more often (the check has teeth)", () => {
    const peeking = falsePositives(
      (arms) => (analyzeRevenue(arms).arms[1]?.vsControl?.welch.pValue ?? 1) < 0.05,
    );
    expect(peeking).toBeGreaterThan(0.1);
  });
});
