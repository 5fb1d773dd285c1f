// The redirect next to fair limits, on wrangler dev, driven by autocannon at the same concurrency after a
// warm-up, each SplitLink run paired with a run of its reference next to it so drift hits both alike:
// - a link that records no click (paused) next to bench/fixed-redirect.ts, a Worker that only answers a
//   fixed 302;
// - a link that counts its clicks next to bench/recording-redirect.ts, a fixed 302 that also records each
//   click the cheapest way (one sendBatch per 100 ms window, one D1 statement per batch): a redirect that
//   counts cannot be as cheap as one that counts nothing. A first visit (new session, cookies set) and a
//   returning visitor (signed session cookie sent, no Set-Cookie back) are both measured against it.
// Both references run behind the same Static Assets router as the app. Cold slugs: links never read since
// the (re)start, KV emptied.
// - the live link next to the recording reference, and the paused link next to the bare 302, once more
//   with no consumer on either side's clicks queue: the redirect alone, as in production, where the
//   consumer and D1 do not share the redirect's process. Its live runs hand the shard's writer fewer
//   clicks than it writes at once, so that it holds them its 20 s and writes them after the run. These
//   run after the others, with the servers that have consumers stopped.
// Each measured run is primed with a few unmeasured requests, so that it starts with its link in the
// isolate's memory, as a busy link's. After each run that sends clicks, the bench waits until every one
// of them is recorded (the dashboard's counts for SplitLink, the clicks table for the recording
// reference): nothing may be lost, and the next run does not run next to the previous one's queue
// backlog (locally the queue consumer and its D1 writes share the process with the redirect).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startLocalServer } from "../scripts/local-server.ts";
import { ApiUser } from "../scripts/splitlink-api.ts";
import { watchCpuSteal } from "./cpu-steal.ts";
import {
  CONNECTIONS,
  configsWithoutConsumer,
  type Figures,
  firstVisitCookies,
  type LoadTarget,
  loadRedirects,
  recordedClicks,
} from "./load.ts";
import { fixed, median, printTable, quantile } from "./table.ts";

const REQUESTS = 2000;
/**
 * A run of the redirect alone: fewer clicks, with its priming's, than the shard's writer writes at once
 * (CLICKS_PER_WRITE, worker/queue/shard-writer.ts, 1,000), which it then holds its 20 s and writes after
 * the run, as the bench waits for. In production the writer's writes run in its own isolate and D1
 * elsewhere; here they would share the redirect's thread, twice a run of 2,000.
 */
const ALONE_REQUESTS = 900;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/**
 * Rounds of the redirect alone, which run last and cost some 40 s each: twice ROUNDS, since one run's
 * p99 of the same code ranges over 1.07–1.27 × its reference (bench/RESULTS.md §45).
 */
const ALONE_ROUNDS = Number(process.env.BENCH_ALONE_ROUNDS ?? 2 * ROUNDS);
/** Requests just before each measured run, unmeasured: the link read into the isolate's memory. */
const PRIMING_REQUESTS = 2 * CONNECTIONS;
const COLD_SLUGS = 300;
const VARS = { JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-000000", DEV_OUTBOX: "true" };
/** Issue #19, point 8: the live link against the recording reference, the paused one against the bare 302. */
const LIVE_RPS_TARGET = 0.95;
const LIVE_P99_TARGET = 1.15;
const PAUSED_RPS_TARGET = 0.95;
/** Issue #30, point 1: a flood from one address costs what the same load from many does. */
const FLOOD_RPS_TARGET = 0.9;

/**
 * A SplitLink figure over its reference's, median of the pairs; `rpsRange`, the pairs' lowest–highest;
 * `p99All`, the p99 of every answer of its runs over that of every answer of its references' runs.
 */
interface Ratio {
  rps: number;
  p99: number;
  p99All: number;
  rpsRange: string;
}

interface Target extends LoadTarget {
  /** Waits until all clicks of a run of `amount` requests are recorded; absent where none is sent. */
  recorded?: (amount: number) => Promise<void>;
}

interface Reference {
  name: string;
  target: Target;
}

/** A target's figures over its runs: medians of each, with no answers kept. */
type Medians = Omit<Figures, "latencies">;

/** Waits until `read` gives the running total of what was sent (more, or a timeout, is an error). */
function recordedBy(what: string, read: () => Promise<number>) {
  let sent = 0;
  return {
    get sent() {
      return sent;
    },
    add: (amount: number) => {
      sent += amount;
    },
    async wait(amount: number) {
      sent += amount;
      const deadline = Date.now() + 60_000;
      for (;;) {
        const counted = await read();
        if (counted === sent) return;
        if (counted > sent || Date.now() > deadline)
          throw new Error(`${what}: recorded ${counted}, sent ${sent}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

const load = (target: Target, amount = REQUESTS) => loadRedirects(target, amount);

const NO_CONSUMER = configsWithoutConsumer();
const app0 = await startLocalServer({ vars: VARS });
// The redirect alone: the live and the paused link, and the recording reference, once more on servers
// whose clicks queue has no consumer. Locally the consumer's D1 writes share workerd's thread with the
// redirect (a write holds every request behind it); in production they run in invocations and a database
// of their own. The recording reference's events stay in the local queue. The redirect hands its clicks to
// the shard's writer instead (worker/queue/shard-writer.ts), whose writes share the process too: there it
// holds them 20 s, as in production, and a run of ALONE_REQUESTS is written after the run, which waits.
const appAlone = await startLocalServer({
  vars: { ...VARS, CLICK_HOLD_SECONDS: "20" },
  config: NO_CONSUMER.app,
});
const recordingAloneServer = await startLocalServer({
  script: "bench/recording-redirect.ts",
  config: NO_CONSUMER.recording,
});
const bareServer = await startLocalServer({ script: "bench/fixed-redirect.ts" });
const recordingServer = await startLocalServer({
  script: "bench/recording-redirect.ts",
  config: "bench/recording.wrangler.toml",
});
let app = app0;
try {
  const user = await ApiUser.signUp(app.url);
  const live = await user.createTest();
  // Issue #22: audience rules a desktop visitor passes through (none matches), so every visit
  // evaluates them before the split and is counted like a live link's.
  const withRules = await user.createTest({
    rules: [
      {
        conditions: [{ type: "device", value: "mobile" }],
        action: { type: "redirect", url: "https://example.com/mobile" },
      },
      {
        conditions: [
          { type: "country", value: "DE" },
          { type: "language", value: "de" },
        ],
        action: { type: "redirect", url: "https://example.com/de" },
      },
      {
        conditions: [{ type: "query", name: "utm_source", value: "newsletter" }],
        action: { type: "redirect", url: "https://example.com/newsletter" },
      },
    ],
  });
  // Issue #30: the same load from one address (a flood) next to a live link's from distinct addresses.
  const flooded = await user.createTest();
  const distinct = await user.createTest();
  const paused = await user.createTest();
  await user.call("POST", `/api/tests/${paused.id}/pause`);
  const domain = `go${Date.now()}.bench.localhost`;
  const domainId = await user.verifiedDomain(domain);
  const onDomain = await user.createTest({ customDomainId: domainId, customSlug: "summer" });
  const aloneUser = await ApiUser.signUp(appAlone.url);
  const liveAlone = await aloneUser.createTest();
  const pausedAlone = await aloneUser.createTest();
  await aloneUser.call("POST", `/api/tests/${pausedAlone.id}/pause`);
  // Made by accounts of their own, 100 each: an account makes at most WRITES_PER_MINUTE changes a minute.
  const cold: string[] = [];
  for (let i = 0; i < COLD_SLUGS; i += 100) {
    const maker = await ApiUser.signUp(app.url);
    for (let j = i; j < Math.min(i + 100, COLD_SLUGS); j++)
      cold.push(`/r/${(await maker.createTest()).slug}`);
  }

  // "A deploy": fresh isolates, and a KV that has never seen the links (creating a test fills KV).
  await app.stop({ keepState: true });
  rmSync(join(app.persistDir, "v3", "kv"), { recursive: true, force: true });
  app = await startLocalServer({ vars: VARS, persistDir: app0.persistDir });

  const restarted = user.at(app.url);
  const counted = (testId: string) => {
    const clicks = recordedBy(`test ${testId}`, async () => {
      await restarted.waitForCounts(testId, { clicks: clicks.sent });
      return clicks.sent;
    });
    return clicks;
  };
  const liveClicks = counted(live.id);
  const recorded = recordedBy("recording reference", () => recordedClicks(recordingServer.url));
  // The readiness check of the recording reference was a click too.
  recorded.add(1);

  // A returning visitor: the cookies (signed session, pending conversion) of one first visit.
  const returningCookie = await firstVisitCookies(`${app.url}/r/${live.slug}`);
  liveClicks.add(1);

  const coldFigures = await load({ url: app.url, paths: cold }, cold.length);
  const bare: Reference = { name: "fixed 302 Worker (bare)", target: { url: `${bareServer.url}/` } };
  const recording: Reference = {
    name: "fixed 302 + recorded click",
    target: { url: `${recordingServer.url}/`, recorded: (amount) => recorded.wait(amount) },
  };
  const recordingAlone: Reference = {
    name: "fixed 302 + recorded click, no consumer",
    target: { url: `${recordingAloneServer.url}/` },
  };
  const liveUrl = `${app.url}/r/${live.slug}`;
  const onDomainClicks = counted(onDomain.id);
  const withRulesClicks = counted(withRules.id);
  const FIRST = "SplitLink /r/{slug}, KV-warm, first visit";
  const RETURNING = "SplitLink /r/{slug}, returning visitor";
  const PAUSED = "SplitLink paused test (no click sent)";
  const FLOOD = "SplitLink /r/{slug}, every visitor from one address";
  const FIRST_ALONE = "SplitLink /r/{slug}, first visit, no consumer";
  const PAUSED_ALONE = "SplitLink paused test, no consumer";
  const taken = (slug: string) => {
    let sent = 0;
    return (amount: number) => {
      sent += amount;
      return restarted.waitForVisits(slug, sent);
    };
  };
  const distinctAddresses: Reference = {
    name: "SplitLink /r/{slug}, a new address for each visitor",
    target: { url: `${app.url}/r/${distinct.slug}`, recorded: taken(distinct.slug) },
  };
  const aloneClicks = recordedBy(`test ${liveAlone.id}`, async () => {
    await aloneUser.waitForCounts(liveAlone.id, { clicks: aloneClicks.sent });
    return aloneClicks.sent;
  });
  /** `amount`: the requests of each of its runs and its reference's (REQUESTS unless given). */
  const targets: Record<string, { target: Target; reference: Reference; amount?: number }> = {
    [FIRST]: { target: { url: liveUrl, recorded: (n) => liveClicks.wait(n) }, reference: recording },
    [RETURNING]: {
      target: { url: liveUrl, cookie: returningCookie, recorded: (n) => liveClicks.wait(n) },
      reference: recording,
    },
    "SplitLink custom domain /summer": {
      target: {
        url: `${app.url}/summer`,
        host: `${domain}:${new URL(app.url).port}`,
        recorded: (n) => onDomainClicks.wait(n),
      },
      reference: recording,
    },
    "SplitLink /r/{slug} with 3 audience rules": {
      target: { url: `${app.url}/r/${withRules.slug}`, recorded: (n) => withRulesClicks.wait(n) },
      reference: recording,
    },
    [PAUSED]: { target: { url: `${app.url}/r/${paused.slug}` }, reference: bare },
    [FLOOD]: {
      target: { url: `${app.url}/r/${flooded.slug}`, address: "203.0.113.7", recorded: taken(flooded.slug) },
      reference: distinctAddresses,
    },
    [FIRST_ALONE]: {
      target: { url: `${appAlone.url}/r/${liveAlone.slug}`, recorded: (n) => aloneClicks.wait(n) },
      reference: recordingAlone,
      amount: ALONE_REQUESTS,
    },
    [PAUSED_ALONE]: { target: { url: `${appAlone.url}/r/${pausedAlone.slug}` }, reference: bare },
  };
  /**
   * Primes the target, loads it, then waits until every click it sent is recorded. A round comes back to
   * a link minutes after its last run, long past the isolate's 20 s (ISOLATE_CACHE_TTL_MS), so without
   * the priming every run began with one read of KV for each connection, the link's and its workspace's
   * rules, as a busy link's isolate does once in 20 s: 10 answers of a run of 900 were 1.1 % of it, and
   * were its p99 (bench/RESULTS.md §45). The cold slug row measures those reads; the references are
   * primed alike.
   */
  const measure = async (target: Target, amount = REQUESTS) => {
    await load(target, PRIMING_REQUESTS);
    const figures = await load(target, amount);
    await target.recorded?.(PRIMING_REQUESTS + amount);
    return figures;
  };
  // A local workerd slows down as the requests it has served add up (p99 climbs round after round
  // even on a paused link that writes nothing), so a reference serves as many requests as SplitLink:
  // one reference run next to each SplitLink run, and each ratio is taken per pair.
  for (const { target, reference } of Object.values(targets)) {
    await measure(reference.target, 500); // warm-up: KV, isolate, JIT
    await measure(target, 500);
  }
  const steal = watchCpuSteal();
  const referenceRuns = new Map<Reference, Figures[]>([
    [bare, []],
    [recording, []],
    [distinctAddresses, []],
    [recordingAlone, []],
  ]);
  const pairs = new Map<string, { own: Figures; reference: Figures }[]>(
    Object.keys(targets).map((name) => [name, []]),
  );
  const runRounds = async (entries: [string, (typeof targets)[string]][], rounds: number) => {
    for (let round = 0; round < rounds; round++)
      for (const [name, { target, reference, amount }] of entries) {
        // Who goes first alternates, so neither side always runs right after the idle wait for clicks.
        const referenceFirst = round % 2 === 0;
        const before = referenceFirst ? await measure(reference.target, amount) : undefined;
        const own = await measure(target, amount);
        const paired = before ?? (await measure(reference.target, amount));
        referenceRuns.get(reference)?.push(paired);
        pairs.get(name)?.push({ own, reference: paired });
      }
  };
  const aloneNames = [FIRST_ALONE, PAUSED_ALONE];
  const entries = Object.entries(targets);
  await runRounds(
    entries.filter(([name]) => !aloneNames.includes(name)),
    ROUNDS,
  );
  // The redirect alone runs by itself, the servers with consumers stopped: a run of theirs left work
  // behind (its consumer's and writer's D1 writes, in their own workerd), which took the two cores from
  // whichever alone run came next (bench/RESULTS.md §45).
  await app.stop();
  await recordingServer.stop();
  await runRounds(
    entries.filter(([name]) => aloneNames.includes(name)),
    ALONE_ROUNDS,
  );
  const clicksCounted = liveClicks.sent + onDomainClicks.sent + withRulesClicks.sent + aloneClicks.sent;

  const medians = (runs: Figures[]): Medians => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
  });
  // Two runs of the same code differ by more than the targets' margins: the pairs' spread says how much.
  const range = (values: number[]) => `${fixed(Math.min(...values))}–${fixed(Math.max(...values))}`;
  const ratios = new Map<string, Ratio>(
    [...pairs].map(([name, runs]) => {
      const rps = runs.map(({ own, reference }) => own.rps / reference.rps);
      // A run's p99 is its 20 slowest answers, and on two cores those are whatever else ran in those
      // moments: the same code's pairs range over 0.9–1.8 ×. Over all rounds' answers it is set by 140.
      const p99Of = (side: "own" | "reference") =>
        quantile(
          runs.flatMap((run) => run[side].latencies),
          0.99,
        );
      return [
        name,
        {
          rps: median(rps),
          p99: median(runs.map(({ own, reference }) => own.p99 / reference.p99)),
          p99All: p99Of("own") / p99Of("reference"),
          rpsRange: range(rps),
        },
      ];
    }),
  );
  const bareFigures = medians(referenceRuns.get(bare) ?? []);
  const recordingFigures = medians(referenceRuns.get(recording) ?? []);
  const row = (name: string, f: Medians, reference: string, ratio: Ratio) => ({
    request: name,
    "req/s": Math.round(f.rps),
    "p50 ms": f.p50,
    "p99 ms": f.p99,
    against: reference,
    "req/s vs it": fixed(ratio.rps),
    "pairs' range": ratio.rpsRange,
    "p99 vs it": fixed(ratio.p99),
    "p99 vs it, all answers": Number.isNaN(ratio.p99All) ? "" : fixed(ratio.p99All),
  });
  // Medians over medians: no pairs.
  const overBare = (f: Medians): Ratio => ({
    rps: f.rps / bareFigures.rps,
    p99: f.p99 / bareFigures.p99,
    p99All: Number.NaN,
    rpsRange: "",
  });
  const firstRatio = ratios.get(FIRST) as Ratio;
  const pausedRatio = ratios.get(PAUSED) as Ratio;
  const returningRatio = ratios.get(RETURNING) as Ratio;
  const floodRatio = ratios.get(FLOOD) as Ratio;
  const firstAloneRatio = ratios.get(FIRST_ALONE) as Ratio;
  const pausedAloneRatio = ratios.get(PAUSED_ALONE) as Ratio;
  const firstFigures = medians((pairs.get(FIRST) ?? []).map((r) => r.own));
  const returningFigures = medians((pairs.get(RETURNING) ?? []).map((r) => r.own));
  const verdict = (met: boolean) => (met ? "MET" : "MISSED");
  printTable(
    `Redirect on wrangler dev: ${CONNECTIONS} connections, ${REQUESTS} requests x ${ROUNDS} rounds (the live link alone ${ALONE_REQUESTS}; the redirect alone ${ALONE_ROUNDS} rounds), each SplitLink run paired with a run of its reference next to it, alternately before and after (medians; ratios are medians of the pairs'); cold: ${cold.length} never-read slugs, one request each`,
    [
      row(bare.name, bareFigures, "bare", overBare(bareFigures)),
      row(recording.name, recordingFigures, "bare", overBare(recordingFigures)),
      ...[...pairs].map(([name, runs]) =>
        row(
          name,
          medians(runs.map((r) => r.own)),
          targets[name]?.reference === bare
            ? "bare"
            : targets[name]?.reference === distinctAddresses
              ? "distinct addresses"
              : targets[name]?.reference === recordingAlone
                ? "recording, no consumer"
                : "recording",
          ratios.get(name) as Ratio,
        ),
      ),
      row("SplitLink cold slug (KV miss -> D1)", coldFigures, "bare", overBare(coldFigures)),
    ],
    `redirect: live link ${fixed(firstRatio.rps)}x the recording reference's throughput (pairs ${firstRatio.rpsRange}; target >= ${LIVE_RPS_TARGET}: ${verdict(firstRatio.rps >= LIVE_RPS_TARGET)}), p99 ${fixed(firstRatio.p99)}x the pairs' median, ${fixed(firstRatio.p99All)}x over all answers (target <= ${LIVE_P99_TARGET} over all answers: ${verdict(firstRatio.p99All <= LIVE_P99_TARGET)}); paused link ${fixed(pausedRatio.rps)}x bare throughput (pairs ${pausedRatio.rpsRange}; target >= ${PAUSED_RPS_TARGET}: ${verdict(pausedRatio.rps >= PAUSED_RPS_TARGET)}), p99 ${fixed(pausedRatio.p99)}x; returning visitor ${fixed(returningRatio.rps)}x recording / p99 ${fixed(returningRatio.p99)}x (${Math.round(returningFigures.rps)} vs first visit ${Math.round(firstFigures.rps)} req/s, no Set-Cookie in any answer); recording reference ${fixed(recordingFigures.rps / bareFigures.rps)}x bare; cold slug p50 ${coldFigures.p50} ms, p99 ${coldFigures.p99} ms; one-address flood ${fixed(floodRatio.rps)}x the same load from distinct addresses (target >= ${FLOOD_RPS_TARGET}: ${verdict(floodRatio.rps >= FLOOD_RPS_TARGET)}), p99 ${fixed(floodRatio.p99)}x; without consumers (the redirect alone): live link ${fixed(firstAloneRatio.rps)}x the recording reference's throughput (pairs ${firstAloneRatio.rpsRange}; target >= ${LIVE_RPS_TARGET}: ${verdict(firstAloneRatio.rps >= LIVE_RPS_TARGET)}), p99 ${fixed(firstAloneRatio.p99)}x the pairs' median, ${fixed(firstAloneRatio.p99All)}x over all answers (target <= ${LIVE_P99_TARGET}: ${verdict(firstAloneRatio.p99All <= LIVE_P99_TARGET)}), paused link ${fixed(pausedAloneRatio.rps)}x bare, p99 ${fixed(pausedAloneRatio.p99All)}x over all answers; all ${clicksCounted} clicks sent to SplitLink were counted, all ${recorded.sent} to the recording reference recorded; ${steal()}`,
  );
} finally {
  await app.stop();
  await bareServer.stop();
  await recordingServer.stop();
  await appAlone.stop();
  await recordingAloneServer.stop();
  NO_CONSUMER.remove();
}
