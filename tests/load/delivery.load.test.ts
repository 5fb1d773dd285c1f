import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalServer, startLocalServer } from "../../scripts/local-server";
import { visitorAddress } from "../../scripts/splitlink-api";

// Nothing lost, nothing doubled, nothing forged under load: thousands of redirects and beacons through
// `wrangler dev` (real queue, real local D1), counted afterwards through the app's own API.
// Counts: LOAD_REDIRECTS / LOAD_BEACONS override the 5,000 and 1,000.

const REDIRECTS = Number(process.env.LOAD_REDIRECTS ?? 5000);
const BEACONS = Number(process.env.LOAD_BEACONS ?? 1000);
const CONCURRENCY = 50;
const BOT_SHARE = 0.1;
const DUPLICATE_BEACONS = Math.round(BEACONS * 0.2);
const FORGED_BEACONS = Math.round(BEACONS * 0.1);
const VALID_BEACONS = BEACONS - DUPLICATE_BEACONS - FORGED_BEACONS;

const HUMAN_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const BOT_UA = "Googlebot/2.1 (+http://www.google.com/bot.html)";

interface Stats {
  clicksA: number;
  clicksB: number;
  visitorsA: number;
  visitorsB: number;
  conversionsA: number;
  conversionsB: number;
}

interface EventRow {
  event: string;
  variant: string;
  sessionId: string;
  bot: boolean;
}

let server: LocalServer;
let cookie = "";
let test: { id: string; slug: string; urlA: string; urlB: string };

/** Runs the jobs with at most `limit` at a time; answers their results in order. */
async function pool<T>(count: number, limit: number, job: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await job(index);
      }
    }),
  );
  return results;
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("origin", server.url);
  headers.set("content-type", "application/json");
  if (cookie) headers.set("cookie", cookie);
  return fetch(`${server.url}${path}`, { ...init, headers });
}

async function stats(): Promise<Stats> {
  const response = await api(`/api/tests/${test.slug}`);
  return ((await response.json()) as { test: { stats: Stats } }).test.stats;
}

async function events(): Promise<EventRow[]> {
  const text = await (await api(`/api/tests/${test.id}/export/events.csv`)).text();
  return text
    .trim()
    .split("\r\n")
    .slice(1)
    .map((line) => {
      const [event = "", , variant = "", sessionId = "", bot = ""] = line.split(",");
      return { event, variant, sessionId, bot: bot === "true" };
    });
}

/** Polls until `done` holds of the events, then waits for one more queue batch to show nothing else arrives. */
async function drained(done: (rows: EventRow[]) => boolean, timeoutMs = 120_000): Promise<EventRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await events();
    if (done(rows)) break;
    if (Date.now() > deadline) throw new Error(`the queue did not drain in time (${rows.length} events)`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // max_batch_timeout is 2 s: anything still under way (a duplicate, a retry) would land by then.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  return events();
}

function count<T>(items: T[], predicate: (item: T) => boolean): number {
  return items.reduce((n, item) => n + (predicate(item) ? 1 : 0), 0);
}

beforeAll(async () => {
  server = await startLocalServer({
    vars: { JWT_SECRET: "load-secret-that-is-long-enough-for-hs256-0123456789" },
  });
  const credentials = JSON.stringify({
    email: `load-${Date.now()}@example.com`,
    password: "correct horse battery staple",
  });
  await api("/api/auth/signup", { method: "POST", body: credentials });
  const login = await api("/api/auth/login", { method: "POST", body: credentials });
  cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const created = await api("/api/tests", {
    method: "POST",
    body: JSON.stringify({ name: "Load", urlA: "https://shop.example/a", urlB: "https://shop.example/b" }),
  });
  expect(created.status).toBe(201);
  test = ((await created.json()) as { test: typeof test }).test;
});

afterAll(async () => {
  await server?.stop();
});

describe("under load", () => {
  const humanSessions: { sessionId: string; variant: string }[] = [];

  it(`records exactly one click per request of ${REDIRECTS} redirects at concurrency ${CONCURRENCY}`, async () => {
    const started = performance.now();
    const visits = await pool(REDIRECTS, CONCURRENCY, async (i) => {
      const bot = i % Math.round(1 / BOT_SHARE) === 0;
      const response = await fetch(`${server.url}/r/${test.slug}?utm_source=load`, {
        redirect: "manual",
        headers: { "user-agent": bot ? BOT_UA : HUMAN_UA, "cf-connecting-ip": visitorAddress(i) },
      });
      await response.arrayBuffer();
      const location = new URL(response.headers.get("location") ?? "http://missing/");
      return {
        status: response.status,
        bot,
        sessionId: location.searchParams.get("sessionId") ?? "",
        variant: location.searchParams.get("variant") ?? "",
      };
    });
    const sent = performance.now();
    expect(visits.every((v) => v.status === 302)).toBe(true);
    const humans = visits.filter((v) => !v.bot);
    humanSessions.push(...humans);
    const bots = visits.length - humans.length;

    const rows = await drained((found) => count(found, (r) => r.event === "click") >= REDIRECTS);
    const clicks = rows.filter((r) => r.event === "click");
    const humanClicks = clicks.filter((r) => !r.bot);
    console.log(
      `load: ${REDIRECTS} redirects sent in ${((sent - started) / 1000).toFixed(1)} s ` +
        `(${Math.round(REDIRECTS / ((sent - started) / 1000))}/s), all in D1 after ${((performance.now() - started) / 1000).toFixed(1)} s (incl. 5 s settle)`,
    );

    // One row per request, none twice: every visitor was new, so every session is one click.
    expect(humanClicks).toHaveLength(humans.length);
    expect(clicks.length - humanClicks.length).toBe(bots);
    expect(new Set(humanClicks.map((r) => r.sessionId)).size).toBe(humans.length);
    expect(new Set(humanClicks.map((r) => `${r.sessionId}|${r.variant}`))).toEqual(
      new Set(humans.map((v) => `${v.sessionId}|${v.variant}`)),
    );

    // The hourly rollup the dashboard reads agrees with the raw rows (bots are not counted there).
    const rollup = await stats();
    const rawA = count(humanClicks, (r) => r.variant === "A");
    expect(rollup.clicksA).toBe(rawA);
    expect(rollup.clicksB).toBe(humans.length - rawA);
    expect(rollup.visitorsA).toBe(rawA);
    expect(rollup.visitorsB).toBe(humans.length - rawA);
  });

  it(`counts exactly the valid conversions of ${BEACONS} beacons (${DUPLICATE_BEACONS} duplicates, ${FORGED_BEACONS} forged)`, async () => {
    expect(humanSessions.length).toBeGreaterThanOrEqual(VALID_BEACONS);
    const converted = humanSessions.slice(0, VALID_BEACONS);
    const beacons = [
      ...converted.map((v) => ({ splitTestId: test.id, sessionId: v.sessionId, variant: v.variant })),
      ...Array.from({ length: DUPLICATE_BEACONS }, (_, i) => {
        const v = converted[i % converted.length];
        // A duplicate may even claim the other variant: the click's variant is what counts.
        return { splitTestId: test.id, sessionId: v?.sessionId, variant: i % 2 ? "A" : "B" };
      }),
      ...Array.from({ length: FORGED_BEACONS }, (_, i) => ({
        splitTestId: i % 2 ? test.id : crypto.randomUUID(),
        sessionId: crypto.randomUUID(),
        variant: "B",
      })),
    ];
    const started = performance.now();
    const statuses = await pool(beacons.length, CONCURRENCY, async (i) => {
      const response = await fetch(`${server.url}/functions/v1/conversions`, {
        method: "POST",
        headers: {
          "content-type": "text/plain",
          origin: "https://shop.example",
          "cf-connecting-ip": `172.16.${i >> 8}.${i & 255}`,
        },
        body: JSON.stringify(beacons[i]),
      });
      await response.arrayBuffer();
      return response.status;
    });
    const sent = performance.now();
    expect(statuses.every((s) => s === 202)).toBe(true);

    const rows = await drained((found) => count(found, (r) => r.event === "conversion") >= VALID_BEACONS);
    console.log(
      `load: ${BEACONS} beacons sent in ${((sent - started) / 1000).toFixed(1)} s, ` +
        `conversions in D1 after ${((performance.now() - started) / 1000).toFixed(1)} s (incl. 5 s settle)`,
    );
    const conversions = rows.filter((r) => r.event === "conversion");
    expect(conversions).toHaveLength(VALID_BEACONS);
    expect(new Set(conversions.map((r) => `${r.sessionId}|${r.variant}`))).toEqual(
      new Set(converted.map((v) => `${v.sessionId}|${v.variant}`)),
    );
    const rollup = await stats();
    const rawA = count(conversions, (r) => r.variant === "A");
    expect(rollup.conversionsA).toBe(rawA);
    expect(rollup.conversionsB).toBe(VALID_BEACONS - rawA);
  });
});
