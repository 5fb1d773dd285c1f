import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { mulberry32 } from "../../bench/workerd/sequential-simulation";
import { SESSIONS_PER_ADDRESS_HOUR } from "../../contract/trust";
import { compactHours, STATS_OF_TESTS, UNCOUNTED_OF_TEST } from "../../worker/db/hour-stats";
import { compactSegments, segmentCounts } from "../../worker/db/segments";
import { copyTestToShard } from "../../worker/db/shards";
import type { ClickEvent, ConversionEvent, RuleVisitEvent, TrackingEvent } from "../../worker/queue/events";
import { eventsOf } from "./helpers";
import { deliver, newTestId } from "./queue-helpers";

// The rollups the consumer counts once per batch and key (worker/queue/record.ts) against the raw rows
// they summarise: random traffic in packed messages, batches delivered twice, events repeated in a
// batch, must leave every rollup equal to a GROUP BY over the events in D1.

const HOUR = 3_600_000;
const DEVICES = ["mobile", "desktop", null] as const;
const COUNTRIES = ["DE", "FR", "US", null] as const;

const packed = (events: TrackingEvent[]) => {
  const bodies: unknown[] = [];
  for (let i = 0; i < events.length; i += 100)
    bodies.push({ type: "events", events: events.slice(i, i + 100) });
  return bodies;
};

/**
 * The query's rows for each of the tests (`ids`, a JSON array, is its ?1), each read in the test's event
 * shard, test after test in id order: as one query ordered by test first would answer.
 */
async function all<T>(sql: string, ids: string): Promise<T[]> {
  const rows: T[] = [];
  for (const id of (JSON.parse(ids) as string[]).sort()) {
    const db = await eventsOf(id);
    rows.push(
      ...(
        await db
          .prepare(sql)
          .bind(JSON.stringify([id]))
          .all<T>()
      ).results,
    );
  }
  return rows;
}

/** The sum of a `count(*) AS n` query over the tests. */
async function total(sql: string, ids: string): Promise<number> {
  return (await all<{ n: number }>(sql, ids)).reduce((sum, row) => sum + row.n, 0);
}

describe("the rollups counted once per batch", () => {
  it("equal a recount of the raw events after redelivered batches and repeated event ids", async () => {
    const next = mulberry32(35);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
    const tests = [await newTestId(), await newTestId()];
    // The first test's currency is the euro: its valued conversions are orders, the second's are in another currency.
    await env.DB.prepare("UPDATE split_tests SET currency = 'EUR' WHERE id = ?").bind(tests[0]).run();
    await copyTestToShard(env, tests[0] as string);
    const now = Date.now();
    const hourStart = now - (now % HOUR);
    // The first test's segments are compacted from the middle of its traffic on (the visitors before it
    // counted per batch, the later ones from the clicks); the second was made before compaction
    // (migrations/0033_segment_compaction.sql): all counted per batch.
    await (await eventsOf(tests[0] as string))
      .prepare("UPDATE segment_compaction SET through = ?2 WHERE split_test_id = ?1")
      .bind(tests[0], hourStart - HOUR)
      .run();
    await (await eventsOf(tests[1] as string))
      .prepare("DELETE FROM segment_compaction WHERE split_test_id = ?1")
      .bind(tests[1])
      .run();
    const sessions = Array.from({ length: 120 }, (_, i) => ({
      id: crypto.randomUUID(),
      test: pick(tests),
      variant: pick(["A", "B", "C"] as const),
      source: `addr${i % 40}`,
      device: pick(DEVICES),
      country: pick(COUNTRIES),
    }));
    const clicks: ClickEvent[] = Array.from({ length: 600 }, () => {
      const session = pick(sessions);
      const opening = next() < 0.3;
      return {
        type: "click",
        id: crypto.randomUUID(),
        testId: session.test,
        variant: session.variant,
        sessionId: session.id,
        isBot: next() < 0.05,
        timestamp: hourStart - Math.floor(next() * 3) * HOUR + Math.floor(next() * HOUR * 0.9),
        ...(opening ? { source: session.source } : {}),
        device: session.device,
        country: session.country,
      };
    });
    // One address opens more sessions in an hour than a test counts: past SESSIONS_PER_ADDRESS_HOUR, flagged.
    for (let i = 0; i < SESSIONS_PER_ADDRESS_HOUR + 15; i++)
      clicks.push({
        type: "click",
        id: crypto.randomUUID(),
        testId: tests[0] as string,
        variant: "A",
        sessionId: crypto.randomUUID(),
        isBot: false,
        timestamp: hourStart + i,
        source: "flood",
        device: "desktop",
      });
    const conversions: ConversionEvent[] = sessions.slice(0, 60).map((session) => ({
      type: "conversion",
      id: crypto.randomUUID(),
      testId: session.test,
      sessionId: session.id,
      timestamp: now,
      ...(next() < 0.5 ? { amount: Math.floor(next() * 10_000), currency: "EUR" } : {}),
    }));
    const ruleVisits: RuleVisitEvent[] = Array.from({ length: 80 }, () => ({
      type: "rule",
      id: crypto.randomUUID(),
      testId: pick(tests),
      rule: pick([0, 1, null]),
      url: pick(["https://app.example", "https://de.example"]),
      timestamp: now - Math.floor(next() * 2 * HOUR),
    }));

    // Clicks and rule visits in shuffled packed batches, some events twice in a batch, every third
    // batch delivered twice; then the conversions (a few twice) once every click is in.
    // Each session's clicks still come in time order (a visitor's first click is their earliest): the
    // clicks table keeps no order of arrival (migrations/0029_click_rows.sql), so the recount finds a
    // visitor's first click by time.
    const traffic: TrackingEvent[] = [...clicks, ...ruleVisits].sort(() => next() - 0.5);
    const bySession = new Map<string, number[]>();
    traffic.forEach((event, position) => {
      if (event.type === "click")
        bySession.set(event.sessionId, [...(bySession.get(event.sessionId) ?? []), position]);
    });
    for (const positions of bySession.values()) {
      const inOrder = positions
        .map((position) => traffic[position] as ClickEvent)
        .sort((a, b) => a.timestamp - b.timestamp || (a.id < b.id ? -1 : 1));
      positions.forEach((position, i) => {
        traffic[position] = inOrder[i] as ClickEvent;
      });
    }
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    for (let start = 0, batch = 0; start < traffic.length; batch++) {
      const size = 50 + Math.floor(next() * 250);
      const events = traffic.slice(start, start + size);
      start += size;
      const repeated = [...events, ...events.filter(() => next() < 0.1)];
      await deliver(packed(repeated));
      if (batch % 3 === 0) await deliver(packed(repeated), 2);
    }
    await deliver(packed([...conversions, ...conversions.slice(0, 10)]));
    await deliver(packed(conversions.slice(20, 40)), 2);
    info.mockRestore();

    const inTests = `split_test_id IN (SELECT value FROM json_each(?1))`;
    const ids = JSON.stringify(tests);
    expect(await total(`SELECT count(*) AS n FROM clicks WHERE ${inTests}`, ids)).toBe(clicks.length);
    expect(
      await total(`SELECT count(*) AS n FROM clicks WHERE ${inTests} AND is_bot = 2`, ids),
    ).toBeGreaterThan(0);

    // Hourly: clicks, and visitors at their first human click in the phase; the clicks of the hours not
    // compacted yet from their packs (worker/db/hour-stats.ts), then those before the current hour from
    // the rollup alone once compacted.
    const firstClicks = `first AS (
        SELECT split_test_id, session_id, variant, timestamp, device, os, country, referrer_host,
               row_number() OVER (PARTITION BY split_test_id, session_id ORDER BY timestamp, id) AS nth
        FROM clicks WHERE ${inTests} AND is_bot = 0)`;
    const recount = await all<{ hour: number }>(
      `WITH ${firstClicks}
       SELECT c.split_test_id, c.phase, c.timestamp - c.timestamp % ${HOUR} AS hour, c.variant, count(*) AS clicks,
              (SELECT count(*) FROM first AS f WHERE f.nth = 1 AND f.split_test_id = c.split_test_id
                 AND f.variant = c.variant AND f.timestamp - f.timestamp % ${HOUR} = c.timestamp - c.timestamp % ${HOUR})
                AS visitors
       FROM clicks AS c WHERE ${inTests} AND c.is_bot = 0 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      ids,
    );
    const hourly = (from: string) =>
      all<{ hour: number }>(
        `SELECT split_test_id, phase, hour, variant, sum(clicks) AS clicks, sum(visitors) AS visitors FROM ${from}
         GROUP BY 1, 2, 3, 4 HAVING sum(clicks) > 0 ORDER BY 1, 2, 3, 4`,
        ids,
      );
    expect(await hourly(STATS_OF_TESTS)).toEqual(recount);
    const compactedAt = Date.now();
    for (const id of tests) while (await compactHours(await eventsOf(id), compactedAt));
    const currentHour = compactedAt - (compactedAt % HOUR);
    const compacted = (rows: { hour: number }[]) => rows.filter((row) => row.hour < currentHour);
    expect(compacted(await hourly(`test_stats_hourly WHERE ${inTests}`))).toEqual(compacted(recount));
    expect(compacted(recount).length).toBeGreaterThan(0);
    // Conversions by the hour and variant of each conversion row, as a reader counts them (those of the
    // hours not compacted from the conversions: migrations/0060_conversion_hours.sql).
    expect(
      await all(
        `SELECT split_test_id, variant, sum(conversions) AS n FROM ${STATS_OF_TESTS}
         GROUP BY 1, 2 HAVING n > 0 ORDER BY 1, 2`,
        ids,
      ),
    ).toEqual(
      await all(
        `SELECT split_test_id, variant, count(*) AS n FROM conversions WHERE ${inTests} GROUP BY 1, 2 ORDER BY 1, 2`,
        ids,
      ),
    );
    // Values: in the test's currency an order and its revenue; in another, counted without them and as other_currency.
    expect(
      await all(
        `SELECT split_test_id, sum(orders) AS orders, sum(revenue) AS revenue, sum(revenue_squares) AS squares
         FROM ${STATS_OF_TESTS} GROUP BY 1 ORDER BY 1`,
        ids,
      ),
    ).toEqual(
      await all(
        `SELECT t.id AS split_test_id, count(CASE WHEN v.currency = t.currency THEN 1 END) AS orders,
                coalesce(sum(CASE WHEN v.currency = t.currency THEN v.amount END), 0) AS revenue,
                coalesce(sum(CASE WHEN v.currency = t.currency THEN v.amount * v.amount END), 0) AS squares
         FROM split_tests AS t LEFT JOIN conversions AS v ON v.split_test_id = t.id
         WHERE t.id IN (SELECT value FROM json_each(?1)) GROUP BY 1 ORDER BY 1`,
        ids,
      ),
    );
    expect(
      await all(
        `SELECT split_test_id, events FROM traffic_quality WHERE ${inTests} AND reason = 'other_currency' ORDER BY 1`,
        ids,
      ),
    ).toEqual(
      await all(
        `SELECT v.split_test_id, count(*) AS events FROM conversions AS v JOIN split_tests AS t ON t.id = v.split_test_id
         WHERE v.${inTests} AND v.currency IS NOT NULL AND v.currency IS NOT t.currency GROUP BY 1 ORDER BY 1`,
        ids,
      ),
    );
    // Segments: a visitor and their conversion in the segment of their first human click, as the
    // breakdowns read them.
    const segments = [];
    for (const id of [...tests].sort()) {
      const counts = await segmentCounts(await eventsOf(id), id);
      segments.push(
        ...counts
          .filter((row) => row.dimension === "device" || row.dimension === "country")
          .map(({ variant, dimension, value, visitors, conversions }) => ({
            split_test_id: id,
            variant,
            dimension,
            value,
            visitors,
            conversions,
          }))
          .sort((a, b) =>
            `${a.variant}\n${a.dimension}\n${a.value}` < `${b.variant}\n${b.dimension}\n${b.value}` ? -1 : 1,
          ),
      );
    }
    expect(segments).toEqual(
      await all(
        `WITH ${firstClicks},
           visitor AS (
             SELECT f.*, EXISTS (SELECT 1 FROM conversions AS v WHERE v.split_test_id = f.split_test_id
                                   AND v.session_id = f.session_id) AS converted
             FROM first AS f WHERE nth = 1)
         SELECT split_test_id, variant, 'country' AS dimension, coalesce(country, '') AS value, count(*) AS visitors,
                sum(converted) AS conversions FROM visitor GROUP BY 1, 2, 3, 4
         UNION ALL
         SELECT split_test_id, variant, 'device', coalesce(device, ''), count(*), sum(converted) FROM visitor
         GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
        ids,
      ),
    );
    // What was not counted: bots and flagged bursts, as the test page reads them (the hours not compacted
    // from their packs).
    const flagged = [];
    for (const id of [...tests].sort()) {
      const { results } = await (await eventsOf(id))
        .prepare(UNCOUNTED_OF_TEST)
        .bind(id)
        .all<{ reason: string; events: number }>();
      flagged.push(
        ...results
          .filter(({ reason }) => reason === "bot" || reason === "burst")
          .map(({ reason, events }) => ({ split_test_id: id, reason, events })),
      );
    }
    expect(flagged).toEqual(
      await all(
        `SELECT split_test_id, CASE is_bot WHEN 1 THEN 'bot' ELSE 'burst' END AS reason, count(*) AS events
         FROM clicks WHERE ${inTests} AND is_bot <> 0 GROUP BY 1, 2 ORDER BY 1, 2`,
        ids,
      ),
    );
    // The sessions counted per address and hour, at most SESSIONS_PER_ADDRESS_HOUR each: the flood's
    // first ones count, the rest are flagged, once each however often their batch came.
    const perAddress = await all<{ n: number }>(
      `SELECT count(DISTINCT session_id) AS n FROM clicks WHERE ${inTests} AND is_bot = 0 AND source IS NOT NULL
       GROUP BY split_test_id, source, timestamp - timestamp % ${HOUR}`,
      ids,
    );
    expect(Math.max(...perAddress.map((row) => row.n))).toBe(SESSIONS_PER_ADDRESS_HOUR);
    expect(
      await all(
        `SELECT is_bot, count(*) AS n FROM clicks WHERE ${inTests} AND source = 'flood' GROUP BY 1 ORDER BY 1`,
        ids,
      ),
    ).toEqual([
      { is_bot: 0, n: SESSIONS_PER_ADDRESS_HOUR },
      { is_bot: 2, n: 15 },
    ]);
    // Exactly one counted click is marked per session, address, hour, phase and variant.
    expect(
      await all(
        `SELECT split_test_id, source, timestamp - timestamp % ${HOUR} AS hour, phase, variant, session_id, count(*) AS n
         FROM clicks WHERE ${inTests} AND first_of_address_hour = 1 GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`,
        ids,
      ),
    ).toEqual(
      await all(
        `SELECT DISTINCT split_test_id, source, timestamp - timestamp % ${HOUR} AS hour, phase, variant, session_id, 1 AS n
         FROM clicks WHERE ${inTests} AND is_bot = 0 AND source IS NOT NULL ORDER BY 1, 2, 3, 4, 5, 6`,
        ids,
      ),
    );
    // The rules' rollup.
    expect(
      await all(
        `SELECT split_test_id, rule, url, visits FROM rule_visit_counts WHERE ${inTests} ORDER BY 1, 2, 3`,
        ids,
      ),
    ).toEqual(
      await all(
        `SELECT split_test_id, coalesce(rule, -1) AS rule, url, count(*) AS visits FROM rule_visits WHERE ${inTests}
         GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
        ids,
      ),
    );
    expect(await total(`SELECT count(*) AS n FROM rule_visits WHERE ${inTests}`, ids)).toBe(
      ruleVisits.length,
    );
  });
});

// The segments of a test made after migrations/0033_segment_compaction.sql: visitors before its
// compaction's `through` in test_segments, the later ones counted from its clicks until the archive
// cron's compaction adds them (worker/db/segments.ts). What the breakdowns read (segmentCounts) must
// equal a recount of the raw rows whatever was compacted, redelivered or late.
describe("the segments compacted once a day", () => {
  const DAY = 24 * HOUR;
  const REFERRERS = ["t.co", "news.example", null] as const;

  /** Visitors and conversions per variant, dimension and value, recounted from the test's raw rows. */
  async function recount(testId: string) {
    const db = await eventsOf(testId);
    const { results } = await db
      .prepare(
        `WITH first AS (
           SELECT c.*, row_number() OVER (PARTITION BY session_id ORDER BY timestamp, id) AS nth
           FROM clicks AS c WHERE split_test_id = ?1 AND is_bot = 0),
         visitor AS (
           SELECT f.*, EXISTS (SELECT 1 FROM conversions AS v WHERE v.split_test_id = ?1
                                 AND v.session_id = f.session_id) AS converted
           FROM first AS f WHERE nth = 1)
         SELECT variant, d.value AS dimension,
                coalesce(CASE d.value WHEN 'device' THEN device WHEN 'os' THEN os WHEN 'country' THEN country
                                      ELSE referrer_host END, '') AS value,
                count(*) AS visitors, sum(converted) AS conversions
         FROM visitor CROSS JOIN json_each('["device","os","country","referrer"]') AS d
         GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      )
      .bind(testId)
      .all();
    return results;
  }

  /** What the breakdowns read: the rollup and the visitors not compacted yet. */
  async function shown(testId: string) {
    const counts = await segmentCounts(await eventsOf(testId), testId);
    return counts
      .filter((row) => row.visitors > 0 || row.conversions > 0)
      .sort((a, b) =>
        `${a.variant}\n${a.dimension}\n${a.value}` < `${b.variant}\n${b.dimension}\n${b.value}` ? -1 : 1,
      );
  }

  const rolledUp = async (testId: string) =>
    (
      await (
        await eventsOf(testId)
      )
        .prepare(
          "SELECT variant, dimension, value, visitors, conversions FROM test_segments WHERE split_test_id = ?1 ORDER BY 1, 2, 3",
        )
        .bind(testId)
        .all<{ visitors: number }>()
    ).results;

  const throughOf = async (testId: string) =>
    (
      await (
        await eventsOf(testId)
      )
        .prepare("SELECT through FROM segment_compaction WHERE split_test_id = ?1")
        .bind(testId)
        .first<{ through: number }>()
    )?.through ?? null;

  /** Sessions of `testId` whose clicks come from `from` on, over `span` ms, some returning, a few bots. */
  function traffic(next: () => number, testId: string, from: number, span: number, sessions: number) {
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
    const clicks: ClickEvent[] = [];
    const ids: string[] = [];
    for (let i = 0; i < sessions; i++) {
      const sessionId = crypto.randomUUID();
      ids.push(sessionId);
      const variant = pick(["A", "B"] as const);
      const segment = { device: pick(DEVICES), country: pick(COUNTRIES), referrer: pick(REFERRERS) };
      const first = from + Math.floor(next() * span);
      const visits = 1 + Math.floor(next() * 3);
      for (let v = 0; v < visits; v++)
        clicks.push({
          type: "click",
          id: crypto.randomUUID(),
          testId,
          variant,
          sessionId,
          isBot: next() < 0.05,
          timestamp: first + v * Math.floor(next() * HOUR),
          device: segment.device,
          os: segment.device === "mobile" ? "ios" : null,
          country: segment.country,
          referrer: segment.referrer,
        });
    }
    // In time order, as a visitor clicks: the recount takes a visitor's first click by time.
    return { clicks: clicks.sort((a, b) => a.timestamp - b.timestamp), sessions: ids };
  }

  const conversionsOf = (next: () => number, testId: string, sessions: string[], at: number) =>
    sessions
      .filter(() => next() < 0.4)
      .map(
        (sessionId): ConversionEvent => ({
          type: "conversion",
          id: crypto.randomUUID(),
          testId,
          sessionId,
          timestamp: at,
        }),
      );

  /** Delivers `events` in packed batches of about 150, each second batch twice. */
  async function deliverAll(events: TrackingEvent[]) {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    for (let start = 0, batch = 0; start < events.length; start += 150, batch++) {
      const bodies = packed(events.slice(start, start + 150));
      await deliver(bodies);
      if (batch % 2 === 0) await deliver(bodies, 2);
    }
    info.mockRestore();
  }

  it("equal a recount of the raw rows before and after compaction, with redeliveries, late events and conversions", async () => {
    const next = mulberry32(33);
    const testId = await newTestId();
    const db = await eventsOf(testId);
    const now = Date.now();
    const today = now - (now % DAY);
    // Made three days ago, in the afternoon: the compaction counts its visitors from then on.
    const made = today - 3 * DAY + 15 * HOUR;
    await db
      .prepare("UPDATE segment_compaction SET through = ?2 WHERE split_test_id = ?1")
      .bind(testId, made)
      .run();

    const past = traffic(next, testId, made, today - made, 120);
    const recent = traffic(next, testId, today, now - today - 1000, 40);
    await deliverAll([...past.clicks, ...recent.clicks]);
    // Conversions of a day not compacted yet: counted from the conversions, as the visitors from the
    // clicks, nothing in the rollup until the compaction passes their day.
    await deliverAll(conversionsOf(next, testId, [...past.sessions, ...recent.sessions], now));
    expect(await rolledUp(testId)).toEqual([]);
    const expected = await recount(testId);
    expect(expected.length).toBeGreaterThan(10);
    expect(await shown(testId)).toEqual(expected);

    // The compaction: a day at a time up to today, then nothing more; the visitors move into the rollup.
    const first = await compactSegments(db, today, 100);
    expect(first.slices).toBeGreaterThanOrEqual(3);
    expect(await throughOf(testId)).toBe(today);
    expect(await shown(testId)).toEqual(expected);
    const rollup = await rolledUp(testId);
    expect(rollup.some((row) => row.visitors > 0)).toBe(true);
    expect(await compactSegments(db, today, 100)).toEqual({ statements: 1, slices: 0 });
    expect(await rolledUp(testId)).toEqual(rollup);
    expect(await shown(testId)).toEqual(expected);

    // Late events of compacted days (new visitors, and returning ones), redelivered, counted by the
    // consumer straight into the rollup; and more of today, counted from the clicks.
    const late = traffic(next, testId, made + HOUR, DAY, 30);
    const again = past.clicks
      .filter(() => next() < 0.1)
      .map((c) => ({ ...c, id: crypto.randomUUID(), timestamp: c.timestamp + 1000 }));
    const more = traffic(next, testId, today, now - today - 1000, 20);
    await deliverAll([...late.clicks, ...again, ...more.clicks].sort((a, b) => a.timestamp - b.timestamp));
    await deliverAll(conversionsOf(next, testId, [...late.sessions, ...more.sessions], now));
    const after = await recount(testId);
    expect(after).not.toEqual(expected);
    expect(await shown(testId)).toEqual(after);
    expect((await compactSegments(db, today, 100)).slices).toBe(0);
    expect(await shown(testId)).toEqual(after);
    // Tomorrow's compaction takes today's visitors.
    await compactSegments(db, today + DAY, 100);
    expect(await throughOf(testId)).toBe(today + DAY);
    expect(await shown(testId)).toEqual(after);
    expect(
      (
        await db
          .prepare("SELECT count(*) AS n FROM test_segments WHERE split_test_id = ?1")
          .bind(testId)
          .first<{ n: number }>()
      )?.n,
    ).toBe(after.length);
  });

  it("leave a test made before compaction counted per batch, and retire a completed test's once compacted past its end", async () => {
    const next = mulberry32(34);
    const [legacy, completed] = [await newTestId(), await newTestId()];
    const now = Date.now();
    const today = now - (now % DAY);
    // A test made before migration 0033 has no compaction row.
    const legacyDb = await eventsOf(legacy);
    await legacyDb.prepare("DELETE FROM segment_compaction WHERE split_test_id = ?1").bind(legacy).run();
    const old = traffic(next, legacy, today - 2 * DAY, 2 * DAY, 60);
    await deliverAll(old.clicks);
    await deliverAll(conversionsOf(next, legacy, old.sessions, now));
    const counted = await recount(legacy);
    expect(await rolledUp(legacy)).toEqual(counted);
    expect(await shown(legacy)).toEqual(counted);
    await compactSegments(legacyDb, today + DAY, 100);
    expect(await rolledUp(legacy)).toEqual(counted);
    expect(await throughOf(legacy)).toBeNull();

    // Completed yesterday: compacted past its end, its row goes; its late clicks count per batch.
    const db = await eventsOf(completed);
    await db
      .prepare("UPDATE segment_compaction SET through = ?2 WHERE split_test_id = ?1")
      .bind(completed, today - 2 * DAY)
      .run();
    const ran = traffic(next, completed, today - 2 * DAY, DAY, 40);
    await deliverAll(ran.clicks);
    await env.DB.prepare("UPDATE split_tests SET status = 'completed', completed_at = ?2 WHERE id = ?1")
      .bind(completed, today - DAY + HOUR)
      .run();
    await copyTestToShard(env, completed);
    await compactSegments(db, today, 100);
    expect(await throughOf(completed)).toBeNull();
    const late = traffic(next, completed, today - DAY - 2 * HOUR, HOUR, 10);
    await deliverAll(late.clicks);
    const recounted = await recount(completed);
    expect(await rolledUp(completed)).toEqual(recounted);
    expect(await shown(completed)).toEqual(recounted);
  });
});
