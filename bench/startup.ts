// Cold start: what a new isolate pays before it answers, SplitLink next to bench/fixed-redirect.ts (a
// Worker that only answers a fixed 302), both built from the same wrangler.toml and so both behind the
// same Static Assets router.
// 1. `wrangler check startup` (offline): the bundle's size and the active CPU of its startup, in
//    alternate runs. The profiler samples about every 10 ms, so one run is coarse: medians of many.
// 2. The first answer after a `wrangler dev` start (new isolate; for SplitLink a link in KV, not in
//    the isolate's memory), median over restarts. The server counts as up when the assets router
//    answers /assets/…, which leaves the Worker untouched until the measured request.
// 3. The router's own cost: the bare Worker's throughput with and without Static Assets in front.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GZIP_BUDGET_KIB } from "../scripts/check-worker-bundle.ts";
import { type LocalServer, type LocalServerOptions, startLocalServer } from "../scripts/local-server.ts";
import { ApiUser } from "../scripts/splitlink-api.ts";
import { loadRedirects } from "./load.ts";
import { fixed, median, printTable } from "./table.ts";

const STARTUP_RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 15);
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 5);
const ROUTER_ROUNDS = 5;
const ROUTER_REQUESTS = 2000;
/** Startup CPU may exceed the bare Worker's by this much (issue #18). */
const STARTUP_MARGIN_MS = 10;
const BARE = "bench/fixed-redirect.ts";
const VARS = { JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-000000", DEV_OUTBOX: "true" };
const READY = "/assets/ready";

const offline = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const wrangler = (args: string[]) => execFileSync("wrangler", args, { env: offline, encoding: "utf8" });
const work = mkdtempSync(join(tmpdir(), "splitlink-startup-"));

interface Startup {
  rawKib: number;
  gzipKib: number;
  activeMs: number;
}

/** Builds once (`wrangler deploy --dry-run`), so the runs time the startup and not the build. */
function build(name: string, script?: string): string {
  const outfile = join(work, `${name}.bundle`);
  wrangler(["deploy", "--dry-run", "--outfile", outfile, ...(script ? [script] : [])]);
  return outfile;
}

function checkStartup(bundle: string): Startup {
  const output = wrangler([
    "check",
    "startup",
    "--worker",
    bundle,
    "--outfile",
    join(work, "startup.cpuprofile"),
  ]);
  const size = output.match(/Bundle: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
  const active = output.match(/Active: ([\d.]+) ms/);
  if (!size || !active) throw new Error(`unexpected output of wrangler check startup:\n${output}`);
  return { rawKib: Number(size[1]), gzipKib: Number(size[2]), activeMs: Number(active[1]) };
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

try {
  // 1. Startup CPU and size.
  const appBundle = build("splitlink");
  const bareBundle = build("bare", BARE);
  const app: Startup[] = [];
  const bare: Startup[] = [];
  for (let i = 0; i < STARTUP_RUNS; i++) {
    app.push(checkStartup(appBundle));
    bare.push(checkStartup(bareBundle));
  }
  const appMs = median(app.map((run) => run.activeMs));
  const bareMs = median(bare.map((run) => run.activeMs));
  const size = app[0] as Startup;
  const startupMet = appMs <= bareMs + STARTUP_MARGIN_MS;
  const sizeMet = size.gzipKib <= GZIP_BUDGET_KIB;
  const range = (runs: Startup[]) =>
    `${fixed(Math.min(...runs.map((r) => r.activeMs)), 1)}–${fixed(Math.max(...runs.map((r) => r.activeMs)), 1)}`;
  printTable(
    `Startup: wrangler check startup, ${STARTUP_RUNS} alternate runs each (active CPU: median, and range)`,
    [
      {
        worker: "fixed 302 Worker (bare)",
        "bundle KiB": fixed((bare[0] as Startup).rawKib, 1),
        "gzip KiB": fixed((bare[0] as Startup).gzipKib, 1),
        "active ms": fixed(bareMs, 1),
        "range ms": range(bare),
      },
      {
        worker: "SplitLink",
        "bundle KiB": fixed(size.rawKib, 1),
        "gzip KiB": fixed(size.gzipKib, 1),
        "active ms": fixed(appMs, 1),
        "range ms": range(app),
      },
    ],
    `startup: SplitLink ${fixed(appMs, 1)} ms active CPU vs bare ${fixed(bareMs, 1)} ms (target <= bare + ${STARTUP_MARGIN_MS}: ${startupMet ? "MET" : "MISSED"}); bundle ${fixed(size.gzipKib, 1)} KiB gzip (target <= ${GZIP_BUDGET_KIB}: ${sizeMet ? "MET" : "MISSED"})`,
  );

  // 2. First visit on a new isolate. Creating the test puts its link in KV.
  const setup = await startLocalServer({ vars: VARS, readyPath: READY });
  const { slug } = await (await ApiUser.signUp(setup.url)).createTest();
  await setup.stop({ keepState: true });
  const appStart = () => startLocalServer({ vars: VARS, persistDir: setup.persistDir, readyPath: READY });
  const bareOptions: LocalServerOptions = { script: BARE, readyPath: READY };
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

  // 3. The assets router's own cost: the bare Worker behind it and without it, alternately.
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
} finally {
  rmSync(work, { recursive: true, force: true });
}
