// Redirect speed on wrangler dev: SplitLink's /r/{slug} on a KV hit next to a Worker that only
// answers a fixed 302, measured in the same run, alternating rounds so drift hits both alike.
import autocannon from "autocannon";
import { startLocalServer } from "../scripts/local-server.ts";

const REQUESTS = 1000;
const ROUNDS = 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);

interface RoundResult {
  mean: number;
  p50: number;
  p99: number;
}

async function measure(url: string): Promise<RoundResult> {
  const result = await autocannon({
    url,
    amount: REQUESTS,
    connections: CONNECTIONS,
    headers: {
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
    },
  });
  if (result.non2xx !== REQUESTS || result.errors > 0) {
    throw new Error(
      `${url}: expected ${REQUESTS} redirects, got ${result.non2xx} non-2xx and ${result.errors} errors`,
    );
  }
  return {
    mean: result.latency.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** Signs a bench user up and creates two tests: one live, one paused (its visits record nothing). */
async function createSplitLinks(origin: string): Promise<{ live: string; paused: string }> {
  const signup = await fetch(`${origin}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: "bench password 123" }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const access =
    signup.headers
      .getSetCookie()
      .find((c) => c.startsWith("sl_access="))
      ?.split(";")[0] ?? "";
  const create = async () => {
    const created = await fetch(`${origin}/api/tests`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, cookie: access },
      body: JSON.stringify({ name: "Bench", urlA: "https://example.com/a", urlB: "https://example.com/b" }),
    });
    if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
    return ((await created.json()) as { test: { id: string; slug: string } }).test;
  };
  const live = await create();
  const paused = await create();
  const pause = await fetch(`${origin}/api/tests/${paused.id}/pause`, {
    method: "POST",
    headers: { origin, cookie: access },
  });
  if (pause.status !== 200) throw new Error(`pause failed: ${pause.status}`);
  return { live: `${origin}/r/${live.slug}`, paused: `${origin}/r/${paused.slug}` };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const app = await startLocalServer({
  vars: { JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-000000" },
});
const baseline = await startLocalServer({ script: "bench/fixed-redirect.ts" });
try {
  const links = await createSplitLinks(app.url);
  const baselineUrl = `${baseline.url}/`;
  // Warm all: the first visit fills KV and the isolate's memory.
  for (const url of [links.live, links.paused, baselineUrl])
    await autocannon({ url, amount: 200, connections: CONNECTIONS });

  const rounds = {
    splitlink: [] as RoundResult[],
    paused: [] as RoundResult[],
    baseline: [] as RoundResult[],
  };
  for (let round = 0; round < ROUNDS; round++) {
    rounds.baseline.push(await measure(baselineUrl));
    rounds.splitlink.push(await measure(links.live));
    rounds.paused.push(await measure(links.paused));
  }
  const summary = (name: string, results: RoundResult[]) => ({
    name,
    mean: median(results.map((r) => r.mean)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
  });
  const ours = summary("SplitLink /r/{slug} (KV hit)", rounds.splitlink);
  const paused = summary("SplitLink, paused test (no click sent)", rounds.paused);
  const base = summary("fixed 302 Worker", rounds.baseline);
  console.log(
    `\nwrangler dev, ${REQUESTS} requests x ${ROUNDS} rounds each, ${CONNECTIONS} connection(s), medians of rounds`,
  );
  console.table(
    [ours, paused, base].map((r) => ({
      worker: r.name,
      "mean ms": r.mean.toFixed(2),
      "p50 ms": r.p50,
      "p99 ms": r.p99,
    })),
  );
  // With one connection, throughput is the inverse of the mean latency; autocannon's own req/s is quantised by its 1 s ticks.
  console.log(`mean-latency ratio SplitLink / fixed 302: ${(ours.mean / base.mean).toFixed(2)}x`);
  console.log(
    `throughput ratio SplitLink / fixed 302 (from mean latency): ${(base.mean / ours.mean).toFixed(2)}x (design target 0.9x)`,
  );
  console.log(
    `throughput ratio paused test (no click sent) / fixed 302: ${(base.mean / paused.mean).toFixed(2)}x`,
  );
} finally {
  await app.stop();
  await baseline.stop();
}
