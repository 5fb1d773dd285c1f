// Cold start: what a new isolate pays before it answers, SplitLink next to bench/fixed-redirect.ts (a
// Worker that only answers a fixed 302), both built from the same wrangler.toml and so both behind the
// same Static Assets router.
// 1. `wrangler check startup` (offline): the bundle's size and the CPU of its startup, in alternate
//    runs with a third Worker, bench/busy-redirect.ts (the bare one plus ~1 ms of top-level work), read
//    three ways from each profile (bench/RESULTS.md, section 7, says why):
//    - active: wrangler's own figure, the target. The profiler takes a sample about every
//      millisecond while code runs, but none for 8–17 ms before the Worker's module runs; the first
//      sample taken after that carries the whole interval. A Worker whose top level runs long enough to
//      catch that sample is charged that much more; one whose top level is over before it (the bare
//      Worker, most runs) is charged nothing.
//    - script: the samples in the Worker's own code after that first one, i.e. its top level's time.
//    - window: the profile's span, from starting the profiler to the startup request's answer.
//    Set BENCH_STARTUP_REFERENCE to another build's bundle (`wrangler deploy --dry-run --outfile
//    FILE` in its checkout, e.g. main's) to time it in the same alternation; BENCH_STARTUP_ONLY=1 stops
//    after this step.
// 2. The first answer after a `wrangler dev` start (new isolate; for SplitLink a link in KV, not in
//    the isolate's memory), median over restarts. The server counts as up when the assets router
//    answers /assets/…, which leaves the Worker untouched until the measured request.
// 3. The router's own cost: the bare Worker's throughput with and without Static Assets in front.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { GZIP_BUDGET_KIB } from "../scripts/check-worker-bundle.ts";
import { type LocalServer, type LocalServerOptions, startLocalServer } from "../scripts/local-server.ts";
import { OFFLINE_ENV } from "../scripts/processes.ts";
import { ApiUser } from "../scripts/splitlink-api.ts";
import { loadRedirects } from "./load.ts";
import { fixed, formatTable, median, printTable } from "./table.ts";

const STARTUP_RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 15);
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 5);
const ROUTER_ROUNDS = 5;
const ROUTER_REQUESTS = 2000;
/** Startup CPU may exceed the bare Worker's by this much (issue #18). */
const STARTUP_MARGIN_MS = 10;
const BARE = "bench/fixed-redirect.ts";
const BUSY = "bench/busy-redirect.ts";
const VARS = { JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-000000", DEV_OUTBOX: "true" };
const READY = "/assets/ready";
const bareOptions: LocalServerOptions = { script: BARE, readyPath: READY };

const wrangler = (args: string[]) => execFileSync("wrangler", args, { env: OFFLINE_ENV, encoding: "utf8" });
const work = mkdtempSync(join(tmpdir(), "splitlink-startup-"));

interface Startup {
  rawKib: number;
  gzipKib: number;
  activeMs: number;
  /** Samples in the Worker's own code, but for the first sample that is not idle. */
  scriptMs: number;
  windowMs: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Builds once (`wrangler deploy --dry-run`), so the runs time the startup and not the build. */
function build(name: string, script?: string): string {
  const outfile = join(work, `${name}.bundle`);
  wrangler(["deploy", "--dry-run", "--outfile", outfile, ...(script ? [script] : [])]);
  return outfile;
}

/** Milliseconds of the samples whose stack is in `mainModule`, leaving out the first sample that is not idle. */
function scriptTime(profile: CpuProfile, mainModule: string): number {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map(
    profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])),
  );
  const inScript = (id: number | undefined): boolean => {
    for (let at = id; at !== undefined; at = parents.get(at))
      if (nodes.get(at)?.callFrame.url.endsWith(mainModule)) return true;
    return false;
  };
  let sawActive = false;
  let micros = 0;
  profile.samples.forEach((id, index) => {
    if (nodes.get(id)?.callFrame.functionName === "(idle)") return;
    if (sawActive && inScript(id)) micros += profile.timeDeltas[index] ?? 0;
    sawActive = true;
  });
  return micros / 1000;
}

function checkStartup(bundle: string): Startup {
  const profileFile = join(work, "startup.cpuprofile");
  const output = wrangler(["check", "startup", "--worker", bundle, "--outfile", profileFile]);
  const size = output.match(/Bundle: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
  const active = output.match(/Active: ([\d.]+) ms/);
  const mainModule = readFileSync(bundle, "utf8").match(/"main_module":"([^"]+)"/)?.[1];
  if (!size || !active || !mainModule)
    throw new Error(`unexpected output of wrangler check startup:\n${output}`);
  const profile = JSON.parse(readFileSync(profileFile, "utf8")) as CpuProfile;
  return {
    rawKib: Number(size[1]),
    gzipKib: Number(size[2]),
    activeMs: Number(active[1]),
    scriptMs: scriptTime(profile, mainModule),
    windowMs: (profile.endTime - profile.startTime) / 1000,
  };
}

/** Step 1: every bundle's startup, alternately, STARTUP_RUNS times each. */
function startupTable(bundles: { worker: string; bundle: string }[]) {
  const load = loadavg()[0] ?? 0;
  const runs = bundles.map(() => [] as Startup[]);
  for (let i = 0; i < STARTUP_RUNS; i++) {
    for (const [b, { bundle }] of bundles.entries()) runs[b]?.push(checkStartup(bundle));
  }
  const figures = bundles.map(({ worker }, b) => {
    const all = runs[b] as Startup[];
    const active = all.map((run) => run.activeMs);
    const script = all.map((run) => run.scriptMs);
    return {
      worker,
      size: all[0] as Startup,
      activeMs: median(active),
      activeRange: `${fixed(Math.min(...active), 1)}–${fixed(Math.max(...active), 1)}`,
      charged: active.filter((ms) => ms > 0).length,
      scriptMs: median(script),
      scriptMean: script.reduce((sum, ms) => sum + ms, 0) / script.length,
      windowMs: median(all.map((run) => run.windowMs)),
    };
  });
  console.log(
    formatTable(
      `Startup: wrangler check startup, ${STARTUP_RUNS} alternate runs each, medians (load average ${fixed(load)} at the start, ${fixed(loadavg()[0] ?? 0)} at the end)`,
      figures.map((f) => ({
        worker: f.worker,
        "bundle KiB": fixed(f.size.rawKib, 1),
        "gzip KiB": fixed(f.size.gzipKib, 1),
        "active ms": fixed(f.activeMs, 1),
        "active range": f.activeRange,
        "runs active > 0": `${f.charged}/${STARTUP_RUNS}`,
        "script ms (mean)": `${fixed(f.scriptMs, 1)} (${fixed(f.scriptMean, 1)})`,
        "window ms": fixed(f.windowMs, 1),
      })),
    ),
  );
  return figures;
}

/** Milliseconds from sending the request to the end of its answer, which must be a 302. */
async function timedRedirect(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 302) throw new Error(`${url}: expected a 302, got ${response.status}`);
  return performance.now() - started;
}

/** First and second answer of `path` after each of RESTARTS starts (each server stopped after, its state kept). */
async function firstAnswers(start: () => Promise<LocalServer>, path: string, keptDir?: string) {
  const first: number[] = [];
  const second: number[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    const server = await start();
    try {
      first.push(await timedRedirect(`${server.url}${path}`));
      second.push(await timedRedirect(`${server.url}${path}`));
    } finally {
      await server.stop({ keepState: true });
      if (server.persistDir !== keptDir) rmSync(server.persistDir, { recursive: true, force: true });
    }
  }
  return { first: median(first), second: median(second), all: first };
}

/** Step 2: the first visit on a new isolate. Creating the test puts its link in KV. */
async function firstVisits() {
  const setup = await startLocalServer({ vars: VARS, readyPath: READY });
  const { slug } = await (await ApiUser.signUp(setup.url)).createTest();
  await setup.stop({ keepState: true });
  const appStart = () => startLocalServer({ vars: VARS, persistDir: setup.persistDir, readyPath: READY });
  const cold = await firstAnswers(appStart, `/r/${slug}`, setup.persistDir);
  const bareCold = await firstAnswers(() => startLocalServer(bareOptions), "/");
  rmSync(setup.persistDir, { recursive: true, force: true });
  const row = (worker: string, figures: typeof cold) => ({
    worker,
    "first ms": fixed(figures.first, 1),
    "second ms": fixed(figures.second, 1),
    "first, each start": figures.all.map((ms) => ms.toFixed(0)).join(" "),
  });
  printTable(
    `First answer after a wrangler dev start: new isolate, medians over ${RESTARTS} starts; second: the next request`,
    [row("fixed 302 Worker (bare)", bareCold), row("SplitLink /r/{slug} (KV read)", cold)],
    `first visit: SplitLink ${fixed(cold.first, 1)} ms vs bare ${fixed(bareCold.first, 1)} ms (${cold.first >= bareCold.first ? "+" : ""}${fixed(cold.first - bareCold.first, 1)} ms); next visit ${fixed(cold.second, 1)} vs ${fixed(bareCold.second, 1)} ms`,
  );
}

/** Step 3: the assets router's own cost: the bare Worker behind it and without it, alternately. */
async function assetsRouter() {
  const behind = await startLocalServer(bareOptions);
  const alone = await startLocalServer({ script: BARE, config: "bench/no-assets.wrangler.toml" });
  try {
    await loadRedirects({ url: `${behind.url}/` }, 500);
    await loadRedirects({ url: `${alone.url}/` }, 500);
    const ratios: number[] = [];
    for (let round = 0; round < ROUTER_ROUNDS; round++) {
      const withRouter = await loadRedirects({ url: `${behind.url}/` }, ROUTER_REQUESTS);
      const without = await loadRedirects({ url: `${alone.url}/` }, ROUTER_REQUESTS);
      ratios.push(withRouter.rps / without.rps);
    }
    printTable(
      `Assets router: the bare Worker behind Static Assets over the same Worker without, ${ROUTER_ROUNDS} rounds of ${ROUTER_REQUESTS} requests`,
      ratios.map((ratio, round) => ({ round: round + 1, "req/s behind / alone": fixed(ratio) })),
      `assets router: the bare Worker behind it at ${fixed(median(ratios))}x the throughput of the same Worker without it (median of ${ROUTER_ROUNDS})`,
    );
  } finally {
    await behind.stop();
    await alone.stop();
  }
}

try {
  // 1. Startup CPU and size.
  const reference = process.env.BENCH_STARTUP_REFERENCE;
  const [bare, busy, app] = startupTable([
    { worker: "fixed 302 Worker (bare)", bundle: build("bare", BARE) },
    { worker: "bare + ~1 ms of top-level work", bundle: build("busy", BUSY) },
    { worker: "SplitLink", bundle: build("splitlink") },
    ...(reference ? [{ worker: `reference (${reference})`, bundle: reference }] : []),
  ]);
  if (!bare || !busy || !app) throw new Error("no startup figures");
  const startupMet = app.activeMs <= bare.activeMs + STARTUP_MARGIN_MS;
  const sizeMet = app.size.gzipKib <= GZIP_BUDGET_KIB;
  console.log(
    `SUMMARY startup: SplitLink ${fixed(app.activeMs, 1)} ms active CPU vs bare ${fixed(bare.activeMs, 1)} ms (target <= bare + ${STARTUP_MARGIN_MS}: ${startupMet ? "MET" : "MISSED"}; active > 0 in ${app.charged} vs ${bare.charged} of ${STARTUP_RUNS} runs); script after the first sample ${fixed(app.scriptMs, 1)} vs ${fixed(bare.scriptMs, 1)} ms (means ${fixed(app.scriptMean, 1)} vs ${fixed(bare.scriptMean, 1)}); window ${fixed(app.windowMs, 1)} vs ${fixed(bare.windowMs, 1)} ms; the bare Worker with ~1 ms of top-level work: ${fixed(busy.activeMs, 1)} ms active (${busy.charged} of ${STARTUP_RUNS} runs > 0); bundle ${fixed(app.size.gzipKib, 1)} KiB gzip (target <= ${GZIP_BUDGET_KIB}: ${sizeMet ? "MET" : "MISSED"})\n`,
  );
  if (!process.env.BENCH_STARTUP_ONLY) {
    await firstVisits();
    await assetsRouter();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
