import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, inject, it } from "vitest";
import {
  createTest,
  HUMAN,
  ORIGIN,
  shardWritersUsing,
  signedUpClient,
  uniqueIp,
  writersReportingCalls,
} from "../../tests/worker/helpers";
import { ARCHIVE_READ_EVENTS } from "../../worker/archive/archive";
import { eventPage } from "../../worker/archive/rows";
import { writeObject } from "../../worker/archive/store";
import { HOUR_MS, indexNextDay, indexNextHour } from "../../worker/db/click-packs";
import { compactHours } from "../../worker/db/hour-stats";
import { compactSegments } from "../../worker/db/segments";
import worker from "../../worker/index";
import { ISOLATE_CACHE_TTL_MS } from "../../worker/link-cache/isolate-cache";
import { LOCATION_CACHE_TTL_SECONDS } from "../../worker/link-cache/location-cache";
import type { TrackingEvent } from "../../worker/queue/events";
import { batchWindowMs, MAX_PACKED_EVENTS } from "../../worker/queue/producer";
import { writeClicks } from "../../worker/queue/record";
import { BANDIT_UPDATE_MS } from "../../worker/statistics/bandit";
import {
  dollarsPerMillion,
  monthlyBill,
  PRICES,
  PRICES_AS_OF,
  QUEUE_OPERATIONS_PER_MESSAGE,
} from "../prices";
import { kvReadsPerClick, packRowsPerClick, type Spread, simulateSpread } from "../spread";
import { fixed, printTable } from "../table";
import { meterD1 } from "./d1-meter";
import { deliver, Traffic } from "./traffic";

// The figures of docs/capacity.md: 1,000,000 clicks as the redirect sends them (BENCH_SCALE scales
// them) and 3 % as many conversions through the real queue consumer into local D1, the database's size
// read before and after (D1's meta.size_after: tables, indexes and rollups), the statements and rows
// written counted (bench/workerd/d1-meter.ts); then redirects through the Worker with KV and the queue
// counted; then what deleting them costs, an archive object's bytes, the floor of one row, and the dollars
// per million clicks at Cloudflare's published prices (bench/prices.ts). The consumer gets the events in
// the messages and consumer batches of the production-like spread (bench/spread.ts) at
// SPREAD_CLICKS_PER_DAY, and the cost counts the spread's queue messages and consumer invocations.
const SCALE = inject("benchScale");
const CLICKS = Math.round(1_000_000 * SCALE);
const CONVERSION_RATE = 0.03;
const TESTS = 20;
const HOURS = 7 * 24;
// The clicks queue's consumer batching (wrangler.toml, read by bench/workerd/vitest.config.ts).
const CONSUMER = inject("clicksConsumer");
const BATCH = CONSUMER.maxBatchSize;
// 0: the spread's messages and batches; otherwise batches of BATCH messages of this many events each
// (BENCH_EVENTS_PER_MESSAGE=50: one local isolate's 50 concurrent visits, the figure before the spread).
const EVENTS_PER_MESSAGE = inject("eventsPerMessage");
const SPREAD_CLICKS_PER_DAY = inject("spreadClicksPerDay");
// The redirect hands its clicks to the shard's writer, which holds them this long (wrangler.toml's
// production CLICK_HOLD_SECONDS) and writes those of every isolate together: at SPREAD_CLICKS_PER_DAY over
// the production shards, this many a write. The bench delivers the clicks in consumer batches of that
// many, which the consumer hands to the writer unheld: one write each, as in production.
const HOLD_SECONDS = inject("clickHoldSeconds");
// The volumes whose dollars the bench prints (clicks a day), and the figure before the spread: 50
// events a message, batches of 100 messages (bench/RESULTS.md §20, docs/capacity.md).
const VOLUMES = [1_000_000, 100_000_000];
const BEFORE = { eventsPerMessage: 50, messagesPerBatch: 100, dollars: 4.85 };
const DAYS_A_MONTH = 30.4;
// The Worker's own CPU a request, in milliseconds: the live link's share of workerd's busy time, 30.2 %
// (bench/RESULTS.md §46, its CPU profiles), of workerd's 3.656 ms of CPU a redirect (§47), on this VM's
// slow cores (an upper bound for Cloudflare's). A beacon's or a consumer's invocation is counted alike.
const WORKER_CPU_MS_A_REQUEST = 1.1;
// The KV reads a click at the spread, each location keeping a link its hour (worker/link-cache/location-cache.ts).
const LOCATION_TTL_MS = LOCATION_CACHE_TTL_SECONDS * 1000;
const kvAtSpread = (clicksPerDay: number, links: number) =>
  kvReadsPerClick({ clicksPerDay, links, ttlMs: LOCATION_TTL_MS, atLocation: true });
const ROLLUP_PROBE_ROWS = 10_000;
const REDIRECTS = 2_000;
const CONCURRENT = 50;
const WINDOW_DAYS = 30;
// Raw events stay the window, up to a day more (the archive takes whole UTC days) and an hour.
const DAYS_IN_D1 = WINDOW_DAYS + 1;
const D1_MAX_BYTES = 10 * 1000 ** 3;
const DAY_MS = 86_400_000;
const DAYS_PER_MONTH = 30;

// A Durable Object's memory, billed for each second it is active (bench/prices.ts).
const DURABLE_OBJECT_GB = 0.125;
// The event shards of wrangler.toml's production environment: one writer each.
const PRODUCTION_SHARDS = 2;
// The clicks a day one shard's database holds with the window (docs/capacity.md: some 1.6 million), for
// the size of a write before this run's bytes are measured; a busier deployment lists more shards, each
// with its writer (the dollars count those this run's bytes fill: shardsFilled).
const SHARD_CLICKS_PER_DAY = 1_600_000;
const shardsFor = (clicksPerDay: number) =>
  Math.max(PRODUCTION_SHARDS, Math.ceil(clicksPerDay / SHARD_CLICKS_PER_DAY));

/** The database, adding up in `busy.ms` the time its batches (a writer's writes) take. */
function timingWrites(db: D1Database, busy: { ms: number }): D1Database {
  return new Proxy(db, {
    get(target, property) {
      if (property !== "batch") return Reflect.get(target, property).bind(target);
      return async (statements: D1PreparedStatement[]) => {
        const started = performance.now();
        try {
          return await target.batch(statements);
        } finally {
          busy.ms += performance.now() - started;
        }
      };
    },
  });
}

const sizeOf = async (db: D1Database) => (await db.prepare("SELECT 1").all()).meta.size_after;

/**
 * Delivers `events` through the consumer in consumer batches shaped as `shapes` (each batch its
 * messages' event counts, taken in turn and again from the start when they run out), each message
 * packed as the producer packs it, timing the deliveries; `passed(time)` runs after each, untimed, with
 * the time of the last event delivered (what a cron would have done by then). Answers the seconds spent
 * in the consumer, and the messages and batches.
 */
async function ingest(
  events: TrackingEvent[],
  bindings: Env,
  shapes: number[][],
  passed?: (time: number) => Promise<void>,
) {
  let busyMs = 0;
  let messages = 0;
  let batches = 0;
  for (let taken = 0, shape = 0; taken < events.length; shape = (shape + 1) % shapes.length) {
    const bodies = (shapes[shape] ?? []).flatMap((size) => {
      const part = events.slice(taken, taken + size);
      taken += size;
      if (part.length === 0) return [];
      return [EVENTS_PER_MESSAGE === 1 ? part[0] : { type: "events", events: part }];
    });
    if (bodies.length === 0) continue;
    const started = performance.now();
    await deliver(bodies as TrackingEvent[], bindings);
    busyMs += performance.now() - started;
    await passed?.(events[taken - 1]?.timestamp ?? 0);
    messages += bodies.length;
    batches += 1;
  }
  return { seconds: busyMs / 1000, messages, batches };
}

it(`measures D1 bytes, writes and ingest rate for ${CLICKS} clicks, and KV and queue use per redirect`, async () => {
  // The production-like spread at each volume (seeded: the same every run); the delivered one keeps
  // about CLICKS clicks' worth of its consumer batches, spread over the whole day.
  const spreads = new Map(
    [...new Set([...VOLUMES, SPREAD_CLICKS_PER_DAY])].map((clicksPerDay) => [
      clicksPerDay,
      simulateSpread({
        clicksPerDay,
        consumer: CONSUMER,
        ...(clicksPerDay === SPREAD_CLICKS_PER_DAY
          ? { keepEvery: Math.max(1, Math.floor(clicksPerDay / CLICKS)) }
          : {}),
      }),
    ]),
  );
  // An isolate's window in production (batchWindowMs: a fifth of the hold), and at it the redirect's calls
  // to the shards' writers and the conversions' queue messages: the same spread's rule with that window,
  // the conversions' at 3 % of the clicks.
  const handOffMs = batchWindowMs(HOLD_SECONDS);
  const handOffs = new Map(
    [...spreads.keys()].map((clicksPerDay) => [
      clicksPerDay,
      simulateSpread({ clicksPerDay, consumer: CONSUMER, windowMs: handOffMs }),
    ]),
  );
  const conversionMessages = new Map(
    [...spreads.keys()].map((clicksPerDay) => [
      clicksPerDay,
      simulateSpread({
        clicksPerDay: clicksPerDay * CONVERSION_RATE,
        consumer: CONSUMER,
        windowMs: handOffMs,
      }),
    ]),
  );
  const spread = spreads.get(SPREAD_CLICKS_PER_DAY);
  if (!spread?.batchShapes) throw new Error("no spread to deliver");
  const shapes =
    EVENTS_PER_MESSAGE > 0 ? [Array.from({ length: BATCH }, () => EVENTS_PER_MESSAGE)] : spread.batchShapes;
  const clicksPerWrite = Math.max(
    1,
    Math.round((SPREAD_CLICKS_PER_DAY * HOLD_SECONDS) / (DAY_MS / 1000) / shardsFor(SPREAD_CLICKS_PER_DAY)),
  );
  const clickShapes =
    EVENTS_PER_MESSAGE > 0
      ? shapes
      : [
          Array.from({ length: Math.ceil(clicksPerWrite / MAX_PACKED_EVENTS) }, (_, i) =>
            Math.min(MAX_PACKED_EVENTS, clicksPerWrite - i * MAX_PACKED_EVENTS),
          ),
        ];

  const { client } = await signedUpClient();
  const testIds: string[] = [];
  const slugs: string[] = [];
  for (let i = 0; i < TESTS; i++) {
    const test = await createTest(client);
    testIds.push(test.id);
    slugs.push(test.slug);
  }

  // A rollup row's bytes, from rows of a test of their own.
  const probe = await createTest(client);
  const beforeProbe = await sizeOf(env.DB);
  await env.DB.prepare(
    `INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions)
     SELECT ?1, value * 3600000, 'A', 12, 9, 1 FROM json_each(?2)`,
  )
    .bind(probe.id, JSON.stringify(Array.from({ length: ROLLUP_PROBE_ROWS }, (_, i) => i)))
    .run();
  const bytesPerRollupRow = ((await sizeOf(env.DB)) - beforeProbe) / ROLLUP_PROBE_ROWS;

  const { db, meter } = meterD1(env.DB);
  const bindings = { ...env, DB: db };
  // The shard's writer writes the clicks (worker/queue/shard-writer.ts): its D1 is metered too, and the
  // time its writes take is the time it is billed for (it holds nothing open between them).
  const writer = { ms: 0 };
  await shardWritersUsing({ DB: timingWrites(db, writer) });
  const traffic = new Traffic(testIds, HOURS, CLICKS, { asRedirected: true });
  const clicks = traffic.clicks(CLICKS);
  // The conversions come as their time comes, between the clicks' writes, so a conversion's hour is
  // compacted after it as in production (not before, as when all clicks went first). Through the queue
  // alone at 3 % of the clicks, a consumer batch holds few, and fewer still for one shard: the spread of
  // the conversions' own traffic (bench/spread.ts), its batch shared among the shards. Metered apart.
  const conversions = traffic
    .conversions(Math.round((CLICKS * CONVERSION_RATE) / TESTS))
    .sort((a, b) => a.timestamp - b.timestamp);
  const conversionSpread = conversionMessages.get(SPREAD_CLICKS_PER_DAY);
  if (!conversionSpread) throw new Error("no spread of the conversions");
  const conversionsPerMessage = Math.max(1, Math.round(conversionSpread.eventsPerMessage));
  const conversionsPerBatch = Math.max(
    1,
    Math.round(
      (conversionSpread.eventsPerMessage * conversionSpread.messagesPerBatch) /
        shardsFor(SPREAD_CLICKS_PER_DAY),
    ),
  );
  const conversionShapes =
    EVENTS_PER_MESSAGE > 0
      ? shapes
      : [
          Array.from({ length: Math.ceil(conversionsPerBatch / conversionsPerMessage) }, (_, i) =>
            Math.min(conversionsPerMessage, conversionsPerBatch - i * conversionsPerMessage),
          ),
        ];
  const shapeName =
    EVENTS_PER_MESSAGE > 0
      ? `batches of ${BATCH} messages of ${EVENTS_PER_MESSAGE} events`
      : `batches of ${conversionsPerBatch} a shard in messages of ${conversionsPerMessage}, as their time comes between the clicks' writes (bench/spread.ts for the conversions' own traffic at ${SPREAD_CLICKS_PER_DAY * CONVERSION_RATE} a day: ${fixed(conversionSpread.eventsPerMessage, 2)} events a message, ${fixed(conversionSpread.messagesPerBatch, 1)} messages a consumer batch of wrangler.toml's ${BATCH} messages or ${CONSUMER.maxBatchTimeoutSeconds} s, shared by ${shardsFor(SPREAD_CLICKS_PER_DAY)} shards)`;
  const { db: conversionDb, meter: conversionMeter } = meterD1(env.DB);
  const conversionBindings = { ...env, DB: conversionDb };
  const conversionIngest = { seconds: 0, delivered: 0 };
  const conversionsUpTo = async (time: number) => {
    let upTo = conversionIngest.delivered;
    while (upTo < conversions.length && (conversions[upTo]?.timestamp ?? 0) <= time) upTo += 1;
    if (upTo === conversionIngest.delivered) return;
    const { seconds } = await ingest(
      conversions.slice(conversionIngest.delivered, upTo),
      conversionBindings,
      conversionShapes,
    );
    conversionIngest.seconds += seconds;
    conversionIngest.delivered = upTo;
  };
  // The tests were made when their traffic starts: their segment visitors are compacted from then on
  // (worker/db/segments.ts), a day at a time, as the archive cron does; the compaction's writes count
  // as the clicks'. It runs up to the end of the traffic, so every click's segments are in.
  await env.DB.prepare(
    "UPDATE segment_compaction SET through = ?2 WHERE split_test_id IN (SELECT value FROM json_each(?1))",
  )
    .bind(JSON.stringify(testIds), traffic.start)
    .run();
  const beforeClicks = await sizeOf(env.DB);
  // The session index and the hourly rollup as the archive cron builds them while the traffic goes on:
  // each hour's clicks five minutes after it ends, each day, and each busy hour, a quarter of an hour
  // after; their writes count as the clicks'.
  let indexedHour = 0;
  const indexUpTo = async (time: number) => {
    const hour = time - (time % HOUR_MS);
    if (hour === indexedHour) return;
    indexedHour = hour;
    while (await compactHours(db, time - 5 * 60_000));
    while (await indexNextDay(db, time - 15 * 60_000, 0));
    while (await indexNextHour(db, time - 15 * 60_000));
  };
  const clickIngest = await ingest(clicks, bindings, clickShapes, async (time) => {
    await conversionsUpTo(time);
    await indexUpTo(time);
  });
  await conversionsUpTo(Number.POSITIVE_INFINITY);
  const writerSeconds = writer.ms / 1000;
  const clickSeconds = clickIngest.seconds;
  const compactionStarted = meter.rowsWritten;
  const compaction = await compactSegments(db, Date.now(), Number.POSITIVE_INFINITY);
  const compactionRows = meter.rowsWritten - compactionStarted;
  // And what is over by now.
  await indexUpTo(Date.now());
  const indexRows = (await env.DB.prepare("SELECT count(*) AS n FROM session_chunks").first<{ n: number }>())
    ?.n;
  const clickWrites = { statements: meter.statements, rows: meter.rowsWritten, read: meter.rowsRead };
  const clickRowsBySql = new Map(meter.bySql);
  const clickReadsBySql = new Map(meter.readBySql);
  const afterClicks = await sizeOf(env.DB);
  const rollupRows = (
    await env.DB.prepare(
      "SELECT count(*) AS n FROM test_stats_hourly WHERE split_test_id IN (SELECT value FROM json_each(?1))",
    )
      .bind(JSON.stringify(testIds))
      .first<{ n: number }>()
  )?.n;

  const conversionWrites = {
    statements: conversionMeter.statements,
    rows: conversionMeter.rowsWritten,
    read: conversionMeter.rowsRead,
  };
  const byStatement = (events: string, written: Map<string, number>, read: Map<string, number>, n: number) =>
    [...new Set([...written.keys(), ...read.keys()])].map((statement) => ({
      events,
      statement,
      "rows written / 100": fixed(((written.get(statement) ?? 0) / n) * 100, 1),
      "rows read / 100": fixed(((read.get(statement) ?? 0) / n) * 100, 1),
    }));
  printTable(
    "Rows written and read by statement: per 100 clicks, and per 100 conversions",
    [
      ...byStatement("clicks", clickRowsBySql, clickReadsBySql, CLICKS),
      ...byStatement("conversions", conversionMeter.bySql, conversionMeter.readBySql, conversions.length),
    ],
    `rows written by statement: ${[...clickRowsBySql].map(([statement, rows]) => `${statement} ${fixed((rows / CLICKS) * 100, 1)}`).join(", ")} per 100 clicks`,
  );
  // A conversion's bytes: they came between the clicks, so the database's growth holds both. The run's
  // conversions copied in random order (as they came: their ids are random) into a table of the same
  // layout and indexes give them.
  const { results: layout } = await env.DB.prepare(
    "SELECT sql FROM sqlite_master WHERE tbl_name = 'conversions' AND type IN ('table', 'index') AND sql IS NOT NULL",
  ).all<{ sql: string }>();
  const beforeCopy = await sizeOf(env.DB);
  for (const { sql } of layout)
    await env.DB.prepare(
      sql
        .replaceAll(/\bconversions_test_/g, "conversion_copy_test_")
        .replaceAll(/\bconversions\b/g, "conversion_copy"),
    ).run();
  await env.DB.prepare(
    "INSERT INTO conversion_copy SELECT * FROM conversions WHERE split_test_id IN (SELECT value FROM json_each(?1)) ORDER BY random()",
  )
    .bind(JSON.stringify(testIds))
    .run();
  const conversionBytes = (await sizeOf(env.DB)) - beforeCopy;
  await env.DB.prepare("DROP TABLE conversion_copy").run();
  const stored = await env.DB.prepare(
    "SELECT (SELECT count(*) FROM clicks WHERE split_test_id IN (SELECT value FROM json_each(?1))) AS clicks, (SELECT count(*) FROM conversions WHERE split_test_id IN (SELECT value FROM json_each(?1))) AS conversions",
  )
    .bind(JSON.stringify(testIds))
    .first<{ clicks: number; conversions: number }>();
  expect(stored).toEqual({ clicks: CLICKS, conversions: conversions.length });

  const bytesPerClickAll = (afterClicks - beforeClicks - conversionBytes) / CLICKS;
  const bytesPerClickRaw =
    (afterClicks - beforeClicks - conversionBytes - (rollupRows ?? 0) * bytesPerRollupRow) / CLICKS;
  const bytesPerConversion = conversionBytes / conversions.length;
  const clicksPerSecond = CLICKS / clickSeconds;

  // Redirects: new visitors, CONCURRENT at a time, over the TESTS links; KV reads, queue sends and calls
  // to the shards' writers counted.
  const counts = { kvReads: 0, sends: 0, messages: 0, writerCalls: 0 };
  const LINKS = new Proxy(env.LINKS, {
    get(target, property) {
      const value = Reflect.get(target, property).bind(target);
      if (property !== "get") return value;
      return (...args: Parameters<KVNamespace["get"]>) => {
        counts.kvReads += 1;
        return value(...args);
      };
    },
  });
  const queue = new Proxy(env.CLICKS, {
    get(target, property) {
      const value = Reflect.get(target, property).bind(target);
      if (property === "sendBatch")
        return (messages: MessageSendRequest[], options?: QueueSendBatchOptions) => {
          counts.sends += 1;
          counts.messages += messages.length;
          return value(messages, options);
        };
      if (property === "send")
        return (body: unknown, options?: QueueSendOptions) => {
          counts.sends += 1;
          counts.messages += 1;
          return value(body, options);
        };
      return value;
    },
  });
  const writers = writersReportingCalls(env.SHARD_WRITERS, () => {
    counts.writerCalls += 1;
  });
  const redirectEnv = { ...env, LINKS, CLICKS: queue, SHARD_WRITERS: writers };
  // The next visitors come when the redirects answer, not when their clicks are written (after the
  // response, as in production): the isolate's link cache lasts 5 s of the redirects' own pace.
  const started = performance.now();
  const writes: Promise<void>[] = [];
  for (let sent = 0; sent < REDIRECTS; sent += CONCURRENT) {
    await Promise.all(
      Array.from({ length: CONCURRENT }, async (_, i) => {
        const slug = slugs[(sent + i) % slugs.length];
        const request = new Request<unknown, IncomingRequestCfProperties>(`${ORIGIN}/r/${slug}`, {
          headers: { ...HUMAN, "cf-connecting-ip": uniqueIp() },
          redirect: "manual",
        });
        const ctx = createExecutionContext();
        const response = await worker.fetch(request, redirectEnv, ctx);
        expect(response.status).toBe(302);
        writes.push(waitOnExecutionContext(ctx));
      }),
    );
  }
  const redirectSeconds = (performance.now() - started) / 1000;
  await Promise.all(writes);
  const writtenSeconds = (performance.now() - started) / 1000;

  printTable(
    `Capacity: ${CLICKS} clicks and ${conversions.length} conversions (${TESTS} tests, ${HOURS} h of traffic) through the queue consumer and the shard's writer into local D1; the conversions in ${shapeName}; the clicks ${EVENTS_PER_MESSAGE > 0 ? "alike" : `in writes of ${clicksPerWrite}, what a writer holds ${HOLD_SECONDS} s at ${SPREAD_CLICKS_PER_DAY} clicks a day over ${shardsFor(SPREAD_CLICKS_PER_DAY)} shards`}: ${fixed(CLICKS / clickIngest.batches, 1)} clicks a write delivered`,
    [
      {
        events: "clicks",
        count: CLICKS,
        "D1 bytes each": fixed(bytesPerClickAll, 1),
        "of which raw row + indexes": fixed(bytesPerClickRaw, 1),
        "statements / 100": fixed((clickWrites.statements / CLICKS) * 100),
        "rows written / 100": fixed((clickWrites.rows / CLICKS) * 100, 1),
        "per second": Math.round(clicksPerSecond),
      },
      {
        events: "conversions",
        count: conversions.length,
        "D1 bytes each": fixed(bytesPerConversion, 1),
        "of which raw row + indexes": "",
        "statements / 100": fixed((conversionWrites.statements / conversions.length) * 100),
        "rows written / 100": fixed((conversionWrites.rows / conversions.length) * 100, 1),
        "per second": Math.round(conversions.length / conversionIngest.seconds),
      },
    ],
    `capacity: ${fixed(bytesPerClickAll, 1)} B/click (${fixed(bytesPerClickRaw, 1)} raw + indexes, ${fixed(bytesPerRollupRow, 1)} B per rollup row, ${rollupRows} rows), ${fixed(bytesPerConversion, 1)} B/conversion; ${fixed((clickWrites.statements / CLICKS) * 100)} statements and ${fixed((clickWrites.rows / CLICKS) * 100, 1)} rows written per 100 clicks (of which the segment compaction ${fixed((compactionRows / CLICKS) * 100, 1)}: ${compaction.slices} test-days in ${compaction.statements} statements; the session index ${indexRows} chunks); ${Math.round(clicksPerSecond)} clicks/s ingest`,
  );
  printTable(
    `Redirects: ${REDIRECTS} new visitors, ${CONCURRENT} at a time over ${TESTS} links, in ${fixed(redirectSeconds, 1)} s, their clicks written by ${fixed(writtenSeconds, 1)} s`,
    [
      {
        redirects: REDIRECTS,
        "KV reads": counts.kvReads,
        "KV reads / redirect": fixed(counts.kvReads / REDIRECTS, 3),
        "queue messages / click": fixed(counts.messages / REDIRECTS, 2),
        "sendBatch calls / click": fixed(counts.sends / REDIRECTS, 3),
        "writer calls / click": fixed(counts.writerCalls / REDIRECTS, 3),
      },
    ],
    `redirect: ${fixed(counts.kvReads / REDIRECTS, 3)} KV reads (a link read once, then kept by the location ${LOCATION_CACHE_TTL_SECONDS / 3600} h and the isolate ${ISOLATE_CACHE_TTL_MS / 1000} s), ${fixed(counts.messages / REDIRECTS, 2)} queue messages per click in ${fixed(counts.sends / REDIRECTS, 3)} sendBatch calls, ${fixed(counts.writerCalls / REDIRECTS, 3)} calls to the shards' writers`,
  );

  // The floor: what D1 reports written for one row of a table keyed WITHOUT ROWID with no other index,
  // and for one new visitor's click written on its own by the consumer (its row, its index entries, its
  // hourly and segment rollup keys, new).
  await env.DB.exec(
    "CREATE TABLE IF NOT EXISTS bench_floor (a TEXT NOT NULL, b INTEGER NOT NULL, c TEXT NOT NULL, PRIMARY KEY (a, b, c)) WITHOUT ROWID",
  );
  const floorRow = (await env.DB.prepare("INSERT INTO bench_floor VALUES ('t', 1, 'x')").run()).meta
    .rows_written;
  await env.DB.exec("DROP TABLE bench_floor");
  // A new account: at full scale the ingest outlasts the first session.
  const floorTest = await createTest((await signedUpClient()).client);
  meter.reset();
  await writeClicks(db, [
    {
      type: "click",
      id: crypto.randomUUID(),
      testId: floorTest.id,
      variant: "A",
      sessionId: crypto.randomUUID(),
      isBot: false,
      timestamp: Date.now(),
      source: "aaaaaaaaaaaaaaaa",
      device: "mobile",
      os: "ios",
      country: "US",
      referrer: "t.co",
    },
  ]);
  const oneClick = meter.rowsWritten;

  // An archive object (gzip NDJSON, as the archive writes it) of one test's first events: R2 bytes per event.
  const sample = await eventPage(env.DB, testIds[0] ?? "", {
    after: null,
    before: Date.now() + DAY_MS,
    limit: ARCHIVE_READ_EVENTS,
  });
  await writeObject(env.ARCHIVE, "bench/capacity-sample", sample);
  const r2BytesPerEvent = ((await env.ARCHIVE.head("bench/capacity-sample"))?.size ?? 0) / sample.length;
  await env.ARCHIVE.delete("bench/capacity-sample");
  // The archive writes one object per test, UTC day and ARCHIVE_READ_EVENTS events.
  const perTestDay = new Map<string, number>();
  for (const event of [...clicks, ...conversions]) {
    const key = `${event.testId}:${Math.floor(event.timestamp / DAY_MS)}`;
    perTestDay.set(key, (perTestDay.get(key) ?? 0) + 1);
  }
  const archiveObjects = [...perTestDay.values()].reduce(
    (sum, n) => sum + Math.ceil(n / ARCHIVE_READ_EVENTS),
    0,
  );

  // Every event leaves D1 once (the archive or a purge): one test's events deleted as the purge does.
  meter.reset();
  const deletedTest = testIds[1] ?? "";
  const deleted = (
    await db
      .prepare(
        "SELECT (SELECT count(*) FROM clicks WHERE split_test_id = ?1) + (SELECT count(*) FROM conversions WHERE split_test_id = ?1) AS n",
      )
      .bind(deletedTest)
      .first<{ n: number }>()
  )?.n;
  await db.batch([
    db.prepare("DELETE FROM click_packs WHERE split_test_id = ?1").bind(deletedTest),
    db.prepare("DELETE FROM conversions WHERE split_test_id = ?1").bind(deletedTest),
  ]);
  const deleteRowsPerEvent = meter.rowsWritten / (deleted ?? 1);

  // Per click, conversions (CONVERSION_RATE of a click each) included: what goes to D1, the queue,
  // Workers, KV, R2 and the shards' writers. A conversion's beacon is a request and, sent on its own, a
  // message. The redirect hands its clicks to the shard's writer, not the queue: in production one call
  // per isolate batch, the spread's messages (`at`; without one, the calls the redirects above made), and
  // the writer, holding them CLICK_HOLD_SECONDS, is active, so billed for duration, all day at these
  // volumes (as many shards as the volume fills, SHARDS_PER_WRITER to an object: writersActive); without a
  // spread, the local time its writes took. The queue carries the conversions: its messages and the
  // consumer's invocations are those of their spread at the isolate's window. D1's rows are the writes
  // of this run's batches.
  const perConversion = conversions.length / CLICKS;
  const bytesPerClickKept = bytesPerClickAll + perConversion * bytesPerConversion;
  // The shards a volume fills at this run's bytes over the window, and their writers, active all day:
  // wrangler.toml's SHARDS_PER_WRITER to an object (docs/operations.md, "Writers for several shards").
  const shardsFilled = (clicksPerDay: number) =>
    Math.max(
      PRODUCTION_SHARDS,
      Math.ceil(
        (clicksPerDay * DAYS_IN_D1 * (bytesPerClickRaw + perConversion * bytesPerConversion)) / D1_MAX_BYTES,
      ),
    );
  const writersActive = (clicksPerDay: number, shardsPerWriter = env.SHARDS_PER_WRITER) =>
    Math.ceil(shardsFilled(clicksPerDay) / shardsPerWriter);
  const perClickAt = (
    at: Spread | undefined,
    clicksPerDay: number,
    shardsPerWriter = env.SHARDS_PER_WRITER,
  ) => {
    const workersRequests =
      1 +
      perConversion +
      (at
        ? perConversion * (conversionMessages.get(clicksPerDay)?.batchesPerClick ?? 1)
        : clickIngest.batches / CLICKS);
    return {
      d1RowsWritten:
        clickWrites.rows / CLICKS + conversionWrites.rows / CLICKS + (1 + perConversion) * deleteRowsPerEvent,
      d1RowsRead: (clickWrites.read + conversionWrites.read) / CLICKS,
      queueMessages:
        counts.messages / REDIRECTS +
        perConversion * (at ? (conversionMessages.get(clicksPerDay)?.messagesPerClick ?? 1) : 1),
      workersRequests,
      workersCpuMs: workersRequests * WORKER_CPU_MS_A_REQUEST,
      // Measured above at one location; at the spread, each location reads a link once its entry is
      // gone (bench/spread.ts, kvReadsPerClick), this run's tests the links.
      kvReads: at ? kvAtSpread(clicksPerDay, TESTS) : counts.kvReads / REDIRECTS,
      r2Writes: archiveObjects / CLICKS,
      d1GbMonths: (bytesPerClickKept * (DAYS_IN_D1 / DAYS_PER_MONTH)) / 1000 ** 3,
      r2GbMonths: ((1 + perConversion) * r2BytesPerEvent) / 1000 ** 3,
      durableObjectRequests: at
        ? (handOffs.get(clicksPerDay)?.messagesPerClick ?? at.messagesPerClick)
        : counts.writerCalls / REDIRECTS,
      durableObjectGbSeconds: at
        ? (writersActive(clicksPerDay, shardsPerWriter) * DAY_MS * DURABLE_OBJECT_GB) / 1000 / clicksPerDay
        : (writerSeconds * DURABLE_OBJECT_GB) / CLICKS,
    };
  };
  const use = perClickAt(EVENTS_PER_MESSAGE > 0 ? undefined : spread, SPREAD_CLICKS_PER_DAY);
  const cost = dollarsPerMillion(use);
  const perClick: Record<keyof typeof use, string> = {
    d1RowsWritten: fixed(use.d1RowsWritten, 3),
    d1RowsRead: fixed(use.d1RowsRead, 1),
    queueMessages: `${fixed(use.queueMessages, 3)} messages, ${fixed(use.queueMessages * 3, 3)} operations`,
    workersRequests: fixed(use.workersRequests, 4),
    workersCpuMs: `${fixed(use.workersCpuMs, 2)} ms (${WORKER_CPU_MS_A_REQUEST} ms a request)`,
    kvReads: `${fixed(use.kvReads, 3)}${EVENTS_PER_MESSAGE > 0 ? "" : ` (a location's ${LOCATION_CACHE_TTL_SECONDS / 3600} h entry at the spread, ${TESTS} links alike)`}`,
    r2Writes: fixed(use.r2Writes, 6),
    d1GbMonths: `${fixed(bytesPerClickKept, 1)} B for ${DAYS_IN_D1} days`,
    r2GbMonths: `${fixed(r2BytesPerEvent, 1)} B an event`,
    durableObjectRequests: `${fixed(use.durableObjectRequests, 4)} (the redirect's calls to the shard's writer${EVENTS_PER_MESSAGE > 0 ? "" : `, an isolate's clicks of ${handOffMs} ms a call`})`,
    durableObjectGbSeconds: `${fixed(use.durableObjectGbSeconds * 1e6, 0)} GB-s a million (${EVENTS_PER_MESSAGE > 0 ? `${fixed(writerSeconds, 0)} s writing` : `${writersActive(SPREAD_CLICKS_PER_DAY)} writers of ${shardsFilled(SPREAD_CLICKS_PER_DAY)} shards active all day`})`,
  };
  const items = Object.entries(cost.items);
  printTable(
    `Cost per million clicks at Cloudflare's published prices as of ${PRICES_AS_OF} (bench/prices.ts), ${fixed(perConversion * 100, 1)} % conversions included, queue and consumer as delivered (${EVENTS_PER_MESSAGE > 0 ? `${EVENTS_PER_MESSAGE} events a message` : `the spread at ${SPREAD_CLICKS_PER_DAY} clicks a day`}); floor: ${floorRow} row written for one row WITHOUT ROWID without another index, ${oneClick} for one new visitor's click written alone (row, indexes, new rollup keys); deleting an event writes ${fixed(deleteRowsPerEvent, 2)} rows`,
    [
      ...(Object.keys(use) as (keyof typeof use)[]).map((key, i) => ({
        item: items[i]?.[0] ?? key,
        "per click": perClick[key],
        "$ per million clicks": fixed(items[i]?.[1] ?? 0, 4),
      })),
      { item: "all", "per click": "", "$ per million clicks": fixed(cost.total, 2) },
    ],
    `cost: $${fixed(cost.total, 2)} per million clicks (D1 rows written ${fixed(use.d1RowsWritten, 2)} a click at $${PRICES.d1RowWritten * 1e6} a million: $${fixed(cost.items["D1 rows written"] ?? 0, 2)}); floor ${floorRow} row, a new visitor's click alone ${oneClick}`,
  );

  // How busy a writer is: its D1 writes' time for this run's clicks, which are a shard's clicks of
  // `shardDays` at the delivered volume; and the dollars with more shards to a writer (an operator's
  // setting, docs/operations.md, "Writers for several shards").
  if (EVENTS_PER_MESSAGE === 0) {
    const shardDays = CLICKS / (SPREAD_CLICKS_PER_DAY / shardsFilled(SPREAD_CLICKS_PER_DAY));
    const busyShare = writerSeconds / (shardDays * 86_400);
    printTable(
      `The shard's writer at the spread of ${SPREAD_CLICKS_PER_DAY} clicks a day: its D1 writes took ${fixed(writerSeconds, 1)} s for ${CLICKS} clicks, ${fixed(shardDays, 2)} days of one shard's clicks (local D1)`,
      [1, 2, 4, 8].map((shardsPerWriter) => ({
        "shards a writer": shardsPerWriter,
        "writers active": writersActive(SPREAD_CLICKS_PER_DAY, shardsPerWriter),
        "busy, local": `${fixed(busyShare * shardsPerWriter * 100, 2)} %`,
        "$ a million": fixed(
          dollarsPerMillion(perClickAt(spread, SPREAD_CLICKS_PER_DAY, shardsPerWriter)).total,
          3,
        ),
      })),
      `writer: busy ${fixed(busyShare * 100, 2)} % of the time per shard written (local D1); $${[1, 2, 4, 8].map((n) => `${fixed(dollarsPerMillion(perClickAt(spread, SPREAD_CLICKS_PER_DAY, n)).total, 3)} with ${n}`).join(", ")} shards a writer`,
    );
  }

  // The dollars at the production-like spread of each volume beside the figure before it. D1's rows
  // are this run's (consumer batches of the delivered shape); a busier day's bigger batches share more
  // rollup keys, so at other volumes the D1 line is an upper bound (BENCH_SPREAD_CLICKS_PER_DAY
  // delivers another volume's shape).
  const atVolumes = VOLUMES.map((clicksPerDay) => {
    const at = spreads.get(clicksPerDay);
    const use = perClickAt(at, clicksPerDay);
    return {
      clicksPerDay,
      at,
      cost: dollarsPerMillion(use),
      bill: monthlyBill(use, clicksPerDay * DAYS_A_MONTH),
    };
  });
  printTable(
    `Dollars per million clicks at the production-like spread (bench/spread.ts, the producer's ${spread.windowMs} ms window, the clicks' ${handOffMs} ms to the writer), prices as of ${PRICES_AS_OF}; D1 rows written as measured here at ${EVENTS_PER_MESSAGE > 0 ? `${EVENTS_PER_MESSAGE} events a message` : `the spread of ${SPREAD_CLICKS_PER_DAY} clicks a day`}. "All $" prices every unit; the month's bill is the Workers Paid plan's $5 and what goes past what it includes (bench/prices.ts, INCLUDED_A_MONTH), the clicks' use alone`,
    [
      {
        shape: `${BEFORE.eventsPerMessage} events a message (bench/RESULTS.md §20)`,
        "events / message": fixed(BEFORE.eventsPerMessage, 2),
        "messages / consumer batch": fixed(BEFORE.messagesPerBatch, 1),
        "clicks / writer call": "–",
        "queue $": fixed(
          (1 / BEFORE.eventsPerMessage + CONVERSION_RATE) *
            QUEUE_OPERATIONS_PER_MESSAGE *
            PRICES.queueOperation *
            1e6,
          3,
        ),
        "all $": fixed(BEFORE.dollars, 2),
        "a month at all $": `$${Math.round(BEFORE.dollars * DAYS_A_MONTH)} at 1M / day`,
        "the month's bill": "–",
      },
      ...atVolumes.map(({ clicksPerDay, cost: dollars, bill }) => ({
        shape: `spread, ${clicksPerDay} clicks a day${clicksPerDay === SPREAD_CLICKS_PER_DAY && EVENTS_PER_MESSAGE === 0 ? " (delivered)" : ""}`,
        "events / message": fixed(conversionMessages.get(clicksPerDay)?.eventsPerMessage ?? 0, 2),
        "messages / consumer batch": fixed(conversionMessages.get(clicksPerDay)?.messagesPerBatch ?? 0, 1),
        "clicks / writer call": fixed(handOffs.get(clicksPerDay)?.eventsPerMessage ?? 0, 2),
        "queue $": fixed(dollars.items["queue operations"] ?? 0, 3),
        "all $": fixed(dollars.total, 2),
        "a month at all $": `$${Math.round((dollars.total * clicksPerDay * DAYS_A_MONTH) / 1e6)} at ${clicksPerDay / 1e6}M / day`,
        "the month's bill": `$${Math.round(bill.total)} ($${fixed(bill.perMillion, 2)} a million)`,
      })),
    ],
    `production spread: ${atVolumes.map(({ clicksPerDay, cost: dollars, bill }) => `${clicksPerDay} clicks/day ${fixed(conversionMessages.get(clicksPerDay)?.eventsPerMessage ?? 0, 2)} conversions/message, $${fixed(dollars.total, 2)} per million clicks ($${fixed(dollars.items["queue operations"] ?? 0, 2)} queue), $${Math.round((dollars.total * clicksPerDay * DAYS_A_MONTH) / 1e6)} a month at that price, a bill of $${Math.round(bill.total)} ($${fixed(bill.perMillion, 2)} a million clicks) with the plan's $5 and what it includes`).join("; ")}; $${fixed(BEFORE.dollars, 2)} at ${BEFORE.eventsPerMessage} events/message before`,
  );

  // The KV line's range: the links a deployment's clicks are spread over (evenly: the most reads), and
  // the tier that keeps them: an isolate's entry alone (a deployment without Cloudflare's API), a
  // location's hour, and a location's hour with every link re-weighted by Optimise as often as it may
  // (two purges each).
  const linkCounts = [TESTS, 1_000, 10_000];
  const tiers = [
    { tier: `isolate ${ISOLATE_CACHE_TTL_MS / 1000} s alone`, ttlMs: ISOLATE_CACHE_TTL_MS },
    { tier: `location ${LOCATION_CACHE_TTL_SECONDS / 3600} h`, ttlMs: LOCATION_TTL_MS, atLocation: true },
    {
      tier: `location, re-weighted every ${BANDIT_UPDATE_MS / 60_000} min`,
      ttlMs: LOCATION_TTL_MS,
      atLocation: true,
      changedEveryMs: BANDIT_UPDATE_MS,
    },
  ];
  printTable(
    `KV reads a click at the production-like spread, by the tier that keeps a link (worker/link-cache/isolate-cache.ts, location-cache.ts), the clicks shared evenly among the links; $${PRICES.kvRead * 1e6} a million reads`,
    VOLUMES.flatMap((clicksPerDay) =>
      tiers.map(({ tier, ...keeping }) => ({
        "clicks / day": clicksPerDay,
        tier,
        ...Object.fromEntries(
          linkCounts.map((links) => {
            const reads = kvReadsPerClick({ clicksPerDay, links, ...keeping });
            return [`${links} links`, `${fixed(reads, 3)} ($${fixed(reads * PRICES.kvRead * 1e6, 3)})`];
          }),
        ),
      })),
    ),
    `KV at the spread, a location's hour: ${VOLUMES.map((clicksPerDay) => `${clicksPerDay} clicks/day ${linkCounts.map((links) => `${fixed(kvAtSpread(clicksPerDay, links), 3)} reads a click over ${links} links`).join(", ")}`).join("; ")}`,
  );

  // The packs' line by the same links: a shard's writer writes a pack row for each test a write holds, so
  // more tests a shard mean more rows a click, most at a low volume (bench/spread.ts, packRowsPerClick).
  // This run's one shard holds all its TESTS tests; the dollars add the model's difference to what it
  // measured, and KV's at those links.
  const packsMeasured = (clickRowsBySql.get("INSERT INTO click_packs") ?? 0) / CLICKS;
  const packsModelled = packRowsPerClick(clicksPerWrite, TESTS);
  const atSpread = atVolumes.find(({ clicksPerDay }) => clicksPerDay === SPREAD_CLICKS_PER_DAY);
  const useAtSpread = perClickAt(spread, SPREAD_CLICKS_PER_DAY);
  const byLinks = [1_000, 10_000].map((links) => {
    const testsAShard = links / shardsFor(SPREAD_CLICKS_PER_DAY);
    const packs = packRowsPerClick(clicksPerWrite, testsAShard);
    const kv = kvAtSpread(SPREAD_CLICKS_PER_DAY, links);
    const use = {
      ...useAtSpread,
      d1RowsWritten: useAtSpread.d1RowsWritten + packs - packsModelled,
      kvReads: kv,
    };
    const dollars = dollarsPerMillion(use).total;
    return {
      links,
      testsAShard,
      packs,
      kv,
      dollars,
      bill: monthlyBill(use, SPREAD_CLICKS_PER_DAY * DAYS_A_MONTH),
    };
  });
  printTable(
    `Pack rows a click and all-in dollars by the links the clicks are spread over (evenly), at ${SPREAD_CLICKS_PER_DAY} clicks a day over ${shardsFor(SPREAD_CLICKS_PER_DAY)} shards, writes of ${clicksPerWrite} clicks a shard`,
    [
      {
        links: `this run: ${TESTS} tests on one shard`,
        "tests a shard": TESTS,
        "pack rows / click": `${fixed(packsMeasured, 3)} measured (model ${fixed(packsModelled, 3)})`,
        "KV reads / click": fixed(kvAtSpread(SPREAD_CLICKS_PER_DAY, TESTS), 3),
        "$ a million": fixed(atSpread?.cost.total ?? 0, 2),
        "billed, $ a million": fixed(atSpread?.bill.perMillion ?? 0, 2),
      },
      ...byLinks.map(({ links, testsAShard, packs, kv, dollars, bill }) => ({
        links,
        "tests a shard": fixed(testsAShard, 1),
        "pack rows / click": fixed(packs, 3),
        "KV reads / click": fixed(kv, 3),
        "$ a million": fixed(dollars, 2),
        "billed, $ a million": fixed(bill.perMillion, 2),
      })),
    ],
    `by links at ${SPREAD_CLICKS_PER_DAY} clicks/day: this run ${fixed(packsMeasured, 3)} pack rows a click (model ${fixed(packsModelled, 3)}) $${fixed(atSpread?.cost.total ?? 0, 2)}; ${byLinks.map(({ links, packs, dollars, bill }) => `${links} links ${fixed(packs, 3)} pack rows a click, $${fixed(dollars, 2)} (billed $${fixed(bill.perMillion, 2)})`).join("; ")}`,
  );

  // Steady state with the window: DAYS_IN_D1 days of raw events, at this run's bytes and rate.
  const perClickDay = bytesPerClickRaw + CONVERSION_RATE * bytesPerConversion;
  printTable(
    `Steady state in D1 with a ${WINDOW_DAYS}-day window (${DAYS_IN_D1} days of raw events, ${CONVERSION_RATE * 100} % conversions; rollup not included)`,
    [10_000, 1_000_000, 10_000_000, 100_000_000].map((perDay) => ({
      "clicks / day": perDay,
      "raw events GB": fixed((perDay * DAYS_IN_D1 * perClickDay) / 1000 ** 3, 2),
      "share of 10 GB": `${fixed(((perDay * DAYS_IN_D1 * perClickDay) / D1_MAX_BYTES) * 100, 1)} %`,
      "ingest load": `${fixed((perDay / 86_400 / clicksPerSecond) * 100, 1)} %`,
    })),
    `one D1 holds ${Math.round(D1_MAX_BYTES / (DAYS_IN_D1 * perClickDay) / 1000) * 1000} clicks/day with the window (10 GB); ingest alone would take ${Math.round(clicksPerSecond * 86_400)} clicks/day in the local runtime`,
  );
}, 3_600_000);
