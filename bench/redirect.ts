// Redirect speed on wrangler dev: SplitLink's /r/{slug} on a KV hit next to a Worker that only
// answers a fixed 302, measured in the same run, alternating rounds so drift hits both alike.
import autocannon from "autocannon";
import { startLocalServer } from "../scripts/local-server.ts";

const REQUESTS = 1000;
const ROUNDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);

interface RoundResult {
  p50: number;
  p99: number;
  rps: number;
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
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

async function createSplitLink(origin: string): Promise<string> {
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
  const created = await fetch(`${origin}/api/tests`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie: access },
    body: JSON.stringify({ name: "Bench", urlA: "https://example.com/a", urlB: "https://example.com/b" }),
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const { test } = (await created.json()) as { test: { slug: string } };
  return `${origin}/r/${test.slug}`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const app = await startLocalServer({
  vars: { JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-000000" },
});
const baseline = await startLocalServer({ script: "bench/fixed-redirect.ts" });
try {
  const splitLink = await createSplitLink(app.url);
  const baselineUrl = `${baseline.url}/`;
  // Warm both: the first visit fills KV and the isolate's memory.
  await autocannon({ url: splitLink, amount: 200, connections: CONNECTIONS });
  await autocannon({ url: baselineUrl, amount: 200, connections: CONNECTIONS });

  const rounds = { splitlink: [] as RoundResult[], baseline: [] as RoundResult[] };
  for (let round = 0; round < ROUNDS; round++) {
    rounds.baseline.push(await measure(baselineUrl));
    rounds.splitlink.push(await measure(splitLink));
  }
  const summary = (name: string, results: RoundResult[]) => ({
    name,
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    rps: median(results.map((r) => r.rps)),
  });
  const ours = summary("SplitLink /r/{slug} (KV hit)", rounds.splitlink);
  const base = summary("fixed 302 Worker", rounds.baseline);
  console.log(
    `\nwrangler dev, ${REQUESTS} requests x ${ROUNDS} rounds each, ${CONNECTIONS} connection(s), medians of rounds`,
  );
  console.table(
    [ours, base].map((r) => ({ worker: r.name, "p50 ms": r.p50, "p99 ms": r.p99, "req/s": r.rps })),
  );
  console.log(
    `throughput ratio SplitLink / fixed 302: ${(ours.rps / base.rps).toFixed(2)}x (design target 0.9x)`,
  );
  console.log(
    `p50 latency ratio SplitLink / fixed 302: ${(ours.p50 / Math.max(base.p50, 0.001)).toFixed(2)}x`,
  );
} finally {
  await app.stop();
  await baseline.stop();
}
