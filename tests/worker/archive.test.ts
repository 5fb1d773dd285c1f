import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meterD1 } from "../../bench/workerd/d1-meter";
import type { TestAnalyticsResponse, TestBreakdownsResponse } from "../../contract/api";
import { CONVERSION_MESSAGES } from "../../contract/messages";
import replayCommand from "../../scripts/replay-dead-letters.sql?raw";
import { ARCHIVE_READ_EVENTS, archiveEvents } from "../../worker/archive/archive";
import { Budget } from "../../worker/archive/budget";
import { eventPage } from "../../worker/archive/rows";
import { QUERIES_PER_RUN } from "../../worker/archive/run";
import { objectKey, writeObject } from "../../worker/archive/store";
import { CRONS } from "../../worker/crons";
import { PACK_CLICKS } from "../../worker/db/click-packs";
import { compactHours } from "../../worker/db/hour-stats";
import { copyTestToShard } from "../../worker/db/shards";
import worker from "../../worker/index";
import { eventId } from "../../worker/lib/ids";
import { DEAD_LETTER_AFTER_ATTEMPTS } from "../../worker/queue/consumer";
import type { ClickEvent, ConversionEvent } from "../../worker/queue/events";
import { countUncounted, writeClicks, writeConversions } from "../../worker/queue/record";
import { writeRuleVisits } from "../../worker/queue/rule-visits";
import {
  type Client,
  type CreatedTest,
  createApiKey,
  createTest,
  errorOf,
  eventsOf,
  eventually,
  everyD1,
  fetchWorker,
  GOOD_PASSWORD,
  HUMAN,
  loggedEvents,
  publicApi,
  runCron,
  shardOf,
  shardWritersUsing,
  signedUpClient,
} from "./helpers";
import { click, count, deliver } from "./queue-helpers";

// Old events are real D1 rows written by the consumer's own statements (rollup triggers and all), with
// the times they would have had; the archive runs against the local R2 bucket of wrangler.toml.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const today = () => Math.floor(Date.now() / DAY) * DAY;
/** Noon UTC `days` days ago. */
const daysAgo = (days: number) => today() - days * DAY + 12 * HOUR;
/** Any window wide enough for seeding the past through the consumer's statements. */
const FOREVER = 10_000 * DAY;

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * `visitors` sessions clicking at `at` (every tenth a bot), one human in `convertEvery` (a third unless
 * told) converting an hour later.
 */
async function seed(testId: string, at: number, visitors: number, convertEvery = 3) {
  const clicks: ClickEvent[] = [];
  const conversions: ConversionEvent[] = [];
  for (let i = 0; i < visitors; i++) {
    const timestamp = at + i * 1000;
    const sessionId = crypto.randomUUID();
    clicks.push({
      type: "click",
      id: eventId(),
      testId,
      variant: i % 2 === 0 ? "A" : "B",
      sessionId,
      isBot: i % 10 === 9,
      timestamp,
    });
    if (i % convertEvery === 0 && i % 10 !== 9)
      conversions.push({
        type: "conversion",
        id: eventId(),
        testId,
        sessionId,
        timestamp: timestamp + HOUR,
      });
  }
  const db = await eventsOf(testId);
  for (let i = 0; i < clicks.length; i += 1000) await writeClicks(db, clicks.slice(i, i + 1000));
  for (let i = 0; i < conversions.length; i += 1000)
    await writeConversions(db, conversions.slice(i, i + 1000), FOREVER);
}

/** `visits` visitors an audience rule sent to its URL from `at` on, one a minute (the first rule, or the fallback each third). */
async function seedRuleVisits(testId: string, at: number, visits: number) {
  await writeRuleVisits(
    await eventsOf(testId),
    Array.from({ length: visits }, (_, i) => ({
      type: "rule" as const,
      id: eventId(),
      testId,
      rule: i % 3 === 2 ? null : 0,
      url: i % 3 === 2 ? "https://shop.example/everyone-else" : "https://shop.example/app",
      timestamp: at + i * 60_000 + 500,
    })),
  );
}

/** A test created `days` days ago (so its charts go back that far). */
async function oldTest(client: Client, days = 45): Promise<CreatedTest> {
  const test = await createTest(client);
  await env.DB.prepare("UPDATE split_tests SET created_at = ? WHERE id = ?")
    .bind(daysAgo(days), test.id)
    .run();
  await copyTestToShard(env, test.id);
  return test;
}

/** Everything the owner can read of a test: its stats and verdict, analytics and chart, breakdowns, both exports. */
async function whatTheOwnerSees(client: Client, test: CreatedTest) {
  const read = async (path: string) => {
    const response = await client.fetch(path);
    expect(response.status, path).toBe(200);
    return response.headers.get("content-type")?.includes("json") ? response.json() : response.text();
  };
  return {
    test: await read(`/api/tests/${test.slug}`),
    analytics: await read(`/api/tests/${test.slug}/analytics`),
    breakdowns: await read(`/api/tests/${test.slug}/breakdowns`),
    daily: await read(`/api/tests/${test.id}/export/daily.csv`),
    events: (await read(`/api/tests/${test.id}/export/events.csv`)) as string,
  };
}

async function objectKeys(testId: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.ARCHIVE.list({ prefix: `events/${testId}/`, cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

async function linesOf(key: string): Promise<Record<string, unknown>[]> {
  const object = await env.ARCHIVE.get(key);
  if (!object) throw new Error(`no object ${key}`);
  const text = await new Response(object.body.pipeThrough(new DecompressionStream("gzip"))).text();
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const eventsInD1 = async (testId: string) =>
  (await count("clicks", testId)) +
  (await count("conversions", testId)) +
  (await count("rule_visits", testId));

/**
 * The Worker's bindings with every D1 statement (a batch of N counts N) and every R2 call counted, as
 * the platform counts them against an invocation's limits.
 */
function counted() {
  const counter = { calls: 0 };
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property);
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (["run", "all", "first", "raw"].includes(String(property)))
          return (...args: unknown[]) => {
            counter.calls += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  const DB = everyD1(
    (db) =>
      new Proxy(db, {
        get(target, property) {
          if (property === "prepare") return (query: string) => wrap(target.prepare(query));
          if (property === "batch")
            return (statements: D1PreparedStatement[]) => {
              counter.calls += statements.length;
              return target.batch(statements.map((s) => real.get(s) ?? s));
            };
          return Reflect.get(target, property).bind(target);
        },
      }),
  );
  const ARCHIVE = new Proxy(env.ARCHIVE, {
    get(target, property) {
      const value = Reflect.get(target, property).bind(target) as (...a: unknown[]) => unknown;
      if (!["put", "get", "head", "list", "delete"].includes(String(property))) return value;
      return (...args: unknown[]) => {
        counter.calls += 1;
        return value(...args);
      };
    },
  });
  return { bindings: { ...env, ...DB, ARCHIVE } as Env, counter };
}

describe("the hourly rollup", () => {
  // First in the file: the archive cron has compacted no hour of this storage's present yet.
  it("counts an hour's clicks from their packs until the cron adds them once, then a late click of it by the writer, and one of the Worker before once", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const db = await eventsOf(test.id);
    const at = Date.now();
    const hour = at - (at % HOUR);
    const returning = crypto.randomUUID();
    await writeClicks(db, [
      click(test.id, { timestamp: at, sessionId: returning }),
      click(test.id, { timestamp: at + 1, sessionId: returning }),
      click(test.id, { timestamp: at + 2, variant: "B" }),
      click(test.id, { timestamp: at + 3, isBot: true }),
    ]);
    const seen = async () =>
      (
        (await (await client.fetch(`/api/tests/${test.slug}/analytics`)).json()) as TestAnalyticsResponse
      ).analytics.arms.map(({ clicks, visitors }) => ({ clicks, visitors }));
    const rolledUp = async () =>
      (
        await db
          .prepare(
            "SELECT variant, clicks, visitors FROM test_stats_hourly WHERE split_test_id = ? AND clicks > 0 ORDER BY variant",
          )
          .bind(test.id)
          .all()
      ).results;
    // And one written in the moment of the deploy by the Worker before 0056: its pack carries no phase
    // visitor (an insert into the view packs a click as that Worker did), and it counted its hour itself.
    await db.batch([
      db
        .prepare(
          "INSERT INTO clicks (id, split_test_id, variant, session, is_bot, timestamp) VALUES (?, ?, 'A', ?, 0, ?)",
        )
        .bind(crypto.randomUUID(), test.id, new Uint8Array(16).fill(7), at + 5),
      db
        .prepare(
          "INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors) VALUES (?, ?, 'A', 1, 1)",
        )
        .bind(test.id, hour),
    ]);
    const counted = [
      { clicks: 3, visitors: 2 },
      { clicks: 1, visitors: 1 },
    ];
    expect(await seen()).toEqual(counted);
    // The writes added no hourly key: the hour's clicks are read from their packs.
    expect(await rolledUp()).toEqual([{ variant: "A", clicks: 1, visitors: 1 }]);

    // Five minutes after the hour the cron adds it, once: moving on again adds nothing.
    expect(await compactHours(db, hour + HOUR + 5 * 60_000)).toBe(false);
    expect(await compactHours(db, hour + HOUR + 10 * 60_000)).toBe(false);
    expect(await rolledUp()).toEqual([
      { variant: "A", clicks: 3, visitors: 2 },
      { variant: "B", clicks: 1, visitors: 1 },
    ]);
    expect(await seen()).toEqual(counted);

    // A click of that hour written after it: the writer counts it, and its redelivery adds nothing.
    const late = click(test.id, { timestamp: at + 4, variant: "B" });
    await writeClicks(db, [late]);
    await writeClicks(db, [late]);
    expect(await rolledUp()).toEqual([
      { variant: "A", clicks: 3, visitors: 2 },
      { variant: "B", clicks: 2, visitors: 2 },
    ]);
    expect(await seen()).toEqual([
      { clicks: 3, visitors: 2 },
      { clicks: 2, visitors: 2 },
    ]);
  });

  /** A test with 10 events of 40 days ago whose segment visitors are compacted: the archive waits for nothing else. */
  async function archivableTest() {
    const { client } = await signedUpClient();
    const test = await oldTest(client);
    await seed(test.id, daysAgo(40), 10);
    const db = await eventsOf(test.id);
    await db
      .prepare("UPDATE segment_compaction SET through = ?2 WHERE split_test_id = ?1")
      .bind(test.id, today())
      .run();
    return { test, db };
  }

  it("keeps the archive from the clicks of hours not added to the rollup yet", async () => {
    // The segments wait for nothing here: what the archive waits for is the hours' mark.
    const { test, db } = await archivableTest();
    // The mark set without an UPDATE, whose trigger would add the hours it passes again.
    const setMark = (through: number) =>
      db.batch([
        db.prepare("DELETE FROM hour_compaction"),
        db.prepare("INSERT INTO hour_compaction (id, through) VALUES (1, ?)").bind(through),
      ]);
    // The shard's hours over added, as the cron does, then the mark as it stands.
    while (await compactHours(db, Date.now()));
    const mark = (await db.prepare("SELECT through FROM hour_compaction").first<{ through: number }>())
      ?.through;
    vi.spyOn(console, "log").mockImplementation(() => {});

    await setMark(daysAgo(41));
    expect((await archiveEvents(env, new Budget(QUERIES_PER_RUN))).events).toBe(0);
    expect(await objectKeys(test.id)).toEqual([]);
    await setMark(mark ?? 0);
    expect((await archiveEvents(env, new Budget(QUERIES_PER_RUN))).events).toBeGreaterThan(10);
    expect(await objectKeys(test.id)).toHaveLength(1);
  });

  it("keeps the archive from the packs written before 0057 until they are moved", async () => {
    const { test, db } = await archivableTest();
    while (await compactHours(db, Date.now()));
    // Its packs as a shard kept them before migrations/0057_packs_one_row.sql.
    await db.batch([
      db
        .prepare(
          "INSERT INTO click_packs_before (split_test_id, hour, seq, sessions, clicks) SELECT split_test_id, hour, seq, sessions, clicks FROM click_packs WHERE split_test_id = ?1",
        )
        .bind(test.id),
      db.prepare("DELETE FROM click_packs WHERE split_test_id = ?1").bind(test.id),
    ]);
    vi.spyOn(console, "log").mockImplementation(() => {});

    // The archive waits, and says which shard holds them.
    const shard = await shardOf(test.id);
    expect(await archiveEvents(env, new Budget(QUERIES_PER_RUN))).toMatchObject({
      events: 0,
      packsBefore: [shard],
    });
    expect(await objectKeys(test.id)).toEqual([]);
    // The cron's run moves them after its archive (a step moves every pack there is here); the next run's
    // archive takes them.
    await runCron(CRONS.archive);
    expect(await objectKeys(test.id)).toEqual([]);
    expect(await db.prepare("SELECT count(*) AS n FROM click_packs_before").first("n")).toBe(0);
    expect((await archiveEvents(env, new Budget(QUERIES_PER_RUN))).events).toBeGreaterThan(10);
    expect(await objectKeys(test.id)).toHaveLength(1);
    // What the run had no room for, so that the next tests' runs find nothing of this one.
    while ((await archiveEvents(env, new Budget(QUERIES_PER_RUN))).events > 0);
    expect(
      await db
        .prepare(
          "SELECT (SELECT count(*) FROM click_packs_before) + (SELECT count(*) FROM click_packs WHERE split_test_id = ?1) AS n",
        )
        .bind(test.id)
        .first("n"),
    ).toBe(0);
  });
});

describe("the attribution window", () => {
  it("refuses a conversion that comes after the window with a clear log line, and counts one within it", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const late = click(test.id, { timestamp: Date.now() - 31 * DAY });
    const inTime = click(test.id, { timestamp: Date.now() - 29 * DAY });
    await writeClicks(await eventsOf(test.id), [late, inTime]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});

    const conversions = [late, inTime].map((c) => ({
      type: "conversion",
      id: eventId(),
      testId: test.id,
      sessionId: c.sessionId,
      timestamp: Date.now(),
    }));
    const { result } = await deliver(conversions);
    // Refused at once: waiting would not make the click any younger.
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1"]);
    expect(result.retryMessages).toEqual([]);
    const counted = await (await eventsOf(test.id))
      .prepare("SELECT session_id FROM conversions WHERE split_test_id = ?")
      .bind(test.id)
      .all<{ session_id: string }>();
    expect(counted.results.map((row) => row.session_id)).toEqual([inTime.sessionId]);
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({
        event: "conversion_refused",
        reason: "outside_attribution_window",
        testId: test.id,
        windowDays: 30,
      }),
    );
  });

  it("answers the server-side API's late conversion 422 with the reason, and counts one within the window", async () => {
    const { client } = await signedUpClient();
    const { key } = await createApiKey(client);
    const test = await createTest(client);
    const late = click(test.id, { timestamp: Date.now() - 31 * DAY });
    const inTime = click(test.id, { timestamp: Date.now() - 29 * DAY });
    await writeClicks(await eventsOf(test.id), [late, inTime]);
    const convert = (sessionId: string) =>
      publicApi(
        key,
        "POST",
        "/conversions",
        { testId: test.id, sessionId },
        { "Idempotency-Key": sessionId },
      );

    const refused = await convert(late.sessionId);
    expect(refused.status).toBe(422);
    expect(await errorOf(refused)).toMatchObject({
      code: "outside_attribution_window",
      message: CONVERSION_MESSAGES.outsideAttributionWindow(30),
    });
    expect((await convert(inTime.sessionId)).status).toBe(201);
    expect(await count("conversions", test.id)).toBe(1);
  });

  it("follows the deployment's ATTRIBUTION_WINDOW_DAYS", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const visit = click(test.id, { timestamp: Date.now() - 8 * DAY });
    await writeClicks(await eventsOf(test.id), [visit]);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    const conversion = {
      type: "conversion",
      id: eventId(),
      testId: test.id,
      sessionId: visit.sessionId,
      timestamp: Date.now(),
    };
    await deliver([conversion], 1, { ...env, ATTRIBUTION_WINDOW_DAYS: 7 });
    expect(await count("conversions", test.id)).toBe(0);
    await deliver([conversion], 1, { ...env, ATTRIBUTION_WINDOW_DAYS: 9 });
    expect(await count("conversions", test.id)).toBe(1);
  });

  it("refuses events older than the window, which may belong to an archived day", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { result } = await deliver([click(test.id, { timestamp: Date.now() - 31 * DAY }), click(test.id)]);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1"]);
    expect(await count("clicks", test.id)).toBe(1);
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({
        event: "tracking_event_dropped",
        reason: "outside_attribution_window",
        type: "click",
      }),
    );
  });

  it("keeps the conversion cookie as long as the window", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const cookieAge = async (bindings: Env) => {
      const response = await fetchWorker(
        `/r/${test.slug}`,
        { headers: HUMAN, redirect: "manual" },
        { bindings },
      );
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith("sl_conv="));
      return cookie?.match(/Max-Age=(\d+)/)?.[1];
    };
    expect(await cookieAge(env)).toBe(String(30 * 24 * 3600));
    expect(await cookieAge({ ...env, ATTRIBUTION_WINDOW_DAYS: 7 })).toBe(String(7 * 24 * 3600));
  });
});

describe("the archive cron", () => {
  it("moves the days past the window to R2, one gzip NDJSON object per UTC day, and changes nothing the owner sees", async () => {
    const { client } = await signedUpClient();
    const test = await oldTest(client);
    await seed(test.id, daysAgo(40), 30);
    await seedRuleVisits(test.id, daysAgo(40), 5);
    await seed(test.id, daysAgo(39), 20);
    await seed(test.id, Date.now() - 2 * HOUR, 10);
    await seedRuleVisits(test.id, Date.now() - 2 * HOUR, 2);
    const before = await whatTheOwnerSees(client, test);
    expect(before.events.split("\r\n").filter(Boolean)).toHaveLength(1 + 60 + 9 + 6 + 3 + 5 + 2);
    expect(before.events).toContain(",0,https://shop.example/app,,,\r\n");
    expect(before.events).toContain(",,https://shop.example/everyone-else,,,\r\n");

    await runCron(CRONS.archive);

    const keys = await objectKeys(test.id);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toContain(`/${day(daysAgo(40))}/`);
    expect(keys[1]).toContain(`/${day(daysAgo(39))}/`);
    const lines = await linesOf(keys[0] ?? "");
    // 30 clicks, the 9 conversions and the 5 rule visits of that day, in time order, each with the
    // export's columns.
    expect(lines).toHaveLength(44);
    expect(lines.filter((line) => line.kind === "rule_visit")).toHaveLength(5);
    expect(lines.map((line) => line.timestamp)).toEqual(
      lines.map((line) => line.timestamp as number).sort((a, b) => a - b),
    );
    expect(Object.keys(lines[0] ?? {}).sort()).toEqual([
      "amount",
      "country",
      "currency",
      "device",
      "id",
      "is_bot",
      "kind",
      "metric",
      "os",
      "phase",
      "referrer_host",
      "rule",
      "session_id",
      "timestamp",
      "url",
      "variant",
    ]);
    // Only the recent day is still in D1.
    expect(await eventsInD1(test.id)).toBe(10 + 3 + 2);

    const after = await whatTheOwnerSees(client, test);
    expect(after).toEqual(before);
  });

  it("forgets the ids of what it did not count once they are past the window, and keeps the counts (#51)", async () => {
    const { client } = await signedUpClient();
    const test = await oldTest(client);
    const uncounted = (id: string, timestamp: number) => ({
      type: "events",
      events: [{ type: "uncounted", id, testId: test.id, reason: "paused", events: 2, timestamp }],
    });
    // Written as the consumer wrote them while they were recent: one is now past the window.
    const db = await eventsOf(test.id);
    await countUncounted(db, [
      { id: "old-visits", testId: test.id, reason: "paused", events: 2, timestamp: daysAgo(40) },
    ]);
    const recent = Date.now() - HOUR;
    await deliver([uncounted("new-visits", recent)]);
    const ids = async () =>
      (
        await db
          .prepare("SELECT id FROM traffic_quality_events WHERE split_test_id = ? ORDER BY id")
          .bind(test.id)
          .all<{ id: string }>()
      ).results.map((row) => row.id);
    expect(await ids()).toEqual(["new-visits", "old-visits"]);

    await runCron(CRONS.archive);

    expect(await ids()).toEqual(["new-visits"]);
    // The recent one still counts once, delivered again; the counts themselves are kept.
    await deliver([uncounted("new-visits", recent)]);
    const { analytics } = (await (
      await client.fetch(`/api/tests/${test.slug}/analytics`)
    ).json()) as TestAnalyticsResponse;
    expect(analytics.trafficQuality.visits).toContainEqual({ reason: "paused", events: 4 });
  });

  it("archives a test's clicks only once their segment visitors are compacted, and the breakdowns stay the same", async () => {
    const { client } = await signedUpClient();
    const test = await oldTest(client, 34);
    // Made 34 days ago with segment compaction (migrations/0033_segment_compaction.sql): its visitors
    // since then are counted from its clicks until the cron compacts them, a day a batch.
    const db = await eventsOf(test.id);
    await db
      .prepare("UPDATE segment_compaction SET through = ?2 WHERE split_test_id = ?1")
      .bind(test.id, daysAgo(34))
      .run();
    await seed(test.id, daysAgo(33), 12);
    await seed(test.id, daysAgo(32), 9);
    await seed(test.id, daysAgo(1), 6);
    const before = await whatTheOwnerSees(client, test);
    const { breakdowns } = before.breakdowns as TestBreakdownsResponse;
    expect(breakdowns.device[0]?.arms.map((arm) => arm.visitors)).toEqual([14, 12]);
    vi.spyOn(console, "log").mockImplementation(() => {});

    // The first run compacts two of its days: not yet past the cutoff, so nothing is archived.
    await runCron(CRONS.archive);
    expect(await objectKeys(test.id)).toEqual([]);
    expect(await whatTheOwnerSees(client, test)).toEqual(before);
    for (let run = 0; run < 20 && (await objectKeys(test.id)).length === 0; run++)
      await runCron(CRONS.archive);
    expect(await objectKeys(test.id)).toHaveLength(2);
    expect(await eventsInD1(test.id)).toBe(6 + 2);
    expect(await whatTheOwnerSees(client, test)).toEqual(before);
    // Compacted up to today (two days a run), today's on the next day's run; runs more change nothing.
    const through = async () =>
      (
        await db
          .prepare("SELECT through FROM segment_compaction WHERE split_test_id = ?1")
          .bind(test.id)
          .first<{ through: number }>()
      )?.through;
    for (let run = 0; run < 40 && (await through()) !== today(); run++) await runCron(CRONS.archive);
    expect(await through()).toBe(today());
    await runCron(CRONS.archive);
    expect(await through()).toBe(today());
    expect(await whatTheOwnerSees(client, test)).toEqual(before);
  });

  it("loses and doubles nothing when a run stops between writing to R2 and deleting from D1", async () => {
    const { client } = await signedUpClient();
    const test = await oldTest(client);
    await seed(test.id, daysAgo(41), 12);
    await seedRuleVisits(test.id, daysAgo(41), 3);
    await seed(test.id, daysAgo(1), 6);
    const before = await whatTheOwnerSees(client, test);
    const inD1 = await eventsInD1(test.id);
    const deleteFails = everyD1(
      (db) =>
        new Proxy(db, {
          get(target, property) {
            if (property === "batch")
              return () => Promise.reject(new Error("D1_ERROR: the isolate went away"));
            return Reflect.get(target, property).bind(target);
          },
        }),
    );
    vi.spyOn(console, "log").mockImplementation(() => {});

    await expect(runCron(CRONS.archive, { ...env, ...deleteFails })).rejects.toThrow();
    expect(await objectKeys(test.id)).toHaveLength(1);
    expect(await eventsInD1(test.id)).toBe(inD1);
    expect(await whatTheOwnerSees(client, test)).toEqual(before);

    await runCron(CRONS.archive);
    await runCron(CRONS.archive);
    expect(await objectKeys(test.id)).toHaveLength(1);
    expect(await eventsInD1(test.id)).toBe(6 + 2);
    expect(await whatTheOwnerSees(client, test)).toEqual(before);
  });

  it.each([
    ["before", "just before the export reads D1"],
    ["after", "while the export reads D1"],
  ])("exports every event once when the archive moves them %s the page is read (%s)", async (when) => {
    const { client } = await signedUpClient();
    const test = await oldTest(client);
    await seed(test.id, daysAgo(43), 8);
    await seed(test.id, daysAgo(2), 5);
    const before = (await whatTheOwnerSees(client, test)).events;
    vi.spyOn(console, "log").mockImplementation(() => {});
    // The export's D1, on whose first read of the test's events the archive cron runs.
    let archived = false;
    const archiveDuringRead = everyD1(
      (db) =>
        new Proxy(db, {
          get(target, property) {
            if (property !== "prepare") return Reflect.get(target, property).bind(target);
            return (query: string) => {
              const statement = target.prepare(query);
              if (!query.includes("FROM clicks") || !query.includes("UNION ALL")) return statement;
              return {
                bind: (...values: unknown[]) => ({
                  all: async () => {
                    const read = () => statement.bind(...values).all();
                    if (archived) return read();
                    archived = true;
                    if (when === "before") {
                      await runCron(CRONS.archive);
                      return read();
                    }
                    const page = await read();
                    await runCron(CRONS.archive);
                    return page;
                  },
                }),
              };
            };
          },
        }),
    );
    const response = await fetchWorker(
      `/api/tests/${test.id}/export/events.csv`,
      { headers: { cookie: client.cookieHeader() } },
      { bindings: { ...env, ...archiveDuringRead } },
    );
    expect(await response.text()).toBe(before);
    expect(archived).toBe(true);
    expect(await objectKeys(test.id)).toHaveLength(1);
  });

  it("splits a day bigger than one read into objects that export in time order", async () => {
    const { client } = await signedUpClient();
    const test = await oldTest(client);
    await seed(test.id, daysAgo(42) - 10 * HOUR, 9_000);
    await seed(test.id, daysAgo(42) + 2 * HOUR, 1_500);
    const before = await (await client.fetch(`/api/tests/${test.id}/export/events.csv`)).text();
    const events = before.split("\r\n").filter(Boolean).length - 1;
    expect(events).toBeGreaterThan(ARCHIVE_READ_EVENTS);
    vi.spyOn(console, "log").mockImplementation(() => {});

    for (let run = 0; run < 5 && (await eventsInD1(test.id)) > 0; run++) await runCron(CRONS.archive);

    expect(await eventsInD1(test.id)).toBe(0);
    const keys = await objectKeys(test.id);
    expect(keys.length).toBe(2);
    expect(new Set(keys.map((key) => key.split("/")[2])).size).toBe(1);
    expect(await (await client.fetch(`/api/tests/${test.id}/export/events.csv`)).text()).toBe(before);
    // 10,500 clicks through the consumer: some 16 s alone.
  }, 60_000);

  it(`stays within ${QUERIES_PER_RUN} D1 queries and R2 calls a run, and catches up over the next runs`, async () => {
    const { client } = await signedUpClient();
    const tests = [await oldTest(client, 70), await oldTest(client, 70), await oldTest(client, 70)];
    for (const test of tests) for (let day = 35; day < 55; day++) await seed(test.id, daysAgo(day), 4);
    const exports = await Promise.all(
      tests.map(async (test) => (await client.fetch(`/api/tests/${test.id}/export/events.csv`)).text()),
    );
    vi.spyOn(console, "log").mockImplementation(() => {});

    const { bindings, counter } = counted();
    let runs = 0;
    const left = async () =>
      (await Promise.all(tests.map((test) => eventsInD1(test.id)))).reduce((a, b) => a + b);
    while ((await left()) > 0) {
      counter.calls = 0;
      await runCron(CRONS.archive, bindings);
      expect(counter.calls).toBeLessThanOrEqual(QUERIES_PER_RUN);
      runs += 1;
      expect(runs).toBeLessThan(10);
    }
    expect(runs).toBeGreaterThan(1);
    for (const [i, test] of tests.entries()) {
      expect(await objectKeys(test.id)).toHaveLength(20);
      expect(await (await client.fetch(`/api/tests/${test.id}/export/events.csv`)).text()).toBe(exports[i]);
    }
  });
});

describe("the events export's phase", () => {
  it("gives each click and conversion its phase, a rule visit none, and an event archived without one phase 1", async () => {
    const { client } = await signedUpClient();
    const test = await oldTest(client);
    // Archived before the archive kept the phase: the object's lines have no `phase`.
    const old = { id: eventId(), timestamp: daysAgo(40), variant: "A", session_id: "old" };
    const oldRows = [
      {
        ...old,
        kind: "click",
        is_bot: 0,
        amount: null,
        currency: null,
        device: null,
        os: null,
        country: null,
        referrer_host: null,
      },
      {
        ...old,
        kind: "conversion",
        id: eventId(),
        timestamp: daysAgo(40) + HOUR,
        is_bot: 0,
        amount: null,
        currency: null,
        device: null,
        os: null,
        country: null,
        referrer_host: null,
      },
    ] as const;
    await writeObject(env.ARCHIVE, objectKey(test.id, oldRows[0]), [...oldRows]);
    // Events of the second phase, still in D1.
    await seed(test.id, Date.now() - 2 * HOUR, 4);
    await seedRuleVisits(test.id, Date.now() - 2 * HOUR, 1);
    // A click's phase is its pack's eleventh field (worker/db/click-packs.ts).
    for (const sql of [
      "UPDATE click_packs SET clicks = (SELECT json_group_array(json_set(value, '$[10]', 2)) FROM json_each(clicks)) WHERE split_test_id = ?",
      "UPDATE conversions SET phase = 2 WHERE split_test_id = ?",
    ])
      await (await eventsOf(test.id)).prepare(sql).bind(test.id).run();

    const { events } = await whatTheOwnerSees(client, test);
    const [header, ...rows] = events
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));
    expect(header?.at(-3)).toBe("phase");
    const phases = rows.map((row) => [row[0], row.at(-3)]);
    expect(phases.slice(0, 2)).toEqual([
      ["click", "1"],
      ["conversion", "1"],
    ]);
    expect(phases.slice(2).filter(([kind]) => kind !== "rule_visit")).toEqual(
      [...Array.from({ length: 4 }, () => ["click", "2"]), ["conversion", "2"], ["conversion", "2"]].sort(),
    );
    expect(phases.filter(([kind]) => kind === "rule_visit")).toEqual([["rule_visit", ""]]);
  });
});

describe("deleting what was archived", () => {
  it("deletes a test's R2 objects with it", async () => {
    const { client } = await signedUpClient();
    const test = await oldTest(client);
    await seed(test.id, daysAgo(40), 5);
    await seed(test.id, daysAgo(38), 5);
    vi.spyOn(console, "log").mockImplementation(() => {});
    await runCron(CRONS.archive);
    expect(await objectKeys(test.id)).toHaveLength(2);

    expect((await client.json("DELETE", `/api/tests/${test.id}`)).status).toBe(200);
    expect((await client.fetch(`/api/tests/${test.id}/export/events.csv`)).status).toBe(404);
    await runCron(CRONS.archive);
    expect(await objectKeys(test.id)).toEqual([]);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM split_tests WHERE id = ?")
      .bind(test.id)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  // Seeds 12,000 clicks and runs the archive cron until the account is gone: 14–19 s in a clean clone on
  // two cores, too close to the file's 20 s.
  it("deletes a big account in chunks over several runs, each within the limits, R2 objects included", async () => {
    const { client, email, userId } = await signedUpClient();
    const archived = await oldTest(client);
    await seed(archived.id, daysAgo(40), 5);
    const big = await createTest(client);
    // Its clicks are some 60 packs, its conversions as many as the other tests' runs leave room for.
    await seed(big.id, Date.now() - 3 * HOUR, 12_000, 12);
    const tests = [archived, big];
    for (let i = 0; i < 30; i++) tests.push(await createTest(client));
    vi.spyOn(console, "log").mockImplementation(() => {});
    await runCron(CRONS.archive);
    expect(await objectKeys(archived.id)).toHaveLength(1);

    expect((await client.json("DELETE", "/api/account", { email, password: GOOD_PASSWORD })).status).toBe(
      200,
    );
    const { bindings, counter } = counted();
    const owned = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM users WHERE id = ?")
          .bind(userId)
          .first<{ n: number }>()
      )?.n;
    let runs = 0;
    while ((await owned()) !== 0) {
      counter.calls = 0;
      await runCron(CRONS.archive, bindings);
      expect(counter.calls).toBeLessThanOrEqual(QUERIES_PER_RUN);
      runs += 1;
      expect(runs).toBeLessThan(20);
    }
    expect(runs).toBeGreaterThan(1);
    for (const test of tests) {
      expect(await eventsInD1(test.id)).toBe(0);
      expect(await count("test_stats_hourly", test.id)).toBe(0);
    }
    expect(await objectKeys(archived.id)).toEqual([]);
  }, 60_000);
});

describe("dead letters", () => {
  /** Delivers `bodies` to the Worker as the dead-letter queue's consumer gets them. */
  async function toDeadLetterQueue(bodies: unknown[]) {
    const batch = createMessageBatch(
      "splitlink-clicks-dlq",
      bodies.map((body, i) => ({
        id: `dlq-${crypto.randomUUID()}-${i}`,
        timestamp: new Date(),
        attempts: 1,
        body,
      })),
    );
    await worker.queue(batch, env);
    return getQueueResult(batch, createExecutionContext());
  }

  it("keeps a dead-lettered event with its error, and the replay command brings it back once the cause is fixed", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const poison = click(test.id);
    const sent: unknown[] = [];
    // The transaction that inserts clicks (with their rollups) is refused.
    const full = () => Promise.reject(new Error("D1_ERROR: disk full"));
    const refusing = everyD1(
      (db) =>
        new Proxy(db, {
          get(target, property) {
            if (property === "prepare")
              return (query: string) =>
                query.includes("INSERT INTO click_packs")
                  ? { bind: () => ({ run: full, refused: true }) }
                  : target.prepare(query);
            if (property === "batch")
              return (statements: D1PreparedStatement[]) =>
                statements.some((statement) => "refused" in statement) ? full() : target.batch(statements);
            return Reflect.get(target, property).bind(target);
          },
        }),
    );
    const deadLetters = { send: async (body: unknown) => void sent.push(body) } as unknown as Queue;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    // The shard's writer writes the clicks (worker/queue/shard-writer.ts): it is refused too.
    const restoreWriters = await shardWritersUsing(refusing);
    try {
      await deliver([poison], DEAD_LETTER_AFTER_ATTEMPTS, { ...env, ...refusing, DEAD_LETTERS: deadLetters });
    } finally {
      await restoreWriters();
    }
    expect(await count("clicks", test.id)).toBe(0);

    const result = await toDeadLetterQueue(sent);
    expect(result.ackAll).toBe(true);
    const kept = await env.DB.prepare("SELECT reason, body FROM dead_letters WHERE body LIKE ?")
      .bind(`%${poison.id}%`)
      .all<{ reason: string; body: string }>();
    expect(kept.results).toHaveLength(1);
    expect(kept.results[0]?.reason).toContain("disk full");
    expect(JSON.parse(kept.results[0]?.body ?? "null")).toEqual(poison);

    // The cause is fixed (D1 has room again): the documented command, then the next run of the cron.
    await env.DB.prepare(replayCommand.replace(/^--.*$/gm, "").trim()).run();
    await runCron(CRONS.archive);
    await eventually(async () => (await count("clicks", test.id)) === 1);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM dead_letters WHERE body LIKE ?")
      .bind(`%${poison.id}%`)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("replays a whole message of events the Queues runtime moved there, and its events land once", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const events = [click(test.id), click(test.id, { variant: "B" })];
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    await toDeadLetterQueue([{ type: "events", events }]);
    await env.DB.prepare(replayCommand.replace(/^--.*$/gm, "").trim()).run();
    await runCron(CRONS.archive);
    await eventually(async () => (await count("clicks", test.id)) === 2);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM dead_letters WHERE body LIKE ?")
      .bind(`%${events[0]?.id}%`)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("keeps what the Queues runtime moved there after the last retry, as it was", async () => {
    const event = click("some-test");
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await toDeadLetterQueue([event]);
    const kept = await env.DB.prepare("SELECT reason, body FROM dead_letters WHERE body LIKE ?")
      .bind(`%${event.id}%`)
      .first<{ reason: string; body: string }>();
    expect(kept?.reason).toMatch(/every retry/);
    expect(JSON.parse(kept?.body ?? "null")).toEqual(event);
  });
});

describe("a page of events", () => {
  it("unpacks the packs that hold its events, not the next page's worth of packs", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const db = await eventsOf(test.id);
    const now = Date.now();
    const start = now - (now % HOUR) - 20 * HOUR;
    // Ten hours of one full pack each.
    for (let hour = 0; hour < 10; hour++)
      await writeClicks(
        db,
        Array.from({ length: PACK_CLICKS }, (_, i) =>
          click(test.id, { timestamp: start + hour * HOUR + i * 1_000 }),
        ),
      );
    const { db: metered, meter } = meterD1(db);
    const page = await eventPage(metered, test.id, { after: null, before: now, limit: 100 });
    expect(page.map(({ timestamp }) => timestamp)).toEqual(
      Array.from({ length: 100 }, (_, i) => start + i * 1_000),
    );
    // The first hour's pack holds the page: the other nine stay packed.
    expect(meter.rowsRead).toBeLessThan(PACK_CLICKS * 3);

    // The same packs as a shard kept them before migrations/0057_packs_one_row.sql, until the cron
    // moves them: still the first hour's alone.
    const movePacks = (from: string, to: string) =>
      db.batch([
        db
          .prepare(
            `INSERT INTO ${to} (split_test_id, hour, seq, sessions, clicks) SELECT split_test_id, hour, seq, sessions, clicks FROM ${from} WHERE split_test_id = ?1`,
          )
          .bind(test.id),
        db.prepare(`DELETE FROM ${from} WHERE split_test_id = ?1`).bind(test.id),
      ]);
    await movePacks("click_packs", "click_packs_before");
    meter.reset();
    expect(await eventPage(metered, test.id, { after: null, before: now, limit: 100 })).toEqual(page);
    expect(meter.rowsRead).toBeLessThan(PACK_CLICKS * 3);
    await movePacks("click_packs_before", "click_packs");
  });
});
