import { applyD1Migrations } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../bench/workerd/sequential-simulation";
import { SESSIONS_PER_ADDRESS_HOUR } from "../../contract/trust";
import { eventPage } from "../../worker/archive/rows";
import type { ClickEvent } from "../../worker/queue/events";
import { writeClicks, writeConversions } from "../../worker/queue/record";
import { analyticsOf, trafficQualityOfTest } from "../../worker/services/analytics";
import { dailyRollupCsv } from "../../worker/services/export";
import {
  db,
  emptyDatabase,
  eventsBeforePacks,
  from,
  marketerWithTests,
  rows,
  testAtSchema,
  upTo,
  withTablesTodaysCodeReads,
} from "./migration-db";

// 0029_click_rows on a database that holds data written before it: clicks keyed by (test, time, id)
// WITHOUT ROWID, address_sessions gone, the rollups WITHOUT ROWID. Every count, rate, verdict, breakdown
// and export reads the same after it, and the consumer's batch write goes on from the migrated rows.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Everything a user or caller reads of a test: results and verdict, breakdowns, traffic quality, both
 * exports (the held-back addresses' visitors: below).
 */
async function everythingShown(testId: string, now: number, packed = true) {
  const test = await testAtSchema(testId);
  const events = packed
    ? await eventPage(db, testId, { after: null, before: now + DAY, limit: 10_000 })
    : await eventsBeforePacks(testId);
  return {
    analytics: await analyticsOf(db, test, now),
    // What breakdownsOf reads of a test made before segment compaction (0033, not applied at 0029's
    // schema): its test_segments rows.
    breakdowns: await rows(
      `SELECT variant, dimension, value, visitors, conversions FROM test_segments WHERE split_test_id = '${testId}'
       ORDER BY 1, 2, 3`,
    ),
    quality: await trafficQualityOfTest(db, testId),
    daily: await dailyRollupCsv(db, test),
    events,
  };
}

describe("0029_click_rows: clicks keyed by test, time and id", () => {
  it("keeps every count, rate, verdict, breakdown and export, and the consumer counts on from the migrated rows", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0029"));
    const next = mulberry32(29);
    const now = Date.now();
    const hour = now - (now % HOUR);
    await db.batch(
      marketerWithTests([
        { id: "t1", name: "Pricing", slug: "abc123", currency: "EUR" },
        { id: "t2", name: "Signup", slug: "def456", currency: null },
      ]),
    );
    // Clicks as the consumer wrote them before: sessions with their address and segment, some bots,
    // returning visitors, over three hours; SESSIONS_PER_ADDRESS_HOUR sessions of one address this hour.
    const sessions = Array.from({ length: 90 }, (_, i) => ({
      id: crypto.randomUUID(),
      test: i % 3 === 0 ? "t2" : "t1",
      variant: next() < 0.5 ? "A" : "B",
      source: `addr${i % 30}`,
      device: ["mobile", "desktop", null][i % 3],
      country: ["DE", "FR", "US"][i % 3],
    }));
    const clicks = Array.from({ length: 400 }, (_, i) => {
      const session = sessions[Math.floor(next() * sessions.length)] ?? sessions[0];
      const bot = next() < 0.05;
      return {
        id: crypto.randomUUID(),
        test: session?.test,
        variant: bot ? "A" : session?.variant,
        session: session?.id,
        bot: bot ? 1 : 0,
        ts: hour - 2 * HOUR + Math.floor(next() * 2.5 * HOUR) + i,
        source: bot ? null : session?.source,
        device: session?.device,
        country: session?.country,
      };
    });
    for (let i = 0; i < SESSIONS_PER_ADDRESS_HOUR; i++)
      clicks.push({
        id: crypto.randomUUID(),
        test: "t1",
        variant: "A",
        session: crypto.randomUUID(),
        bot: 0,
        ts: hour + i,
        source: "flood",
        device: "desktop",
        country: "DE",
      });
    const first = `first AS (
        SELECT *, row_number() OVER (PARTITION BY split_test_id, session_id ORDER BY timestamp, id) AS nth
        FROM clicks WHERE is_bot = 0)`;
    await db.batch([
      db
        .prepare(
          `INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp, source, device, country)
           SELECT value ->> '$.id', value ->> '$.test', value ->> '$.variant', value ->> '$.session',
                  value ->> '$.bot', value ->> '$.ts', value ->> '$.source', value ->> '$.device',
                  value ->> '$.country'
           FROM json_each(?1)`,
        )
        .bind(JSON.stringify(clicks)),
      db.prepare(
        `WITH ${first} INSERT INTO test_stats_hourly (split_test_id, phase, hour, variant, clicks, visitors)
         SELECT split_test_id, phase, timestamp - timestamp % ${HOUR}, variant, count(*), sum(nth = 1)
         FROM first GROUP BY 1, 2, 3, 4`,
      ),
      db.prepare(
        `WITH ${first} INSERT INTO test_segments (split_test_id, variant, dimension, value, visitors)
         SELECT split_test_id, variant, d.value,
                coalesce(CASE d.value WHEN 'device' THEN device WHEN 'os' THEN os WHEN 'country' THEN country
                                      ELSE referrer_host END, ''), count(*)
         FROM first CROSS JOIN json_each('["device","os","country","referrer"]') AS d WHERE nth = 1
         GROUP BY 1, 2, 3, 4`,
      ),
      db.prepare(
        `INSERT INTO traffic_quality (split_test_id, reason, events)
         SELECT split_test_id, 'bot', count(*) FROM clicks WHERE is_bot = 1 GROUP BY 1`,
      ),
      db.prepare(
        `INSERT INTO address_sessions (hour, split_test_id, source, session_id)
         SELECT DISTINCT timestamp - timestamp % ${HOUR}, split_test_id, source, session_id FROM clicks
         WHERE is_bot = 0 AND source IS NOT NULL`,
      ),
    ]);
    // Conversions through the schema's own rollup triggers: a third of the sessions, half with a value.
    const conversions = sessions
      .filter((_, i) => i % 3 !== 1)
      .slice(0, 40)
      .map((session, i) => ({
        type: "conversion" as const,
        id: crypto.randomUUID(),
        testId: session.test,
        sessionId: session.id,
        timestamp: now,
        ...(i % 2 === 0 ? { amount: 500 + i * 100, currency: "EUR" } : {}),
      }));
    // Each credited to its visitor's latest human click, as the consumer did then (today's statement
    // reads the clicks as 0036_click_bytes keeps them).
    const { results: counted } = await db
      .prepare(
        `INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp, amount, currency, address)
         SELECT e.value ->> '$.id', c.split_test_id, c.variant, c.session_id, e.value ->> '$.timestamp',
                e.value ->> '$.amount', e.value ->> '$.currency', c.source
         FROM json_each(?1) AS e JOIN clicks AS c ON c.id = (
           SELECT id FROM clicks WHERE split_test_id = e.value ->> '$.testId' AND is_bot = 0
             AND session_id = e.value ->> '$.sessionId' ORDER BY timestamp DESC LIMIT 1)
         RETURNING id`,
      )
      .bind(JSON.stringify(conversions))
      .all();
    expect(counted.length).toBeGreaterThan(10);

    const beforePacks = await withTablesTodaysCodeReads();
    const before = [await everythingShown("t1", now, false), await everythingShown("t2", now, false)];
    expect(before[0]?.events.filter((row) => row.kind === "click").length).toBeGreaterThan(100);
    const clickRows =
      "SELECT id, split_test_id, variant, session_id, is_bot, timestamp, source, device, os, country, referrer_host, phase FROM clicks ORDER BY id";
    const clicksBefore = await rows(clickRows);
    expect(clicksBefore).toHaveLength(clicks.length);

    await beforePacks();
    await applyD1Migrations(db, from("0029"));

    expect(await rows(clickRows)).toEqual(clicksBefore);
    expect([await everythingShown("t1", now), await everythingShown("t2", now)]).toEqual(before);
    // Since 0054_click_packs the clicks are packed and read through a view; since 0057 the packs' key is
    // their table's own (WITHOUT ROWID), no index beside it.
    expect(
      await rows(
        "SELECT name, type FROM sqlite_master WHERE tbl_name IN ('clicks', 'click_packs') AND type IN ('index', 'view') ORDER BY name",
      ),
    ).toEqual([{ name: "clicks", type: "view" }]);
    expect(await rows("SELECT name FROM sqlite_master WHERE name = 'address_sessions'")).toEqual([]);
    // One counted click is marked per session, address, hour, phase and variant: the
    // sessions per address the decision's held-back check and the per-address limit read are all there.
    const sessionsPerAddress = (where: string) =>
      rows<{
        sessions: number;
        marked: number;
      }>(`SELECT split_test_id, source, variant, phase, timestamp - timestamp % ${HOUR} AS hour,
              count(DISTINCT session_id) AS sessions, count(*) AS marked
            FROM clicks WHERE ${where} GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`);
    const marked = await sessionsPerAddress("first_of_address_hour = 1");
    expect(marked.map(({ marked: _, ...row }) => row)).toEqual(
      (await sessionsPerAddress("is_bot = 0 AND source IS NOT NULL")).map(({ marked: _, ...row }) => row),
    );
    expect(marked.every((row) => row.marked === row.sessions)).toBe(true);

    // On from the migrated rows: a migrated click delivered again counts nothing; a returning visitor
    // counts a click and no visitor; the address that had its sessions this hour gets no more counted.
    const migrated = clicks.find(
      (click) => click.test === "t1" && click.bot === 0 && click.source !== "flood",
    );
    if (!migrated) throw new Error("no click");
    const event = (id: string, sessionId: string, overrides: Partial<ClickEvent> = {}): ClickEvent => ({
      type: "click",
      id,
      testId: "t1",
      variant: "A",
      sessionId,
      isBot: false,
      timestamp: hour + 100,
      ...overrides,
    });
    const rollup =
      "SELECT sum(clicks) AS clicks, sum(visitors) AS visitors FROM test_stats_hourly WHERE split_test_id = 't1'";
    const counts = (await rows<{ clicks: number; visitors: number }>(rollup))[0];
    for (let delivery = 0; delivery < 2; delivery++)
      await writeClicks(db, [
        {
          ...event(migrated.id, migrated.session ?? "", {
            variant: migrated.variant as "A",
            timestamp: migrated.ts,
            ...(migrated.source ? { source: migrated.source } : {}),
          }),
        },
        event("back", migrated.session ?? "", { variant: migrated.variant as "A" }),
        event("one-too-many", crypto.randomUUID(), { source: "flood" }),
      ]);
    expect(await rows(rollup)).toEqual([{ clicks: (counts?.clicks ?? 0) + 1, visitors: counts?.visitors }]);
    expect(await rows("SELECT is_bot FROM clicks WHERE id = 'one-too-many'")).toEqual([{ is_bot: 2 }]);
    expect(await rows("SELECT count(*) AS n FROM clicks")).toEqual([{ n: clicks.length + 2 }]);

    // A conversion of a migrated visitor, delivered twice, counts once in the hour, variant and segments.
    const [visitor] = await rows<{ session_id: string; variant: string; device: string | null }>(
      `SELECT session_id, variant, device FROM clicks AS c WHERE split_test_id = 't1' AND is_bot = 0 AND source <> 'flood'
         AND NOT EXISTS (SELECT 1 FROM conversions WHERE split_test_id = 't1' AND session_id = c.session_id)
       ORDER BY timestamp, id LIMIT 1`,
    );
    if (!visitor) throw new Error("no visitor without a conversion");
    const conversionCounts = `SELECT (SELECT sum(conversions) FROM test_stats_hourly WHERE split_test_id = 't1') AS hourly,
        (SELECT sum(conversions) FROM test_segments WHERE split_test_id = 't1' AND dimension = 'device') AS segments,
        (SELECT sum(orders) FROM test_stats_hourly WHERE split_test_id = 't1') AS orders`;
    const [countsBefore] = await rows<{ hourly: number; segments: number; orders: number }>(conversionCounts);
    const late = {
      type: "conversion" as const,
      id: "late",
      testId: "t1",
      sessionId: visitor.session_id,
      timestamp: now,
      amount: 900,
      currency: "EUR",
    };
    for (let delivery = 0; delivery < 2; delivery++) await writeConversions(db, [late], 30 * DAY);
    expect(await rows(conversionCounts)).toEqual([
      {
        hourly: (countsBefore?.hourly ?? 0) + 1,
        segments: (countsBefore?.segments ?? 0) + 1,
        orders: (countsBefore?.orders ?? 0) + 1,
      },
    ]);
  });
});
