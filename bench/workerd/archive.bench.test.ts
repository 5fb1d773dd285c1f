import { env } from "cloudflare:test";
import { expect, inject, it } from "vitest";
import { type Client, createTest, runCron, signedUpClient } from "../../tests/worker/helpers";
import { QUERIES_PER_RUN } from "../../worker/archive/run";
import { CRONS } from "../../worker/crons";
import { eventId } from "../../worker/lib/ids";
import type { ClickEvent, ConversionEvent } from "../../worker/queue/events";
import { writeClicks, writeConversions } from "../../worker/queue/record";
import { fixed, median, printTable } from "../table";
import { meterD1 } from "./d1-meter";

// The archive cron against a backlog: 200,000 clicks and 3 % conversions (BENCH_SCALE scales them)
// on 10 days past the attribution window, 20 tests, written by the consumer's own statements with
// their old times, plus a recent day. The cron runs as Cloudflare starts it until the backlog is in
// R2; then one test's CSV export (archived days and the recent one); then deleting a test with
// 300,000 recent clicks, which the same cron purges in chunks.
const SCALE = inject("benchScale");
const CLICKS = Math.round(200_000 * SCALE);
const RECENT_CLICKS = Math.round(10_000 * SCALE);
const PURGE_CLICKS = Math.round(300_000 * SCALE);
const TESTS = 20;
const DAYS = 10;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FOREVER = 10_000 * DAY;
const WRITE_BATCH = 1000;

/** `count` clicks spread over the tests, from `start` over `span` ms; a 3 % share converts an hour later. */
async function seed(testIds: string[], count: number, start: number, span: number) {
  const clicks: ClickEvent[] = [];
  const conversions: ConversionEvent[] = [];
  for (let i = 0; i < count; i++) {
    const timestamp = start + Math.floor((i / count) * span);
    const testId = testIds[i % testIds.length] ?? "";
    const sessionId = crypto.randomUUID();
    clicks.push({
      type: "click",
      id: eventId(),
      testId,
      variant: i % 2 ? "B" : "A",
      sessionId,
      isBot: false,
      timestamp,
    });
    if (i % 33 === 0)
      conversions.push({
        type: "conversion",
        id: eventId(),
        testId,
        sessionId,
        timestamp: timestamp + HOUR,
      });
  }
  for (let i = 0; i < clicks.length; i += WRITE_BATCH)
    await writeClicks(env.DB, clicks.slice(i, i + WRITE_BATCH));
  for (let i = 0; i < conversions.length; i += WRITE_BATCH)
    await writeConversions(env.DB, conversions.slice(i, i + WRITE_BATCH), FOREVER);
  return clicks.length + conversions.length;
}

const rawEvents = async (testIds: string[]) =>
  (
    await env.DB.prepare(
      `SELECT (SELECT count(*) FROM clicks WHERE split_test_id IN (SELECT value FROM json_each(?1)))
            + (SELECT count(*) FROM conversions WHERE split_test_id IN (SELECT value FROM json_each(?1))) AS n`,
    )
      .bind(JSON.stringify(testIds))
      .first<{ n: number }>()
  )?.n ?? 0;

/** The events CSV of a test, timed on its second fetch (the first warms the isolate up). */
async function timedExport(client: Client, testId: string) {
  await client.json("POST", "/api/auth/refresh");
  await (await client.fetch(`/api/tests/${testId}/export/events.csv`)).text();
  const started = performance.now();
  const text = await (await client.fetch(`/api/tests/${testId}/export/events.csv`)).text();
  return { text, seconds: (performance.now() - started) / 1000, events: text.split("\r\n").length - 2 };
}

async function archivedBytes(testIds: string[]) {
  let bytes = 0;
  let objects = 0;
  for (const testId of testIds) {
    let cursor: string | undefined;
    do {
      const page = await env.ARCHIVE.list({ prefix: `events/${testId}/`, cursor });
      for (const object of page.objects) {
        bytes += object.size;
        objects += 1;
      }
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  return { bytes, objects };
}

it(`archives ${CLICKS} clicks and their conversions past the window, and exports and deletes them`, async () => {
  const { client } = await signedUpClient();
  const testIds: string[] = [];
  for (let i = 0; i < TESTS; i++) testIds.push((await createTest(client)).id);
  const today = Math.floor(Date.now() / DAY) * DAY;
  const old = await seed(testIds, CLICKS, today - (35 + DAYS) * DAY, DAYS * DAY);
  const recent = await seed(testIds, RECENT_CLICKS, Date.now() - 6 * HOUR, 5 * HOUR);
  const sizeBefore = (await env.DB.prepare("SELECT 1").all()).meta.size_after;
  const [exported] = testIds;
  const before = await timedExport(client, exported ?? "");

  const runs: { events: number; seconds: number }[] = [];
  let left = await rawEvents(testIds);
  const { db, meter } = meterD1(env.DB);
  while (left > recent) {
    const started = performance.now();
    await runCron(CRONS.archive, { ...env, DB: db });
    const seconds = (performance.now() - started) / 1000;
    const now = await rawEvents(testIds);
    runs.push({ events: left - now, seconds });
    left = now;
    if (runs.length > 500) throw new Error("the archive does not catch up");
  }
  const { bytes, objects } = await archivedBytes(testIds);
  const moved = runs.reduce((sum, run) => sum + run.events, 0);
  expect(moved).toBe(old);
  const full = runs.filter((run) => run.events > 0).slice(0, -1);
  const perRun = median((full.length > 0 ? full : runs).map((run) => run.events));
  const perSecond = median((full.length > 0 ? full : runs).map((run) => run.events / run.seconds));
  const after = await timedExport(client, exported ?? "");
  expect(after.text).toBe(before.text);
  const d1BytesPerEvent = sizeBefore / (old + recent);

  // Deleting a big test: gone at once, then purged by the same cron.
  const deleted = (await createTest(client)).id;
  await seed([deleted], PURGE_CLICKS, Date.now() - 5 * HOUR, 4 * HOUR);
  const deletedEvents = await rawEvents([deleted]);
  // The access token lives 15 minutes: a full-scale run takes longer.
  await client.json("POST", "/api/auth/refresh");
  expect((await client.json("DELETE", `/api/tests/${deleted}`)).status).toBe(200);
  let purgeRuns = 0;
  const purgeStarted = performance.now();
  for (;;) {
    await runCron(CRONS.archive);
    purgeRuns += 1;
    const row = await env.DB.prepare("SELECT count(*) AS n FROM split_tests WHERE id = ?")
      .bind(deleted)
      .first<{ n: number }>();
    if (row?.n === 0) break;
  }
  const purgeSeconds = (performance.now() - purgeStarted) / 1000;

  printTable(
    `Archive: ${old} events (${CLICKS} clicks, ${TESTS} tests, ${DAYS} days past the window) moved by the cron, ${QUERIES_PER_RUN} queries a run`,
    [
      {
        runs: runs.length,
        objects,
        "events / run": perRun,
        "seconds / run": fixed(median(runs.map((run) => run.seconds)), 2),
        "events / s in a run": Math.round(perSecond),
        "D1 rows written / event": fixed(meter.rowsWritten / old, 2),
        "R2 bytes / event": fixed(bytes / old, 1),
        "D1 bytes / event (whole DB)": fixed(d1BytesPerEvent, 0),
      },
    ],
    `archive: ${perRun} events a run at ${Math.round(perSecond)} events/s, ${fixed(meter.rowsWritten / old, 2)} D1 rows written (deleted) per event, ${fixed(bytes / old, 1)} B/event in R2 (gzip NDJSON), ${objects} objects for ${TESTS * DAYS} test-days`,
  );
  printTable(
    `Export of one test: ${after.events} events, ${DAYS} archived days and a recent one, against the same export before archiving`,
    [
      {
        way: "all in D1",
        events: before.events,
        seconds: fixed(before.seconds, 2),
        "events / s": Math.round(before.events / before.seconds),
      },
      {
        way: "archived + D1",
        events: after.events,
        seconds: fixed(after.seconds, 2),
        "events / s": Math.round(after.events / after.seconds),
      },
    ],
    `export: identical CSV (${after.events} events) at ${Math.round(after.events / after.seconds)} events/s from R2 + D1 vs ${Math.round(before.events / before.seconds)} from D1 alone`,
  );
  printTable(
    `Deleting a test with ${deletedEvents} events in D1 (and its rollup)`,
    [
      {
        "cron runs": purgeRuns,
        seconds: fixed(purgeSeconds, 2),
        "events / run": Math.round(deletedEvents / purgeRuns),
        "events / s": Math.round(deletedEvents / purgeSeconds),
      },
    ],
    `purge: ${deletedEvents} events in ${purgeRuns} cron run(s), ${fixed(purgeSeconds, 2)} s (${Math.round(deletedEvents / purgeSeconds)} events/s)`,
  );
}, 3_600_000);
