import { expect, inject, it } from "vitest";
import { evenWeights } from "../../contract/variants";
import { banditWeights } from "../../worker/statistics/bandit";
import type { ArmCounts } from "../../worker/statistics/inference";
import { type PeriodCounts, reweightByPeriod, type WeightPeriod } from "../../worker/statistics/reweight";
import { sequentialVerdict } from "../../worker/statistics/sequential";
import { fixed, printTable, type Row } from "../table";
import { binomial, mulberry32 } from "./sequential-simulation";

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
