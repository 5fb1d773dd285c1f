import { describe, expect, it } from "vitest";
import {
  anyWinner,
  binomial,
  fixedHorizonOnceRule,
  fixedHorizonRule,
  medianDays,
  mulberry32,
  sequentialRule,
  simulate,
} from "../../bench/workerd/sequential-simulation";
import { SEQUENTIAL_TUNING } from "../../contract/verdict";
import { wilsonInterval } from "../../worker/statistics/frequentist";
import {
  rateMean,
  relativeLift,
  sequentialHalfWidth,
  sequentialInterval,
  sequentialPValue,
  sequentialRho,
  sequentialVerdict,
} from "../../worker/statistics/sequential";
import { normalQuantile } from "../../worker/statistics/special-functions";

// Reference values and where they come from.
//
// [GrowthBook] growthbook/growthbook@8f1db4456915a8e7b7faf23d5632ca7219d2f469,
//   packages/stats/tests/frequentist/test_tests.py, class TestSequentialTTest:
//   - test_sequential_test_runs_prop (lines 218–234): ProportionStatistic(sum=1396, n=3000) vs
//     (sum=2422, n=3461), relative difference, default n* = 5000: expected 0.50386, ci (0.40098, 0.60675);
//   - test_sequential_test_runs (lines 198–216): SampleMeanStatistic(sum=1396.87, sum_squares=52377.9767,
//     n=3000) vs (2422.7, 134698.29, 3461), relative, n* = 1000: expected 0.50336, ci (-0.55844, 1.56516).
//   GrowthBook reports relative lifts with a delta-method standard error (models/tests.py
//   `frequentist_variance`); the tests rebuild that standard error and check our half-width against
//   GrowthBook's interval (5 decimals, as GrowthBook rounds).
// [Howard] the absolute-difference cases below were computed independently (Python 3, double precision)
//   from Howard et al. (2021), eq. (14), the two-sided normal-mixture boundary on the scale of sums,
//   u(V) = √((V + ρ_H)·ln((V + ρ_H)/(ρ_H·α²))), with V = n·s², ρ_H = s²/ρ², ρ from arXiv:2103.06476v7
//   eq. (161), s² = n·(p̂_A(1 − p̂_A)/n_A + p̂_B(1 − p̂_B)/n_B), n = n_A + n_B; interval d̂ ± u(V)/n.
//   That is a different algebraic form from the code's (GrowthBook's), so it checks the transcription.

const arm = (visitors: number, conversions: number) => ({ visitors, conversions });

describe("sequentialInterval: reference values", () => {
  it("matches GrowthBook's sequential test of two proportions (relative lift, n* = 5000)", () => {
    const [na, nb] = [3000, 3461];
    const [ma, mb] = [1396 / na, 2422 / nb];
    const [va, vb] = [ma * (1 - ma), mb * (1 - mb)];
    const se = Math.sqrt(vb / (ma * ma * nb) + (va * mb * mb) / (ma ** 4 * na));
    const estimate = (mb - ma) / ma;
    const half = sequentialHalfWidth(se, na + nb);
    expect(estimate).toBeCloseTo(0.50386, 5);
    expect(estimate - half).toBeCloseTo(0.40098, 5);
    expect(estimate + half).toBeCloseTo(0.60675, 5);
  });

  it("matches GrowthBook's sequential test of two means with n* = 1000", () => {
    const moments = (sum: number, squares: number, n: number) => ({
      mean: sum / n,
      variance: (squares - (sum * sum) / n) / (n - 1),
      n,
    });
    const a = moments(1396.87, 52377.9767, 3000);
    const b = moments(2422.7, 134698.29, 3461);
    const se = Math.sqrt(b.variance / (a.mean ** 2 * b.n) + (a.variance * b.mean ** 2) / (a.mean ** 4 * a.n));
    const estimate = (b.mean - a.mean) / a.mean;
    const half = sequentialHalfWidth(se, a.n + b.n, 0.05, 1000);
    expect(estimate - half).toBeCloseTo(-0.55844, 5);
    expect(estimate + half).toBeCloseTo(1.56516, 5);
  });

  it.each([
    // control, arm, alpha, n*, lower, upper
    [arm(1000, 50), arm(1000, 70), 0.05, 5000, -0.0131474030447, 0.0531474030447],
    [arm(10000, 500), arm(10000, 560), 0.05, 5000, -0.0039067844711, 0.0159067844711],
    [arm(3000, 1396), arm(3461, 2422), 0.05, 5000, 0.198048796939, 0.270880029026],
    [arm(10000, 500), arm(10000, 560), 0.025, 1000, -0.00528851219524, 0.0172885121952],
  ])(
    "matches Howard et al.'s boundary computed independently: %o vs %o, alpha %d, n* %d",
    (control, treatment, alpha, tuning, lower, upper) => {
      const interval = sequentialInterval(control, treatment, alpha, tuning);
      expect(interval.lower).toBeCloseTo(lower, 10);
      expect(interval.upper).toBeCloseTo(upper, 10);
      expect(interval.difference).toBeCloseTo((lower + upper) / 2, 12);
    },
  );

  it("uses GrowthBook's mixing parameter: rho = sqrt((-2 ln a + ln(1 - 2 ln a)) / n*)", () => {
    // −2 ln 0.05 = 5.991464547…, ln(6.991464547…) = 1.944690054…: ρ = √(7.936154601737565/5000).
    expect(sequentialRho()).toBeCloseTo(0.03984006677137368, 14);
    expect(SEQUENTIAL_TUNING).toBe(5000);
  });
});

describe("sequentialInterval: properties", () => {
  it("narrows as n grows at the same rates", () => {
    const widths = [1_000, 5_000, 20_000, 100_000, 1_000_000].map((n) => {
      const { lower, upper } = sequentialInterval(arm(n, n / 20), arm(n, (n * 11) / 200));
      return upper - lower;
    });
    for (let i = 1; i < widths.length; i++) expect(widths[i]).toBeLessThan(widths[i - 1] ?? 0);
  });

  it("is wider than the fixed-horizon (Wald) interval at the same n, least so near n*", () => {
    // Sequential / fixed width at 5 % vs 5.5 %: 2.09, 1.59, 1.55, 1.60, 1.75, 1.91 (the ratio depends
    // on n·ρ² only; its minimum, 1.549, is at a total n of about 5,200).
    const ratios = [200, 1_000, 2_600, 10_000, 100_000, 1_000_000].map((n) => {
      const control = arm(n, n / 20);
      const treatment = arm(n, (n * 11) / 200);
      const { lower, upper } = sequentialInterval(control, treatment);
      const se = Math.sqrt((0.05 * 0.95) / n + (0.055 * 0.945) / n);
      return (upper - lower) / (2 * normalQuantile(0.975) * se);
    });
    for (const ratio of ratios) expect(ratio).toBeGreaterThan(1);
    // Narrowest relative to the fixed interval near a total n of n* = 5000 (2600 per arm here).
    const smallest = ratios.indexOf(Math.min(...ratios));
    expect(smallest).toBe(2);
  });

  it("is symmetric: swapping the arms mirrors the interval; equal arms centre on 0", () => {
    const forward = sequentialInterval(arm(4000, 200), arm(5000, 300));
    const backward = sequentialInterval(arm(5000, 300), arm(4000, 200));
    expect(backward.lower).toBeCloseTo(-forward.upper, 14);
    expect(backward.upper).toBeCloseTo(-forward.lower, 14);
    expect(backward.difference).toBeCloseTo(-forward.difference, 14);
    const equal = sequentialInterval(arm(2000, 100), arm(2000, 100));
    expect(equal.difference).toBe(0);
    expect(equal.lower).toBeCloseTo(-equal.upper, 14);
  });

  it("is uninformative without visitors or without variance, and stays within [-1, 1]", () => {
    expect(sequentialInterval(arm(0, 0), arm(100, 5))).toEqual({ lower: -1, upper: 1, difference: 0 });
    expect(sequentialInterval(arm(100, 0), arm(100, 0))).toEqual({ lower: -1, upper: 1, difference: 0 });
    expect(sequentialInterval(arm(50, 50), arm(50, 50))).toEqual({ lower: -1, upper: 1, difference: 0 });
    // One arm at 0 %: the other's variance still gives an interval.
    const zero = sequentialInterval(arm(100, 0), arm(100, 10));
    expect(zero.difference).toBeCloseTo(0.1, 14);
    expect(zero.lower).toBeLessThan(0.1);
    expect(zero.upper).toBeGreaterThan(0.1);
    const tiny = sequentialInterval(arm(2, 1), arm(3, 2));
    expect(tiny).toEqual({ lower: -1, upper: 1, difference: expect.closeTo(1 / 6, 14) });
  });

  it("rejects invalid input", () => {
    expect(() => sequentialInterval(arm(10, 11), arm(10, 1))).toThrow(RangeError);
    expect(() => sequentialInterval(arm(10, 1), arm(10, 1), 0)).toThrow(RangeError);
    expect(() => sequentialInterval(arm(10, 1), arm(10, 1), 0.05, 0)).toThrow(RangeError);
    expect(() => sequentialVerdict([arm(10, 1)])).toThrow(RangeError);
  });

  it("its always-valid p-value is below alpha exactly when the interval excludes 0", () => {
    for (const [control, treatment] of [
      [arm(1000, 50), arm(1000, 70)],
      [arm(20000, 1000), arm(20000, 1150)],
      [arm(20000, 1000), arm(20000, 1120)],
      [arm(50000, 2500), arm(50000, 2400)],
    ] as const) {
      for (const alpha of [0.05, 0.01]) {
        const { lower, upper } = sequentialInterval(control, treatment, alpha);
        const excludesZero = lower > 0 || upper < 0;
        expect(sequentialPValue(control, treatment, alpha) < alpha).toBe(excludesZero);
      }
    }
    expect(sequentialPValue(arm(1000, 50), arm(1000, 50))).toBe(1);
  });
});

describe("sequentialVerdict", () => {
  it("keeps collecting until every arm has 100 visitors and 25 conversions", () => {
    const verdict = sequentialVerdict([arm(99, 30), arm(1000, 600)]);
    expect(verdict.status).toBe("keep collecting");
    expect(verdict.winner).toBeNull();
    expect(verdict.intervals[0]).toBeNull();
    expect(verdict.intervals[1]?.lower).toBeGreaterThan(0);
    expect(sequentialVerdict([arm(10000, 24), arm(10000, 400)]).status).toBe("keep collecting");
  });

  it("declares the arm whose interval lies above 0, or no clear difference", () => {
    expect(sequentialVerdict([arm(20000, 1000), arm(20000, 1200)])).toMatchObject({
      status: "winner",
      winner: 1,
      comparisonAlpha: 0.05,
    });
    expect(sequentialVerdict([arm(20000, 1000), arm(20000, 1050)])).toMatchObject({
      status: "no clear difference",
      winner: null,
    });
  });

  it("declares the control when every other arm is below it", () => {
    expect(sequentialVerdict([arm(20000, 1200), arm(20000, 1000)]).winner).toBe(0);
    expect(sequentialVerdict([arm(20000, 1200), arm(20000, 1000), arm(20000, 990)]).winner).toBe(0);
    // One arm proven worse, the other not: no verdict.
    expect(sequentialVerdict([arm(20000, 1200), arm(20000, 1000), arm(20000, 1190)]).status).toBe(
      "no clear difference",
    );
  });

  it("picks the best of the arms proven better than the control", () => {
    const verdict = sequentialVerdict([
      arm(20000, 1000),
      arm(20000, 1250),
      arm(20000, 1300),
      arm(20000, 1020),
    ]);
    expect(verdict).toMatchObject({ status: "winner", winner: 2, comparisonAlpha: 0.05 / 3 });
    expect(verdict.intervals.map((interval) => (interval ? interval.lower > 0 : null))).toEqual([
      null,
      true,
      true,
      false,
    ]);
  });

  it("splits alpha over the k − 1 comparisons (Bonferroni): a margin enough for 2 arms is not for 8", () => {
    const control = arm(20000, 1000);
    const treatment = arm(20000, 1170);
    expect(sequentialVerdict([control, treatment]).winner).toBe(1);
    const eight = sequentialVerdict([control, treatment, ...Array.from({ length: 6 }, () => control)]);
    expect(eight.comparisonAlpha).toBeCloseTo(0.05 / 7, 15);
    expect(eight.status).toBe("no clear difference");
    const wider = eight.intervals[1];
    const narrower = sequentialInterval(control, treatment);
    expect(wider && wider.upper - wider.lower).toBeGreaterThan(narrower.upper - narrower.lower);
  });
});

describe("simulation helpers", () => {
  it("draws binomial counts with the right mean and variance", () => {
    const random = mulberry32(7);
    const draws = Array.from({ length: 20000 }, () => binomial(1000, 0.05, random));
    const mean = draws.reduce((s, x) => s + x, 0) / draws.length;
    const variance = draws.reduce((s, x) => s + (x - mean) ** 2, 0) / (draws.length - 1);
    expect(mean).toBeCloseTo(50, 0); // ± 0.05 at 3 sd ≈ 0.05
    expect(variance / 47.5).toBeGreaterThan(0.95);
    expect(variance / 47.5).toBeLessThan(1.05);
    expect(binomial(10, 0, random)).toBe(0);
    expect(binomial(10, 1, random)).toBe(10);
  });
});

// Issue #20, point 2, the size that fits `npm test`: the full run (10,000 of each) is the bench
// bench/workerd/sequential.bench.test.ts. Fixed seeds, so these figures cannot flake.
describe("simulated tests with a daily look for 30 days, 1,000 visitors per arm per day", () => {
  const base = { days: 30, visitorsPerArmPerDay: 1000 };

  it("A/A at 5 %, 2,000 runs: the sequential verdict stays at or below 5 %; the peeking z-test does not", () => {
    const outcome = simulate(
      { ...base, rates: [0.05, 0.05], runs: 2000, seed: 20 },
      { sequential: sequentialRule, peeking: fixedHorizonRule, once: fixedHorizonOnceRule },
    );
    const sequential = anyWinner(outcome.sequential);
    expect(wilsonInterval(sequential, 2000).upper).toBeLessThanOrEqual(0.05);
    expect(anyWinner(outcome.peeking) / 2000).toBeGreaterThan(0.1);
    // One look at the end is the z-test as designed: about 5 %.
    const once = wilsonInterval(anyWinner(outcome.once), 2000);
    expect(once.lower).toBeLessThan(0.05);
    expect(once.upper).toBeGreaterThan(0.05);
  });

  it("A/A/A at 5 %, 1,000 runs: with Bonferroni over the two comparisons still at or below 5 %", () => {
    const outcome = simulate(
      { ...base, rates: [0.05, 0.05, 0.05], runs: 1000, seed: 21 },
      { sequentialRule },
    );
    expect(wilsonInterval(anyWinner(outcome.sequentialRule), 1000).upper).toBeLessThanOrEqual(0.05);
  });

  it("A/B with a 20 % lift (5 % -> 6 %), 500 runs: the sequential verdict finds B in most runs, early", () => {
    const outcome = simulate({ ...base, rates: [0.05, 0.06], runs: 500, seed: 22 }, { sequentialRule });
    const { winners } = outcome.sequentialRule;
    expect((winners[1] ?? 0) / 500).toBeGreaterThan(0.9);
    expect(winners[0]).toBe(0);
    expect(medianDays(outcome.sequentialRule, 1)).toBeLessThan(15);
  });
});

// Issue #33, point 3: the relative lift ("B converts 98 % more than A") with its always-valid interval.
describe("relativeLift", () => {
  const liftOf = (a: { visitors: number; conversions: number }, b: typeof a) =>
    relativeLift(rateMean(a), sequentialInterval(a, b));

  it("divides the verdict's difference interval by the ends of A's own interval", () => {
    const [a, b] = [arm(4000, 200), arm(4000, 300)];
    const lift = liftOf(a, b);
    const difference = sequentialInterval(a, b);
    expect(lift?.lift).toBeCloseTo(0.5, 10);
    // Wider than dividing by A's observed rate, which treats it as known.
    expect(lift?.interval?.lower).toBeLessThan(difference.lower / 0.05);
    expect(lift?.interval?.upper).toBeGreaterThan(difference.upper / 0.05);
    expect(lift?.interval?.lower).toBeGreaterThan(0);
  });

  it("agrees in sign with the verdict's interval: proven above 0 exactly when the difference is", () => {
    for (const [ca, cb] of [
      [100, 150],
      [100, 130],
      [150, 100],
      [100, 100],
    ] as const) {
      const [a, b] = [arm(2000, ca), arm(2000, cb)];
      const difference = sequentialInterval(a, b);
      const interval = liftOf(a, b)?.interval;
      if (!interval) continue;
      expect(interval.lower > 0).toBe(difference.lower > 0);
      expect(interval.upper < 0).toBe(difference.upper < 0);
    }
  });

  it("says nothing yet with few conversions, and nothing at all without conversions in A", () => {
    expect(liftOf(arm(500, 0), arm(500, 20))).toBeNull();
    expect(liftOf(arm(0, 0), arm(500, 20))).toBeNull();
    const few = liftOf(arm(20, 2), arm(20, 3));
    expect(few?.lift).toBeCloseTo(0.5, 10);
    expect(few?.interval).toBeNull();
  });

  it("simulated, 1,000 runs of 30 daily looks at 5 % vs 7.5 %: the true lift +50 % stays inside at every look in ≥ 95 % of runs", () => {
    const random = mulberry32(33);
    const [rateA, rateB, perDay, days, runs] = [0.05, 0.075, 300, 30, 1000];
    let missed = 0;
    for (let run = 0; run < runs; run++) {
      let [a, b, n] = [0, 0, 0];
      for (let day = 0; day < days; day++) {
        n += perDay;
        a += binomial(perDay, rateA, random);
        b += binomial(perDay, rateB, random);
        const interval = liftOf(arm(n, a), arm(n, b))?.interval;
        if (interval && (interval.lower > 0.5 || interval.upper < 0.5)) {
          missed++;
          break;
        }
      }
    }
    expect(wilsonInterval(missed, runs).upper).toBeLessThanOrEqual(0.05);
  });
});
