// Where a redirect's CPU goes on this machine: the CPU time each process spends per request (the
// wrangler dev tree: Node, which serves miniflare's loopback, and workerd, which runs the assets router,
// the Worker, the queue and its consumer, and D1; plus autocannon in this process), for the live link
// (first visits and a returning visitor) next to the recording reference, and the paused link next to
// the bare 302 Worker, in alternate runs. Linux only
// (/proc). A companion of bench/redirect.ts for when its live link misses.
// The redirect alone: the same live link and recording reference once more, each on a server whose
// clicks queue has no consumer (the events wait in the local queue, unread), so what each redirect
// costs is told apart from what its consumer costs, which in production runs in invocations of its own
// and not next to the redirect (locally they share the process and the two cores).
import { startLocalServer } from "../scripts/local-server.ts";
import { ApiUser } from "../scripts/splitlink-api.ts";
import { TICKS_PER_MS, treeTicks } from "./cpu-ticks.ts";
import {
  configsWithoutConsumer,
  firstVisitCookies,
  type LoadTarget,
  loadRedirects,
  recordedClicks,
} from "./load.ts";
import { fixed, median, printTable } from "./table.ts";

const REQUESTS = 2000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const VARS = { JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-000000", DEV_OUTBOX: "true" };

/** CPU ms per request of each process of the server, and of the load tool, over one run. */
async function cpuPerRequest(target: LoadTarget, port: string, wait: () => Promise<void>) {
  const before = treeTicks(port);
  const self = process.cpuUsage();
  await loadRedirects(target, REQUESTS);
  await wait(); // the consumer's work for these clicks belongs to them
  const used = process.cpuUsage(self);
  const after = treeTicks(port);
  const perRequest = new Map<string, number>();
  for (const [name, ticks] of after)
    perRequest.set(name, (ticks - (before.get(name) ?? 0)) / TICKS_PER_MS / REQUESTS);
  perRequest.set("autocannon (this process)", (used.user + used.system) / 1000 / REQUESTS);
  return perRequest;
}

const NO_CONSUMER = configsWithoutConsumer();
const app = await startLocalServer({ vars: VARS });
const recording = await startLocalServer({
  script: "bench/recording-redirect.ts",
  config: "bench/recording.wrangler.toml",
});
const appAlone = await startLocalServer({ vars: VARS, config: NO_CONSUMER.app });
const recordingAlone = await startLocalServer({
  script: "bench/recording-redirect.ts",
  config: NO_CONSUMER.recording,
});
const bare = await startLocalServer({ script: "bench/fixed-redirect.ts" });
try {
  const user = await ApiUser.signUp(app.url);
  const live = await user.createTest();
  const aloneUser = await ApiUser.signUp(appAlone.url);
  const aloneLive = await aloneUser.createTest();
  const paused = await user.createTest();
  await user.call("POST", `/api/tests/${paused.id}/pause`);
  let liveSent = 0;
  let recordingSent = 1; // the readiness check
  const cookie = await firstVisitCookies(`${app.url}/r/${live.slug}`);
  liveSent++;
  const waitLive = async () => {
    liveSent += REQUESTS;
    await user.waitForCounts(live.id, { clicks: liveSent });
  };
  const waitRecording = async () => {
    recordingSent += REQUESTS;
    for (let i = 0; i < 600; i++) {
      if ((await recordedClicks(recording.url)) >= recordingSent) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the recording reference lost clicks");
  };
  const appPort = new URL(app.url).port;
  const recordingPort = new URL(recording.url).port;
  const barePort = new URL(bare.url).port;
  const appAlonePort = new URL(appAlone.url).port;
  const recordingAlonePort = new URL(recordingAlone.url).port;
  const nothing = async () => {};
  const runs: Record<string, () => Promise<Map<string, number>>> = {
    "recording reference": () => cpuPerRequest({ url: `${recording.url}/` }, recordingPort, waitRecording),
    "live link, first visits": () => cpuPerRequest({ url: `${app.url}/r/${live.slug}` }, appPort, waitLive),
    "live link, returning visitor": () =>
      cpuPerRequest({ url: `${app.url}/r/${live.slug}`, cookie }, appPort, waitLive),
    "bare 302 Worker": () => cpuPerRequest({ url: `${bare.url}/` }, barePort, nothing),
    "paused link": () => cpuPerRequest({ url: `${app.url}/r/${paused.slug}` }, appPort, nothing),
    "recording reference, redirect alone": () =>
      cpuPerRequest({ url: `${recordingAlone.url}/` }, recordingAlonePort, nothing),
    "live link, first visits, redirect alone": () =>
      cpuPerRequest({ url: `${appAlone.url}/r/${aloneLive.slug}` }, appAlonePort, nothing),
  };
  for (const run of Object.values(runs)) await run(); // warm-up
  const results = new Map<string, Map<string, number>[]>(Object.keys(runs).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, run] of Object.entries(runs)) results.get(name)?.push(await run());
  const names = [...new Set([...results.values()].flatMap((r) => r.flatMap((m) => [...m.keys()])))];
  const rows = [...results].map(([name, maps]) => {
    const row: Record<string, string> = { target: name };
    let total = 0;
    for (const process of names) {
      const ms = median(maps.map((m) => m.get(process) ?? 0));
      total += ms;
      row[`${process} ms`] = fixed(ms, 2);
    }
    row["total ms"] = fixed(total, 2);
    return row;
  });
  printTable(
    `CPU time per request by process, ${REQUESTS} requests x ${ROUNDS} rounds, alternate (medians; the consumer's work waited for and included, except on the servers without a consumer: "redirect alone")`,
    rows,
    summary(rows),
  );
} finally {
  await app.stop();
  await recording.stop();
  await bare.stop();
  await appAlone.stop();
  await recordingAlone.stop();
  NO_CONSUMER.remove();
}

/** The live link's workerd CPU over the recording reference's, with its consumer and without. */
function summary(rows: Record<string, string>[]): string {
  const workerd = (target: string) => Number(rows.find((row) => row.target === target)?.["workerd ms"]);
  const ratio = (live: string, reference: string) => fixed(workerd(live) / workerd(reference), 2);
  const consumer = (live: string, alone: string) => fixed(workerd(live) - workerd(alone), 2);
  return `cpu split: workerd CPU per request, live link over the recording reference: ${ratio("live link, first visits", "recording reference")}x with the consumers, ${ratio("live link, first visits, redirect alone", "recording reference, redirect alone")}x for the redirect alone; consumer per click: SplitLink ${consumer("live link, first visits", "live link, first visits, redirect alone")} ms, recording reference ${consumer("recording reference", "recording reference, redirect alone")} ms; paused link over the bare 302: ${ratio("paused link", "bare 302 Worker")}x`;
}
