// Two or more versions of the redirect's code, side by side in one run: the workerd CPU per request of
// each checkout's live link (first visits, the server's clicks queue without a consumer: the redirect
// alone), next to the recording reference (bench/recording-redirect.ts), in alternate rounds. Between
// two runs of bench/redirect.ts or bench/cpu-split.ts the same code moves by more than most changes to
// the redirect (bench/RESULTS.md §21); within one run, each round puts every version next to the same
// reference, and each ratio is taken per round.
//
//   git worktree add /tmp/change <commit>   (and npm ci there, or link node_modules and dist)
//   node bench/redirect-ab.ts . /tmp/change
//
// The first checkout is the base: every other one is also given per round over it. Linux only (/proc).
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { startLocalServer } from "../scripts/local-server.ts";
import { ApiUser } from "../scripts/splitlink-api.ts";
import { TICKS_PER_MS, treeTicks } from "./cpu-ticks.ts";
import { appWithoutConsumer, loadRedirects, recordingWithoutConsumer } from "./load.ts";
import { fixed, median, printTable } from "./table.ts";

const REQUESTS = 2000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const VARS = { JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-000000", DEV_OUTBOX: "true" };
const REFERENCE = "recording reference";

const checkouts = process.argv.slice(2).map((dir) => resolve(dir));
if (checkouts.length < 2) {
  console.error("usage: node bench/redirect-ab.ts <base checkout> <checkout> [<checkout> …]");
  process.exit(2);
}

/** Workerd's CPU ms per request over one run of `REQUESTS` first visits. */
async function workerdMs(url: string): Promise<number> {
  const port = new URL(url).port;
  const before = treeTicks(port).get("workerd") ?? 0;
  await loadRedirects({ url }, REQUESTS);
  return ((treeTicks(port).get("workerd") ?? 0) - before) / TICKS_PER_MS / REQUESTS;
}

const recordingConfig = recordingWithoutConsumer();
const configs = checkouts.map((dir) => appWithoutConsumer(dir));
const servers: { stop(): Promise<void> }[] = [];
try {
  const recording = await startLocalServer({
    script: "bench/recording-redirect.ts",
    config: recordingConfig,
  });
  servers.push(recording);
  const targets = new Map<string, string>([[REFERENCE, `${recording.url}/`]]);
  for (const [i, config] of configs.entries()) {
    const app = await startLocalServer({ vars: VARS, config });
    servers.push(app);
    const live = await (await ApiUser.signUp(app.url)).createTest();
    targets.set(checkouts[i] ?? config, `${app.url}/r/${live.slug}`);
  }
  const runs = new Map<string, number[]>([...targets.keys()].map((name) => [name, []]));
  for (let round = -1; round < ROUNDS; round++) {
    // The first round warms every server up and is not counted; the order flips each round.
    const order = round % 2 === 0 ? [...targets] : [...targets].reverse();
    for (const [name, url] of order) {
      const ms = await workerdMs(url);
      if (round >= 0) runs.get(name)?.push(ms);
    }
  }
  const perRound = (name: string, over: string) => {
    const own = runs.get(name) ?? [];
    const base = runs.get(over) ?? [];
    return own.map((ms, i) => ms / (base[i] ?? Number.NaN));
  };
  const spread = (ratios: number[]) =>
    `${fixed(median(ratios))} (${fixed(Math.min(...ratios))}–${fixed(Math.max(...ratios))})`;
  const [base = "", ...changes] = checkouts;
  const rows = [...runs.keys()].map((name) => ({
    target: name,
    "workerd ms": fixed(median(runs.get(name) ?? []), 3),
    "over the reference": spread(perRound(name, REFERENCE)),
    "over the base": name === REFERENCE ? "" : spread(perRound(name, base)),
  }));
  printTable(
    `Workerd CPU per request, live link (first visits, redirect alone) of each checkout, ${REQUESTS} requests x ${ROUNDS} rounds, alternate (medians; ratios: the median of the rounds' ratios, with their lowest and highest)`,
    rows,
    `redirect a/b: ${changes.map((name) => `${name} ${spread(perRound(name, base))}x the base`).join("; ")}`,
  );
} finally {
  for (const server of servers) await server.stop();
  for (const config of [recordingConfig, ...configs]) rmSync(config, { force: true });
}
