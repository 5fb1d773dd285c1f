import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, inject, it } from "vitest";
import type { TestListResponse, TestStats } from "../../contract/api";
import { DECISION_ADDRESSES } from "../../contract/trust";
import { type Client, createTest, ORIGIN, signedUpClient } from "../../tests/worker/helpers";
import { getDb } from "../../worker/db/client";
import { eventsDb } from "../../worker/db/shards";
import worker from "../../worker/index";
import { heldBackOf } from "../../worker/services/analytics";
import { ownedTest } from "../../worker/services/split-tests";
import { NO_TOTALS, summarize, type VariantTotals } from "../../worker/statistics/summary";
import { verdictOf } from "../../worker/statistics/verdict";
import { fixed, median, printTable } from "../table";
import { meterD1 } from "./d1-meter";
import { deliver, Traffic } from "./traffic";

// The dashboard's list of tests with their stats, for a user whose 50 tests hold 1,000,000 clicks
// and 30,000 conversions (seeded through the queue consumer), next to the same list computed by
// counting raw rows (the naive way), in the same run.
const SCALE = inject("benchScale");
const TESTS = 50;
const CLICKS = 1_000_000 * SCALE;
const CONVERSIONS_PER_TEST = (30_000 * SCALE) / TESTS;
const HOURS = 14 * 24; // two weeks of traffic per test
const SEED_BATCH = 1_000;
const ROUNDS = 7;

function listRequest(client: Client): Request<unknown, IncomingRequestCfProperties> {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return new Request<unknown, IncomingRequestCfProperties>(`${ORIGIN}/api/tests`, {
    headers: { cookie, "cf-connecting-ip": client.ip },
  });
}

/** The real request, through the Worker, with the given D1 binding. */
async function listWithStats(client: Client, db: D1Database): Promise<Map<string, TestStats>> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(listRequest(client), { ...env, DB: db }, ctx);
  await waitOnExecutionContext(ctx);
  if (response.status !== 200) throw new Error(`list failed: ${response.status}`);
  const { tests } = (await response.json()) as TestListResponse;
  return new Map(tests.map((t) => [t.id, t.stats]));
}

/** The naive way: the user's tests, then counts over their raw clicks and conversions. */
async function naiveListWithStats(db: D1Database, userId: string): Promise<Map<string, TestStats>> {
  const owned = "SELECT id FROM split_tests WHERE user_id = ?1";
  const [tests, clicks, conversions] = await Promise.all([
    db.prepare(`${owned} ORDER BY created_at DESC`).bind(userId).all<{ id: string }>(),
    db
      .prepare(
        `SELECT split_test_id AS id, variant, count(*) AS clicks, count(DISTINCT session_id) AS visitors
         FROM clicks WHERE is_bot = 0 AND split_test_id IN (${owned}) GROUP BY split_test_id, variant`,
      )
      .bind(userId)
      .all<{ id: string; variant: "A" | "B"; clicks: number; visitors: number }>(),
    db
      .prepare(
        `SELECT split_test_id AS id, variant, count(*) AS conversions
         FROM conversions WHERE split_test_id IN (${owned}) GROUP BY split_test_id, variant`,
      )
      .bind(userId)
      .all<{ id: string; variant: "A" | "B"; conversions: number }>(),
  ]);
  const totals = new Map<string, Record<"A" | "B", VariantTotals>>();
  for (const { id } of tests.results)
    totals.set(id, {
      A: { ...NO_TOTALS },
      B: { ...NO_TOTALS },
    });
  for (const row of clicks.results) {
    const entry = totals.get(row.id)?.[row.variant];
    if (entry) Object.assign(entry, { clicks: row.clicks, visitors: row.visitors });
  }
  for (const row of conversions.results) {
    const entry = totals.get(row.id)?.[row.variant];
    if (entry) entry.conversions = row.conversions;
  }
  // The verdict on the same totals (the bench's conversions carry no address, so the forged-traffic
  // check holds nothing back).
  const stats = [...totals].map(
    async ([id, t]) =>
      [id, summarize([t.A, t.B], { verdict: await verdictOf("conversion_rate", [t.A, t.B], null) })] as const,
  );
  return new Map(await Promise.all(stats));
}

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  await run(); // warm
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

it(`lists ${TESTS} tests with ${CLICKS} clicks`, async () => {
  const { client, userId } = await signedUpClient();
  const testIds: string[] = [];
  for (let i = 0; i < TESTS; i++) testIds.push((await createTest(client, { name: `Bench test ${i}` })).id);
  const traffic = new Traffic(testIds, HOURS, CLICKS);

  const seedStarted = performance.now();
  for (let sent = 0; sent < CLICKS; sent += SEED_BATCH) {
    await deliver(traffic.clicks(SEED_BATCH), env);
    if ((sent + SEED_BATCH) % 250_000 === 0)
      console.log(
        `seeded ${sent + SEED_BATCH} clicks in ${fixed((performance.now() - seedStarted) / 1000, 0)} s`,
      );
  }
  const conversions = traffic.conversions(CONVERSIONS_PER_TEST);
  for (let i = 0; i < conversions.length; i += SEED_BATCH)
    await deliver(conversions.slice(i, i + SEED_BATCH), env);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  // Same answer both ways, or the comparison means nothing.
  const ours = await listWithStats(client, env.DB);
  expect(ours).toEqual(await naiveListWithStats(env.DB, userId));
  const { conversionsTotal } = (await env.DB.prepare(
    "SELECT count(*) AS conversionsTotal FROM conversions",
  ).first<{ conversionsTotal: number }>()) ?? { conversionsTotal: 0 };
  expect(conversionsTotal).toBe(conversions.length);
  const { rollupRows } = (await env.DB.prepare("SELECT count(*) AS rollupRows FROM test_stats_hourly").first<{
    rollupRows: number;
  }>()) ?? { rollupRows: 0 };

  // Time with the plain binding; count rows with the meter (it runs extra statements to read meta).
  const rollupMs = median(await timed(() => listWithStats(client, env.DB)));
  const naiveMs = median(await timed(() => naiveListWithStats(env.DB, userId)));
  const metered = meterD1(env.DB);
  await listWithStats(client, metered.db);
  const rollupRowsRead = metered.meter.rowsRead;
  metered.meter.reset();
  await naiveListWithStats(metered.db, userId);
  const naiveRowsRead = metered.meter.rowsRead;

  const speedup = naiveMs / rollupMs;
  printTable(
    `Dashboard: GET /api/tests, ${TESTS} tests, ${CLICKS} clicks and ${conversions.length} conversions over ${HOURS} h (seeded through the consumer in ${fixed(seedSeconds, 0)} s); medians of ${ROUNDS}`,
    [
      {
        way: "SplitLink (hourly rollup), whole request",
        "latency ms": fixed(rollupMs),
        "D1 rows read": rollupRowsRead,
      },
      {
        way: "naive (COUNT over raw rows), queries only",
        "latency ms": fixed(naiveMs),
        "D1 rows read": naiveRowsRead,
      },
    ],
    `dashboard: ${fixed(speedup, 1)}x faster than the naive count (target >= 20x): ${speedup >= 20 ? "MET" : "MISSED"}; rows read ${rollupRowsRead} vs ${naiveRowsRead} naive, ${rollupRows} rollup rows (tests x hours with traffic x variants); bound 2 reads per rollup row (index entry + row) + 4 per test (index entry, row, domain lookup, its id in the stats query's JSON list): ${rollupRowsRead <= 2 * rollupRows + 4 * TESTS ? "MET" : "MISSED"}`,
  );
}, 600_000);

// The held-back visitors (worker/services/analytics.ts heldBackOf, on a verdict that acts and the bandit's
// weights) of one test of 30 days: one pass over the phase's marked clicks, in its packs
// (migrations/0053_no_address_index.sql, 0054_click_packs.sql); D1 counts each unpacked click as a row read.
const HELD_CLICKS = 300_000 * SCALE;
const HELD_DAYS = 30;

it(`reads the held-back visitors of one test of ${HELD_CLICKS} clicks over ${HELD_DAYS} days`, async () => {
  // A new account's workspace has the account's id.
  const { client, userId } = await signedUpClient();
  const test = await createTest(client, { name: "Held back" });
  const traffic = new Traffic([test.id], HELD_DAYS * 24, HELD_CLICKS, { asRedirected: true });
  for (let sent = 0; sent < HELD_CLICKS; sent += SEED_BATCH) await deliver(traffic.clicks(SEED_BATCH), env);
  await deliver(traffic.conversions(Math.round(HELD_CLICKS * 0.03)), env);
  const row = await ownedTest(getDb(env.DB), userId, { id: test.id });
  const events = eventsDb(env, row.shard);
  const oneRun = async (db: D1Database) => heldBackOf(db, row, null);
  const metered = meterD1(events);
  const held = await oneRun(metered.db);
  const scan = { rowsRead: metered.meter.rowsRead, ms: median(await timed(() => oneRun(events))) };
  // The same visitors counted plainly: each held-back address's sessions of the phase, by variant.
  const { results: plain } = await events
    .prepare(
      `SELECT sum(visitors) AS visitors FROM (
         SELECT count(DISTINCT session_id) AS visitors FROM clicks
         WHERE split_test_id = ?1 AND is_bot = 0 AND phase = ?2 AND source IN (
           SELECT address FROM conversions WHERE split_test_id = ?1 AND address IS NOT NULL AND source = 'beacon'
           GROUP BY address ORDER BY count(*) DESC LIMIT ?3)
         GROUP BY variant, source)`,
    )
    .bind(row.id, row.phase, DECISION_ADDRESSES)
    .all<{ visitors: number }>();
  expect(held.reduce((sum, arm) => sum + arm.visitors, 0)).toBe(plain[0]?.visitors);
  expect(plain[0]?.visitors).toBeGreaterThan(0);
  printTable(
    `Held-back visitors of one test, ${HELD_CLICKS} clicks over ${HELD_DAYS} days; medians of ${ROUNDS}`,
    [{ way: "one pass over the phase's packs", "latency ms": fixed(scan.ms), "D1 rows read": scan.rowsRead }],
    `held back: ${fixed(scan.ms)} ms and ${scan.rowsRead} rows read in one pass over the phase's packs`,
  );
}, 600_000);
