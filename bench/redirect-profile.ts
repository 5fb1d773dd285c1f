// Where workerd's time goes: V8 CPU profiles of every isolate of the local server's workerd (the Worker,
// and what wrangler dev runs in front of it: miniflare's entry worker, the assets router and its RPC
// proxy, the local queue, KV and D1) across runs of the live link alone (first visits, no consumer, the
// shard's writer holding its clicks 20 s, as in bench/redirect.ts) and across the same runs of the
// recording reference. Prints each isolate's busy samples side by side and the Worker's busiest frames,
// and writes each profile as a .cpuprofile (Chrome DevTools' Performance panel opens it). A companion of
// bench/redirect.ts for when its live link misses. Linux only (/proc, `ss`).
// A sample is wall time: on two cores a thread that waits for a core is still sampled in its frame, so
// compare shares and sides of one run, not milliseconds. The app's bundle is minified (wrangler.toml): a
// frame of it is named by the first characters of its source in the bundle wrangler dev wrote.
//
//   node bench/redirect-profile.ts        (BENCH_PROFILE_RUNS, BENCH_PROFILE_DIR)
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LocalServer, startLocalServer } from "../scripts/local-server.ts";
import { ApiUser } from "../scripts/splitlink-api.ts";
import { serverTree } from "./cpu-ticks.ts";
import { CONNECTIONS, configsWithoutConsumer, loadRedirects } from "./load.ts";
import { printTable } from "./table.ts";

const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 5);
/** As bench/redirect.ts's ALONE_REQUESTS and PRIMING_REQUESTS: the runs end before the writer writes. */
const REQUESTS = 900;
const PRIMING_REQUESTS = 2 * CONNECTIONS;
const WARM_UP_REQUESTS = 500;
const SAMPLING_MICROSECONDS = 100;
const TOP_FRAMES = 15;
const OUT = process.env.BENCH_PROFILE_DIR ?? join(tmpdir(), "splitlink-profiles");
const VARS = { JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-000000", DEV_OUTBOX: "true" };
/** The Worker's own isolate, as workerd's DevTools list it; wrangler's proxy holds its one connection. */
const WORKER_ISOLATE = /^core:user:(?!dev-registry-proxy|miniflare-)/;

interface Profile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
}
interface Target {
  id: string;
  webSocketDebuggerUrl: string;
}

const targetsAt = async (port: number | string): Promise<Target[]> =>
  (await fetch(`http://127.0.0.1:${port}/json`)).json() as Promise<Target[]>;

/** workerd's own DevTools port: wrangler starts it on a port of workerd's choosing and proxies one isolate. */
async function workerdTargets(server: LocalServer): Promise<Target[]> {
  const workerd = serverTree(new URL(server.url).port).find((p) => p.cmdline.includes("--inspector-addr"));
  if (!workerd) throw new Error(`no workerd with DevTools behind ${server.url}`);
  const listening = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" }).split("\n");
  for (const line of listening.filter((each) => each.includes(`pid=${workerd.pid},`))) {
    const port = /127\.0\.0\.1:(\d+)/.exec(line)?.[1];
    const targets = port ? await targetsAt(port).catch(() => []) : [];
    if (targets.some((target) => WORKER_ISOLATE.test(target.id))) return targets;
  }
  throw new Error(`workerd ${workerd.pid} lists no isolates`);
}

/** A profiler on one isolate, started. */
async function startProfiler(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  // Wrangler's proxy hands back a command it only forwards (enable, start) as it was sent, without a
  // result: only Profiler.stop is waited for until its result comes.
  const answers = new Map<
    number,
    { needsResult: boolean; resolve: (result: Record<string, unknown>) => void }
  >();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const waiting = answers.get(message.id);
    if (waiting && (message.result || !waiting.needsResult)) waiting.resolve(message.result ?? {});
  });
  let last = 0;
  const call = (method: string, params = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      last += 1;
      answers.set(last, { needsResult: method === "Profiler.stop", resolve });
      socket.send(JSON.stringify({ id: last, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: SAMPLING_MICROSECONDS });
  await call("Profiler.start");
  return async () => {
    const { profile } = await call("Profiler.stop");
    socket.close();
    return profile as Profile;
  };
}

/** Profiles every isolate of the server's workerd while `work` runs; by isolate. */
async function profiled(server: LocalServer, work: () => Promise<void>): Promise<Map<string, Profile>> {
  const [worker] = await targetsAt(server.inspectorPort);
  if (!worker) throw new Error(`no Worker behind DevTools port ${server.inspectorPort}`);
  const others = (await workerdTargets(server)).filter((target) => !WORKER_ISOLATE.test(target.id));
  const stops = new Map([
    // Wrangler's proxy takes DevTools connections from a local origin only.
    ["worker", await startProfiler(worker.webSocketDebuggerUrl, { origin: "http://localhost" })],
    ...(await Promise.all(
      others.map(async (target) => [target.id, await startProfiler(target.webSocketDebuggerUrl)] as const),
    )),
  ]);
  await work();
  const profiles = new Map<string, Profile>();
  for (const [isolate, stop] of stops) profiles.set(isolate, await stop());
  return profiles;
}

/** The app's bundle as wrangler dev wrote it, to name its minified frames. */
function newestBundle(): string[] {
  const dirs = readdirSync(".wrangler/tmp")
    .map((name) => join(".wrangler/tmp", name))
    .filter((dir) => statSync(dir).isDirectory() && readdirSync(dir).includes("index.js"))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return dirs[0] ? readFileSync(join(dirs[0], "index.js"), "utf8").split("\n") : [];
}

/** Samples per frame, (idle) left out. */
function busyFrames(profile: Profile, bundle: string[]): Map<string, number> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === "(idle)") continue;
    const source =
      frame.url === "index.js"
        ? (bundle[frame.lineNumber]?.slice(frame.columnNumber, frame.columnNumber + 60) ?? "")
        : `${frame.url}:${frame.lineNumber + 1}`;
    const name = `${frame.functionName || "(anonymous)"} ${source}`.trim();
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

const NO_CONSUMER = configsWithoutConsumer();
const app = await startLocalServer({ vars: { ...VARS, CLICK_HOLD_SECONDS: "20" }, config: NO_CONSUMER.app });
const recording = await startLocalServer({
  script: "bench/recording-redirect.ts",
  config: NO_CONSUMER.recording,
});
try {
  const user = await ApiUser.signUp(app.url);
  const live = await user.createTest();
  const sides = [
    { name: "live link", file: "live-link", server: app, url: `${app.url}/r/${live.slug}` },
    { name: "recording reference", file: "recording-reference", server: recording, url: `${recording.url}/` },
  ];
  // Warm-up (KV, isolate, JIT); the writer writes the warm-up's clicks before the profiles start.
  for (const side of sides) await loadRedirects({ url: side.url }, WARM_UP_REQUESTS);
  await user.waitForCounts(live.id, { clicks: WARM_UP_REQUESTS });
  mkdirSync(OUT, { recursive: true });
  const busy = new Map<string, Map<string, number>>();
  for (const side of sides) {
    const profiles = await profiled(side.server, async () => {
      for (let run = 0; run < RUNS; run++) {
        await loadRedirects({ url: side.url }, PRIMING_REQUESTS);
        await loadRedirects({ url: side.url }, REQUESTS);
      }
    });
    const bundle = side.server === app ? newestBundle() : [];
    const byIsolate = new Map<string, number>();
    for (const [isolate, profile] of profiles) {
      writeFileSync(
        join(OUT, `${side.file}.${isolate.replaceAll(":", "_")}.cpuprofile`),
        JSON.stringify(profile),
      );
      byIsolate.set(isolate, sum(busyFrames(profile, bundle)));
    }
    busy.set(side.name, byIsolate);
    const worker = busyFrames(profiles.get("worker") as Profile, bundle);
    const workerBusy = sum(worker);
    printTable(
      `${side.name}, the Worker's isolate: ${RUNS} runs of ${REQUESTS} first visits (each after ${PRIMING_REQUESTS} unmeasured), a sample every ${SAMPLING_MICROSECONDS} µs asked for; profiles in ${OUT}`,
      [...worker]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP_FRAMES)
        .map(([frame, samples]) => ({ frame, samples, share: share(samples, workerBusy) })),
      `profile ${side.name}: the Worker ${workerBusy} busy samples`,
    );
  }
  const [own, reference] = sides.map((side) => busy.get(side.name) ?? new Map<string, number>());
  if (!own || !reference) throw new Error("a side has no profiles");
  // The same isolate on both sides, without the Worker's name (splitlink, baseline) at the end.
  const named = (byIsolate: Map<string, number>) =>
    new Map(
      [...byIsolate].map(([isolate, samples]) => [isolate.replace(/:(splitlink|baseline)$/, ""), samples]),
    );
  const [ownNamed, referenceNamed] = [named(own), named(reference)];
  const rows = [...new Set([...ownNamed.keys(), ...referenceNamed.keys()])]
    .map((isolate) => ({
      isolate,
      own: ownNamed.get(isolate) ?? 0,
      reference: referenceNamed.get(isolate) ?? 0,
    }))
    .filter((row) => row.own + row.reference > 0);
  const [ownAll, referenceAll] = [sum(own), sum(reference)];
  printTable(
    `Busy samples of each isolate of workerd over the same ${RUNS * (REQUESTS + PRIMING_REQUESTS)} requests`,
    [
      ...rows.map((row) => ({
        isolate: row.isolate,
        "live link": row.own,
        "its share": share(row.own, ownAll),
        "recording reference": row.reference,
        "reference's share": share(row.reference, referenceAll),
      })),
      {
        isolate: "all",
        "live link": ownAll,
        "its share": "",
        "recording reference": referenceAll,
        "reference's share": "",
      },
    ],
    `profile by isolate: live link ${ownAll} busy samples, recording reference ${referenceAll}; the Worker ${own.get("worker")} against ${reference.get("worker")}`,
  );
} finally {
  await app.stop();
  await recording.stop();
  NO_CONSUMER.remove();
}
