// The redirect next to the runtime's limit: SplitLink and a Worker that only answers a fixed 302,
// both on wrangler dev, driven by autocannon at the same concurrency after a warm-up, each SplitLink
// run next to a bare run so drift hits both alike. Cold slugs: links never read since the (re)start, KV emptied.
// After each run that sends clicks, the bench waits until the dashboard counts every one of them:
// nothing may be lost, and the next run does not run next to the previous one's queue backlog
// (locally the queue consumer and its D1 writes share the process with the redirect).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startLocalServer } from "../scripts/local-server.ts";
import { ApiUser } from "../scripts/splitlink-api.ts";
import { watchCpuSteal } from "./cpu-steal.ts";
import { CONNECTIONS, type Figures, type LoadTarget, loadRedirects } from "./load.ts";
import { fixed, median, printTable } from "./table.ts";

const REQUESTS = 2000;
const ROUNDS = 7;
const COLD_SLUGS = 300;
const VARS = { JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-000000", DEV_OUTBOX: "true" };

/** A SplitLink figure over the bare Worker's, median of the pairs. */
interface Ratio {
  rps: number;
  p99: number;
}

interface Target extends LoadTarget {
  /** The test whose clicks this target records (a paused test and the bare Worker record none). */
  countedTest?: string;
}

const load = (target: Target, amount = REQUESTS) => loadRedirects(target, amount);

const app0 = await startLocalServer({ vars: VARS });
const baseline = await startLocalServer({ script: "bench/fixed-redirect.ts" });
let app = app0;
try {
  const user = await ApiUser.signUp(app.url);
  const live = await user.createTest();
  const sent = new Map<string, number>();
  const paused = await user.createTest();
  await user.call("POST", `/api/tests/${paused.id}/pause`);
  const domain = `go${Date.now()}.bench.localhost`;
  const domainId = await user.verifiedDomain(domain);
  const onDomain = await user.createTest({ customDomainId: domainId, customSlug: "summer" });
  const cold: string[] = [];
  for (let i = 0; i < COLD_SLUGS; i++) cold.push(`/r/${(await user.createTest()).slug}`);

  // "A deploy": fresh isolates, and a KV that has never seen the links (creating a test fills KV).
  await app.stop({ keepState: true });
  rmSync(join(app.persistDir, "v3", "kv"), { recursive: true, force: true });
  app = await startLocalServer({ vars: VARS, persistDir: app0.persistDir });

  const restarted = user.at(app.url);
  const coldFigures = await load({ url: app.url, paths: cold }, cold.length);
  const bareTarget: Target = { url: `${baseline.url}/` };
  const targets: Record<string, Target> = {
    "SplitLink /r/{slug}, KV-warm": { url: `${app.url}/r/${live.slug}`, countedTest: live.id },
    "SplitLink custom domain /summer": {
      url: `${app.url}/summer`,
      host: `${domain}:${new URL(app.url).port}`,
      countedTest: onDomain.id,
    },
    "SplitLink paused test (no click sent)": { url: `${app.url}/r/${paused.slug}` },
  };
  /** Loads the target, then waits until the dashboard counts every click it sent. */
  const measure = async (target: Target, amount = REQUESTS) => {
    const figures = await load(target, amount);
    if (target.countedTest) {
      const total = (sent.get(target.countedTest) ?? 0) + amount;
      sent.set(target.countedTest, total);
      await restarted.waitForCounts(target.countedTest, { clicks: total });
    }
    return figures;
  };
  // A local workerd slows down as the requests it has served add up (p99 climbs round after round
  // even on a paused link that writes nothing), so the bare Worker serves as many requests as
  // SplitLink: one bare run next to each SplitLink run, and each ratio is taken per pair.
  for (const target of Object.values(targets)) {
    await measure(bareTarget, 500); // warm-up: KV, isolate, JIT
    await measure(target, 500);
  }
  const steal = watchCpuSteal();
  const bareRuns: Figures[] = [];
  const pairs = new Map<string, { own: Figures; bare: Figures }[]>(
    Object.keys(targets).map((name) => [name, []]),
  );
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, target] of Object.entries(targets)) {
      // Who goes first alternates, so neither side always runs right after the idle wait for clicks.
      const bareFirst = round % 2 === 0;
      const bare = bareFirst ? await measure(bareTarget) : undefined;
      const own = await measure(target);
      const pairedBare = bare ?? (await measure(bareTarget));
      bareRuns.push(pairedBare);
      pairs.get(name)?.push({ own, bare: pairedBare });
    }
  const clicksCounted = [...sent.values()].reduce((sum, n) => sum + n, 0);

  const medians = (runs: Figures[]): Figures => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
  });
  const ratios = new Map<string, Ratio>(
    [...pairs].map(([name, runs]) => [
      name,
      {
        rps: median(runs.map(({ own, bare }) => own.rps / bare.rps)),
        p99: median(runs.map(({ own, bare }) => own.p99 / bare.p99)),
      },
    ]),
  );
  const bare = medians(bareRuns);
  const row = (name: string, f: Figures, ratio?: Ratio) => ({
    request: name,
    "req/s": Math.round(f.rps),
    "p50 ms": f.p50,
    "p99 ms": f.p99,
    "req/s vs bare": fixed(ratio ? ratio.rps : f.rps / bare.rps),
    "p99 vs bare": fixed(ratio ? ratio.p99 : f.p99 / bare.p99),
  });
  const warm = ratios.get("SplitLink /r/{slug}, KV-warm") as Ratio;
  const custom = ratios.get("SplitLink custom domain /summer") as Ratio;
  printTable(
    `Redirect on wrangler dev: ${CONNECTIONS} connections, ${REQUESTS} requests x ${ROUNDS} rounds, each SplitLink run paired with a bare run next to it, alternately before and after (medians; ratios are medians of the pairs'); cold: ${cold.length} never-read slugs, one request each`,
    [
      row("fixed 302 Worker (bare)", bare),
      ...[...pairs].map(([name, runs]) => row(name, medians(runs.map((r) => r.own)), ratios.get(name))),
      row("SplitLink cold slug (KV miss -> D1)", coldFigures),
    ],
    `redirect: KV-warm link ${fixed(warm.rps)}x bare throughput (target >= 0.90: ${warm.rps >= 0.9 ? "MET" : "MISSED"}), p99 ${fixed(warm.p99)}x bare (target <= 1.25: ${warm.p99 <= 1.25 ? "MET" : "MISSED"}); custom domain ${fixed(custom.rps)}x / p99 ${fixed(custom.p99)}x; cold slug p50 ${coldFigures.p50} ms, p99 ${coldFigures.p99} ms; all ${clicksCounted} clicks sent were counted; ${steal()}`,
  );
} finally {
  await app.stop();
  await baseline.stop();
}
