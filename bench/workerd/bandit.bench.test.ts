import { expect, inject, it } from "vitest";
import { evenWeights } from "../../contract/variants";
import { banditWeights, banditWeightsByRevenue } from "../../worker/statistics/bandit";
import type { ArmCounts } from "../../worker/statistics/counts";
import { analyzeRevenue, type RevenueCounts } from "../../worker/statistics/revenue";
import { type PeriodCounts, reweightByPeriod, type WeightPeriod } from "../../worker/statistics/reweight";
import { sequentialVerdict } from "../../worker/statistics/sequential";
import { fixed, printTable, type Row } from "../table";
import { binomial, mulberry32, percentWithInterval } from "./sequential-simulation";

// Issue #24, point 4: campaigns with known true rates, run in Experiment mode (an even split throughout)
// and in Optimise mode (the bandit of worker/statistics/bandit.ts, fed the campaign's counts so far).
// 30 days of 1,800 visitors a day; the bandit updates every 4 hours (the product allows every 15
// minutes: fewer, larger steps here keep the simulation quick and are the conservative case). Visitors
// per period are split by the weights (sequential binomials, i.e. a multinomial), conversions are
// exact binomials, all from fixed seeds.

const RUNS = Math.max(20, Math.round(200 * inject("benchScale")));
const DAYS = 30;
const VISITORS_PER_DAY = 1800;
const PERIODS_PER_DAY = 6;
const HOUR = 3_600_000;

interface Campaign {
  name: string;
  rates: number[];
  seed: number;
}

const BASE = 0.05;
const CAMPAIGNS: Campaign[] = [
  { name: "2 arms, +10 %", rates: [BASE, BASE * 1.1], seed: 2401 },
  { name: "2 arms, +30 %", rates: [BASE, BASE * 1.3], seed: 2402 },
  { name: "4 arms, +10 %", rates: [BASE, BASE, BASE * 1.1, BASE], seed: 2403 },
  { name: "4 arms, +30 %", rates: [BASE, BASE, BASE * 1.3, BASE], seed: 2404 },
];

interface Outcome {
  conversions: number;
  /** Conversions lost against sending everyone to the best arm, in expectation. */
  regret: number;
  bestShare: number;
  /** The arm with the highest (reweighted) rate at the end is the true best. */
  pickedBest: boolean;
  /** The always-valid verdict, on the reweighted totals, names the true best by the end. */
  verdictBest: boolean;
}

function campaign(rates: number[], optimise: boolean, random: () => number): Outcome {
  const arms = rates.length;
  const best = rates.indexOf(Math.max(...rates));
  const totals: ArmCounts[] = rates.map(() => ({ visitors: 0, conversions: 0 }));
  const rows: PeriodCounts[] = [];
  const history: WeightPeriod[] = [];
  let regret = 0;
  const perPeriod = VISITORS_PER_DAY / PERIODS_PER_DAY;
  for (let period = 0; period < DAYS * PERIODS_PER_DAY; period++) {
    const time = period * (24 / PERIODS_PER_DAY) * HOUR;
    const weights = optimise ? banditWeights(totals) : evenWeights(arms);
    if (!history.length || history.at(-1)?.weights.join() !== weights.join())
      history.push({ since: time, weights });
    let left = perPeriod;
    let weightLeft = 100;
    for (let i = 0; i < arms; i++) {
      const share = (weights[i] ?? 0) / weightLeft;
      const visitors = i === arms - 1 ? left : binomial(left, Math.min(1, share), random);
      left -= visitors;
      weightLeft -= weights[i] ?? 0;
      const conversions = binomial(visitors, rates[i] ?? 0, random);
      const arm = totals[i] ?? { visitors: 0, conversions: 0 };
      totals[i] = { visitors: arm.visitors + visitors, conversions: arm.conversions + conversions };
      rows.push({ time, position: i, visitors, conversions });
      regret += visitors * ((rates[best] ?? 0) - (rates[i] ?? 0));
    }
  }
  const reweighted = reweightByPeriod(rows, history, arms).totals;
  const finalRates = reweighted.map((arm) => (arm.visitors ? arm.conversions / arm.visitors : 0));
  const all = totals.reduce((sum, arm) => sum + arm.visitors, 0);
  return {
    conversions: totals.reduce((sum, arm) => sum + arm.conversions, 0),
    regret,
    bestShare: (totals[best]?.visitors ?? 0) / all,
    pickedBest: finalRates.indexOf(Math.max(...finalRates)) === best,
    verdictBest: sequentialVerdict(reweighted).winner === best,
  };
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

it("simulates campaigns in Experiment and Optimise mode", () => {
  const started = performance.now();
  const rows: Row[] = [];
  const summaries: string[] = [];
  for (const { name, rates, seed } of CAMPAIGNS) {
    const results = { experiment: [] as Outcome[], optimise: [] as Outcome[] };
    for (const mode of ["experiment", "optimise"] as const) {
      const random = mulberry32(seed);
      for (let run = 0; run < RUNS; run++) results[mode].push(campaign(rates, mode === "optimise", random));
    }
    for (const mode of ["experiment", "optimise"] as const) {
      const outcomes = results[mode];
      rows.push({
        campaign: name,
        mode,
        "conversions (mean)": fixed(mean(outcomes.map((o) => o.conversions)), 0),
        "regret (mean)": fixed(mean(outcomes.map((o) => o.regret)), 0),
        "traffic to best %": fixed(100 * mean(outcomes.map((o) => o.bestShare))),
        "final pick is best %": fixed((100 * outcomes.filter((o) => o.pickedBest).length) / RUNS),
        "verdict names best %": fixed((100 * outcomes.filter((o) => o.verdictBest).length) / RUNS),
      });
    }
    const gained =
      mean(results.optimise.map((o) => o.conversions)) - mean(results.experiment.map((o) => o.conversions));
    const regretCut =
      1 - mean(results.optimise.map((o) => o.regret)) / mean(results.experiment.map((o) => o.regret));
    summaries.push(`${name}: +${fixed(gained, 0)} conversions, regret -${fixed(100 * regretCut, 0)} %`);
  }
  printTable(
    `Campaigns: ${RUNS} runs per mode and campaign, ${DAYS} days x ${VISITORS_PER_DAY} visitors, a 5 % base rate, bandit updates every 4 h (${fixed((performance.now() - started) / 1000, 1)} s)`,
    rows,
    `bandit: Optimise vs Experiment, conversions gained during the campaign and regret cut: ${summaries.join("; ")}`,
  );
  // The bandit exists to lose fewer conversions: it must, in every campaign with a real lift.
  for (const row of rows.filter((r) => r.mode === "optimise"))
    expect(Number(row["traffic to best %"])).toBeGreaterThan(100 / 4);
});

// Optimise mode decided by conversions or by revenue per visitor, with what visitors do steady or
// drifting: a launch, then from day 10 on a conversion rate (or orders) 60 % lower. The bandit moves
// traffic, so the arms see different mixes of periods. Each day the always-valid verdict is read, as
// "stop early" reads it, on the pooled totals and on the totals reweighted by period
// (worker/statistics/reweight.ts), and the first winner it names counts. In A/A tests (both arms the
// same at every moment) any winner is a false one, and the verdict promises at most 5 %; in A/B tests
// with the drift, the pooled comparison of an arm that got its traffic late runs into Simpson's paradox.

const AA_RUNS = 5 * RUNS;
const CONVERSION_RATE = 0.05;
/** Median order value in cents, and the log-normal's spread (skewness about 3). */
const ORDER_MEDIAN = 6000;
const ORDER_SIGMA = 0.8;

type Metric = "conversions" | "revenue";

interface Drift {
  name: string;
  /** What a visitor does on `day`, as a multiple of the start: the conversion rate, or what an order is worth. */
  level: (day: number) => number;
}

const STEADY: Drift = { name: "steady", level: () => 1 };
const DROP: Drift = { name: "-60 % from day 10", level: (day) => (day < 10 ? 1 : 0.4) };

function orderValue(scale: number, random: () => number): number {
  const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.round(ORDER_MEDIAN * scale * Math.exp(ORDER_SIGMA * z));
}

const winnerBy = (metric: Metric, arms: readonly (RevenueCounts & { conversions: number })[]) =>
  metric === "revenue" ? analyzeRevenue(arms).verdict.winner : sequentialVerdict(arms).winner;

/**
 * One optimised campaign of two arms, B's conversion rate (or order value) `lift` times A's; the first
 * winner the pooled and the reweighted verdict named on a daily look, or null.
 */
function optimisedCampaign(metric: Metric, lift: number, drift: Drift, random: () => number) {
  const arms = 2;
  const totals = [0, 1].map(() => ({
    visitors: 0,
    conversions: 0,
    orders: 0,
    revenue: 0,
    revenueSquares: 0,
  }));
  const rows: PeriodCounts[] = [];
  const history: WeightPeriod[] = [];
  const perPeriod = VISITORS_PER_DAY / PERIODS_PER_DAY;
  let pooled: number | null = null;
  let reweighted: number | null = null;
  for (let day = 0; day < DAYS; day++) {
    for (let p = 0; p < PERIODS_PER_DAY; p++) {
      const time = (day * PERIODS_PER_DAY + p) * (24 / PERIODS_PER_DAY) * HOUR;
      const weights = metric === "revenue" ? banditWeightsByRevenue(totals) : banditWeights(totals);
      if (!history.length || history.at(-1)?.weights.join() !== weights.join())
        history.push({ since: time, weights });
      const first = binomial(perPeriod, (weights[0] ?? 50) / 100, random);
      for (const [i, visitors] of [first, perPeriod - first].entries()) {
        const armLift = i === 1 ? lift : 1;
        const rate = CONVERSION_RATE * (metric === "conversions" ? drift.level(day) * armLift : 1);
        const orders = binomial(visitors, rate, random);
        let revenue = 0;
        let revenueSquares = 0;
        for (let o = 0; metric === "revenue" && o < orders; o++) {
          const value = orderValue(drift.level(day) * armLift, random);
          revenue += value;
          revenueSquares += value * value;
        }
        const arm = totals[i] ?? { visitors: 0, conversions: 0, orders: 0, revenue: 0, revenueSquares: 0 };
        totals[i] = {
          visitors: arm.visitors + visitors,
          conversions: arm.conversions + orders,
          orders: arm.orders + orders,
          revenue: arm.revenue + revenue,
          revenueSquares: arm.revenueSquares + revenueSquares,
        };
        rows.push({ time, position: i, visitors, conversions: orders, orders, revenue, revenueSquares });
      }
    }
    pooled ??= winnerBy(metric, totals);
    reweighted ??= winnerBy(metric, reweightByPeriod(rows, history, arms).totals);
  }
  return {
    pooled,
    reweighted,
    lift: {
      pooled: liftOf(metric, totals),
      reweighted: liftOf(metric, reweightByPeriod(rows, history, arms).totals),
    },
  };
}

/** B's conversion rate (or revenue per visitor) over A's, minus 1. */
function liftOf(metric: Metric, [a, b]: readonly (RevenueCounts & { conversions: number })[]): number {
  const perVisitor = (arm: RevenueCounts & { conversions: number }) =>
    (metric === "revenue" ? arm.revenue : arm.conversions) / arm.visitors;
  return a && b ? perVisitor(b) / perVisitor(a) - 1 : Number.NaN;
}

it("keeps the verdicts of optimised tests valid, read daily, reweighted by period", () => {
  const started = performance.now();
  const aa: Row[] = [];
  const ab: Row[] = [];
  const summaries: string[] = [];
  let seed = 2411;
  for (const metric of ["conversions", "revenue"] as const) {
    for (const drift of [STEADY, DROP]) {
      const random = mulberry32(seed++);
      let pooled = 0;
      let reweighted = 0;
      for (let run = 0; run < AA_RUNS; run++) {
        const outcome = optimisedCampaign(metric, 1, drift, random);
        if (outcome.pooled !== null) pooled++;
        if (outcome.reweighted !== null) reweighted++;
      }
      aa.push({
        "decided by": metric,
        "what visitors do": drift.name,
        "pooled: A/A winners": percentWithInterval(pooled, AA_RUNS),
        "reweighted: A/A winners": percentWithInterval(reweighted, AA_RUNS),
      });
      summaries.push(
        `${metric}, ${drift.name}: pooled ${fixed((100 * pooled) / AA_RUNS)} %, reweighted ${fixed((100 * reweighted) / AA_RUNS)} %`,
      );
    }
    const random = mulberry32(seed++);
    const named = { pooled: [0, 0], reweighted: [0, 0] };
    const lifts = { pooled: [] as number[], reweighted: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      const outcome = optimisedCampaign(metric, 1.3, DROP, random);
      for (const way of ["pooled", "reweighted"] as const) {
        const winner = outcome[way];
        if (winner !== null) named[way][winner] = (named[way][winner] ?? 0) + 1;
        lifts[way].push(outcome.lift[way]);
      }
    }
    for (const way of ["pooled", "reweighted"] as const)
      ab.push({
        "decided by": metric,
        totals: way,
        "B named first %": fixed((100 * (named[way][1] ?? 0)) / RUNS),
        "A named first %": fixed((100 * (named[way][0] ?? 0)) / RUNS),
        "B's lift on day 30 (mean)": `${fixed(100 * mean(lifts[way]), 1)} %`,
      });
  }
  printTable(
    `Optimise mode, A/A: ${AA_RUNS} runs each, ${DAYS} days x ${VISITORS_PER_DAY} visitors, ${100 * CONVERSION_RATE} % convert, log-normal orders, bandit every 4 h, the verdict read daily`,
    aa,
    `bandit A/A: tests with a winner on any of ${DAYS} daily looks (promised: at most 5 %): ${summaries.join("; ")}`,
  );
  printTable(
    `Optimise mode, A/B with B +30 % and everything -60 % from day 10: ${RUNS} runs each, the first winner named on a daily look, and B's lift as estimated at the end (${fixed((performance.now() - started) / 1000, 1)} s)`,
    ab,
    `bandit A/B with drift, B's lift estimated on day 30 (true +30 %): ${ab.map((row) => `${row["decided by"]}, ${row.totals}: ${row["B's lift on day 30 (mean)"]}`).join("; ")}`,
  );
});
