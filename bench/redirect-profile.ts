// Where the isolate's CPU goes: a V8 CPU profile of workerd's Worker isolate across runs of the live
// link alone (first visits, no consumer, the shard's writer holding its clicks 20 s, as in
// bench/redirect.ts) and across the same runs of the recording reference, through wrangler's DevTools
// port. Writes each profile as a .cpuprofile (Chrome DevTools' Performance panel opens it) and prints
// each side's busiest frames by samples. A companion of bench/redirect.ts for when its live link misses.
// The app's bundle is minified (wrangler.toml): a frame is named by its place in the bundle wrangler dev
// wrote, with the first characters of its source.
//
//   node bench/redirect-profile.ts        (BENCH_PROFILE_RUNS, BENCH_PROFILE_DIR)
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalServer } from "../scripts/local-server.ts";
import { ApiUser } from "../scripts/splitlink-api.ts";
import { CONNECTIONS, configsWithoutConsumer, loadRedirects } from "./load.ts";
import { printTable } from "./table.ts";

const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 5);
/** As bench/redirect.ts's ALONE_REQUESTS and PRIMING_REQUESTS: the runs end before the writer writes. */
const REQUESTS = 900;
const PRIMING_REQUESTS = 2 * CONNECTIONS;
const SAMPLING_MICROSECONDS = 100;
const TOP_FRAMES = 15;
const OUT = process.env.BENCH_PROFILE_DIR ?? join(tmpdir(), "splitlink-profiles");
const VARS = { JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-000000", DEV_OUTBOX: "true" };

interface Profile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
}

/** Profiles the Worker behind wrangler's DevTools `port` while `work` runs. */
async function profiled(port: number, work: () => Promise<void>): Promise<Profile> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!target) throw new Error(`no Worker behind DevTools port ${port}`);
  // Wrangler's proxy takes DevTools connections from a local origin only.
  const socket = new WebSocket(target.webSocketDebuggerUrl, {
    headers: { origin: "http://localhost" },
  } as unknown as string[]);
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
  await work();
  const { profile } = await call("Profiler.stop");
  socket.close();
  return profile as Profile;
}

/** The app's bundle as wrangler dev wrote it, to name its minified frames. */
function newestBundle(): string[] {
  const dirs = readdirSync(".wrangler/tmp")
    .map((name) => join(".wrangler/tmp", name))
    .filter((dir) => statSync(dir).isDirectory() && readdirSync(dir).includes("index.js"))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return dirs[0] ? readFileSync(join(dirs[0], "index.js"), "utf8").split("\n") : [];
}

/** The frames that were running in the most samples, (idle) left out. */
function busiest(profile: Profile, bundle: string[]) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === "(idle)") continue;
    busy += 1;
    const source =
      frame.url === "index.js"
        ? (bundle[frame.lineNumber]?.slice(frame.columnNumber, frame.columnNumber + 60) ?? "")
        : `${frame.url}:${frame.lineNumber + 1}`;
    const name = `${frame.functionName || "(anonymous)"} ${source}`.trim();
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, TOP_FRAMES);
  return { busy, top };
}

const NO_CONSUMER = configsWithoutConsumer();
const app = await startLocalServer({ vars: { ...VARS, CLICK_HOLD_SECONDS: "20" }, config: NO_CONSUMER.app });
const recording = await startLocalServer({
  script: "bench/recording-redirect.ts",
  config: NO_CONSUMER.recording,
});
try {
  const live = await (await ApiUser.signUp(app.url)).createTest();
  const sides = [
    { name: "live-link", server: app, url: `${app.url}/r/${live.slug}` },
    { name: "recording-reference", server: recording, url: `${recording.url}/` },
  ];
  for (const side of sides) await loadRedirects({ url: side.url }, 500); // warm-up: KV, isolate, JIT
  mkdirSync(OUT, { recursive: true });
  for (const side of sides) {
    const profile = await profiled(side.server.inspectorPort, async () => {
      for (let run = 0; run < RUNS; run++) {
        await loadRedirects({ url: side.url }, PRIMING_REQUESTS);
        await loadRedirects({ url: side.url }, REQUESTS);
      }
    });
    const file = join(OUT, `${side.name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const { busy, top } = busiest(profile, side.server === app ? newestBundle() : []);
    printTable(
      `${side.name}: ${RUNS} runs of ${REQUESTS} first visits (each after ${PRIMING_REQUESTS} unmeasured), a sample every ${SAMPLING_MICROSECONDS} µs asked for; ${busy} busy samples; ${file}`,
      top.map(([frame, samples]) => ({ frame, samples, share: `${((100 * samples) / busy).toFixed(1)} %` })),
      `profile ${side.name}: ${busy} busy samples over ${RUNS * (REQUESTS + PRIMING_REQUESTS)} requests`,
    );
  }
} finally {
  await app.stop();
  await recording.stop();
  NO_CONSUMER.remove();
}
