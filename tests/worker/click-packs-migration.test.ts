import { applyD1Migrations } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { meterD1 } from "../../bench/workerd/d1-meter";
import { mulberry32 } from "../../bench/workerd/sequential-simulation";
import { type EventRow, eventPage } from "../../worker/archive/rows";
import { firstCountedClickAt, PACK_CLICKS, packUnpackedClicks } from "../../worker/db/click-packs";
import { compactSegments, segmentCounts } from "../../worker/db/segments";
import { WriterMemory } from "../../worker/queue/click-rules";
import type { ClickEvent } from "../../worker/queue/events";
import { writeClicks, writeConversions } from "../../worker/queue/record";
import {
  db,
  emptyDatabase,
  eventsBeforePacks,
  from,
  marketerWithTests,
  rows,
  upTo,
  withTablesTodaysCodeReads,
} from "./migration-db";

// 0054_click_packs on a database that holds the clicks a deployment keeps (30 days of them, an hour of
// more than a pack holds), then the archive cron's steps that pack them: before, between and after them
// every click reads back as it was, column for column, the counted ones are found by session, the export
// pages through them in time order, and the shard's writer counts on.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const COLUMNS = `split_test_id, timestamp, id, variant, hex(session) AS session, session_id, is_bot, source, device,
  os, country, referrer_host, phase, first_of_address_hour, first_of_session`;

describe("0054_click_packs: clicks many to a row", () => {
  it("reads every click as it was, by session and in time order, and the writer counts on from the packs", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0054"));
    const beforePacks = await withTablesTodaysCodeReads();
    const now = Date.now();
    const hour = now - (now % HOUR);
    const busyHour = hour - 2 * HOUR;
    await db.batch(
      marketerWithTests([
        { id: "t1", name: "Pricing", slug: "abc123", currency: "EUR" },
        { id: "t2", name: "Signup", slug: "def456", currency: null },
      ]),
    );
    // The second phase started ten days ago.
    await db
      .prepare("UPDATE split_tests SET phase = 2, phase_started_at = ?1")
      .bind(now - 10 * DAY)
      .run();
    const next = mulberry32(54);
    const sessions = Array.from({ length: 400 }, () => crypto.randomUUID());
    // Over 30 days: people (some coming back), bots, a burst, two phases; one hour of more clicks than a pack holds.
    const spread = Array.from({ length: 3_000 }, (_, i) => ({
      test: i % 4 === 0 ? "t2" : "t1",
      ts: now - Math.floor(next() * 30 * DAY),
    }));
    const busy = Array.from({ length: PACK_CLICKS + 50 }, (_, i) => ({ test: "t1", ts: busyHour + i * 300 }));
    const clicks = [...spread, ...busy].map(({ test, ts }, i) => {
      const bot = next() < 0.05 ? 1 : next() < 0.02 ? 2 : 0;
      const visitor = Math.floor(next() * sessions.length);
      return {
        id: crypto.randomUUID(),
        test,
        ts,
        session: sessions[visitor] ?? "",
        variant: visitor % 2 ? "B" : "A",
        bot,
        source: bot === 1 ? null : `ad${String(i % 50).padStart(6, "0")}`,
        device: ["mobile", "desktop", null][i % 3],
        os: ["iOS", null][i % 2],
        country: ["DE", "US", null][i % 3],
        referrer: [null, "t.co"][i % 2],
        phase: ts < now - 10 * DAY ? 1 : 2,
        marked: i % 3 === 0 ? 1 : 0,
        first: i % 7 === 0 ? 1 : 0,
      };
    });
    // A session id of another form (kept as its characters since 0036).
    clicks.push({
      ...(clicks[0] as (typeof clicks)[number]),
      id: "legacy",
      session: "legacy-session",
      bot: 0,
    });
    await db
      .prepare(
        `INSERT INTO clicks (split_test_id, timestamp, id, variant, session, is_bot, source, device, os, country,
                             referrer_host, phase, first_of_address_hour, first_of_session)
         SELECT value ->> '$.test', value ->> '$.ts', value ->> '$.id', value ->> '$.variant',
                CASE WHEN value ->> '$.session' = 'legacy-session' THEN CAST('legacy-session' AS BLOB)
                     ELSE unhex(value ->> '$.session', '-') END,
                value ->> '$.bot', value ->> '$.source', value ->> '$.device', value ->> '$.os', value ->> '$.country',
                value ->> '$.referrer', value ->> '$.phase', value ->> '$.marked', value ->> '$.first'
         FROM json_each(?1)`,
      )
      .bind(JSON.stringify(clicks))
      .run();
    const all = `SELECT ${COLUMNS} FROM clicks ORDER BY split_test_id, timestamp, id`;
    const before = await rows(all);
    const sessionBytes = "SELECT sum(length(session)) AS bytes FROM clicks WHERE is_bot = 0";
    const events = await eventsBeforePacks("t1");
    expect(before).toHaveLength(clicks.length);
    expect(events.filter((event) => event.kind === "click")).toHaveLength(
      clicks.filter((click) => click.test === "t1").length,
    );

    await beforePacks();
    await applyD1Migrations(db, from("0054"));
    // The breakdown's visitors, none compacted yet (a statement that joins the clicks reads both sources).
    await db
      .prepare(
        "INSERT INTO segment_compaction (split_test_id, through) VALUES ('t1', ?1) ON CONFLICT DO UPDATE SET through = excluded.through",
      )
      .bind(now - 31 * DAY)
      .run();
    const visitorsBySegment = async () =>
      (await segmentCounts(db, "t1"))
        .map(({ variant, dimension, value, visitors }) => `${variant} ${dimension} ${value} ${visitors}`)
        .sort();
    const segmentsBefore = await visitorsBySegment();
    const firstHuman = Math.min(
      ...clicks.filter((click) => click.test === "t1" && click.bot === 0).map((click) => click.ts),
    );
    expect(segmentsBefore.length).toBeGreaterThan(10);

    // The export's pages, a few events each, come to every event in the same order.
    const exported = async () => {
      const paged: EventRow[] = [];
      for (;;) {
        const last = paged.at(-1);
        const page = await eventPage(db, "t1", {
          after: last ? { timestamp: last.timestamp, id: last.id } : null,
          before: now + DAY,
          limit: 997,
        });
        paged.push(...page);
        if (page.length < 997) break;
      }
      return paged;
    };
    // Nothing moved yet, then half of it (the archive cron's steps): every click reads as it was.
    for (const step of [0, Math.floor(clicks.length / 2)]) {
      if (step) expect(await packUnpackedClicks(db, step)).toBe(step);
      expect(await rows(all)).toEqual(before);
      expect(await exported()).toEqual(events);
      expect(await visitorsBySegment()).toEqual(segmentsBefore);
      // The test page's first click, from the first hour's packs or the first click not packed: a few rows.
      const first = await db
        .prepare(`SELECT ${firstCountedClickAt("?1")} AS at`)
        .bind("t1")
        .run<{ at: number }>();
      expect(first.results[0]?.at).toBe(firstHuman);
      expect(first.meta.rows_read).toBeLessThan(100);
    }
    // Half packed: a click not packed yet delivered again counts nothing; its visitor coming back counts
    // a click and no visitor; a conversion of that visitor is credited to its click, in its first click's segment.
    const migrated = clicks.find(
      (click) => click.test === "t1" && click.bot === 0 && click.ts > now - 5 * DAY && click.ts < busyHour,
    );
    if (!migrated) throw new Error("no click");
    // Its clicks come late in the key's order: not packed yet.
    expect(await rows(`SELECT count(*) AS n FROM clicks_unpacked WHERE id = '${migrated.id}'`)).toEqual([
      { n: 1 },
    ]);
    const event = (id: string, timestamp: number): ClickEvent => ({
      type: "click",
      id,
      testId: "t1",
      variant: migrated.variant as "A",
      sessionId: migrated.session,
      isBot: false,
      timestamp,
      ...(migrated.source ? { source: migrated.source } : {}),
    });
    const rollup =
      "SELECT coalesce(sum(clicks), 0) AS clicks, coalesce(sum(visitors), 0) AS visitors FROM test_stats_hourly WHERE split_test_id = 't1'";
    const [countsBefore] = await rows<{ clicks: number; visitors: number }>(rollup);
    for (let delivery = 0; delivery < 2; delivery++)
      await writeClicks(db, [event(migrated.id, migrated.ts), event("back", now)]);
    expect(await rows(rollup)).toEqual([
      { clicks: (countsBefore?.clicks ?? 0) + 1, visitors: countsBefore?.visitors ?? 0 },
    ]);
    expect(await rows("SELECT count(*) AS n FROM clicks")).toEqual([{ n: clicks.length + 1 }]);
    const [first] = await rows<{ device: string | null; phase: number; variant: string }>(
      `SELECT device, phase, variant FROM clicks WHERE split_test_id = 't1' AND session_id = '${migrated.session}'
         AND is_bot = 0 ORDER BY timestamp, id LIMIT 1`,
    );
    const { counted: credited } = await writeConversions(
      db,
      [{ type: "conversion", id: "v1", testId: "t1", sessionId: migrated.session, timestamp: now + 1 }],
      30 * DAY,
    );
    expect(credited.map(({ variant }) => variant)).toEqual([migrated.variant]);
    expect(
      (await segmentCounts(db, "t1"))
        .filter((count) => count.dimension === "device" && count.conversions > 0)
        .map(({ value, conversions }) => ({ value, conversions })),
    ).toEqual([{ value: first?.device ?? "", conversions: 1 }]);

    // The rest packed, a step short of what was asked once none is left.
    const after = await rows(all);
    expect(await packUnpackedClicks(db, clicks.length)).toBeLessThan(clicks.length);
    expect(await rows("SELECT count(*) AS n FROM clicks_unpacked")).toEqual([{ n: 0 }]);
    expect(await rows(all)).toEqual(after);
    // The breakdown as it was, read from the packs, then compacted.
    expect(await visitorsBySegment()).toEqual(segmentsBefore);
    await compactSegments(db, now + DAY, Number.POSITIVE_INFINITY);
    expect(
      await rows("SELECT count(*) AS n FROM test_segments WHERE split_test_id = 't1' AND visitors > 0"),
    ).not.toEqual([{ n: 0 }]);
    expect(await visitorsBySegment()).toEqual(segmentsBefore);
    // Each counted click's session is in its pack's sessions, and nothing else is.
    expect(
      await rows("SELECT count(*) AS n FROM clicks WHERE is_bot = 0 AND instr(sessions, session) = 0"),
    ).toEqual([{ n: 0 }]);
    expect(await rows("SELECT sum(length(sessions)) AS bytes FROM click_packs")).toEqual(
      await rows(sessionBytes),
    );
    // The busy hour in packs of at most PACK_CLICKS, in time order.
    const busyPacks = await rows<{ clicks: string }>(
      `SELECT clicks FROM click_packs WHERE split_test_id = 't1' AND hour = ${busyHour} ORDER BY seq`,
    );
    const times = busyPacks.flatMap((pack) =>
      (JSON.parse(pack.clicks) as number[][]).map((click) => click[0]),
    );
    expect(busyPacks.length).toBeGreaterThanOrEqual(2);
    expect(busyPacks.every((pack) => JSON.parse(pack.clicks).length <= PACK_CLICKS)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => (a ?? 0) - (b ?? 0)));

    // The writer, once it holds the test's sessions and the ids of the hour it writes in, reads none of
    // the test's 30 days of packs (the source of clicks is read apart from the packs, not through the
    // view), only whether the hour's last pack may take the click (its hour's compaction and index): 37
    // rows, where reading the hour's ids again on each write took 50.
    const memory = new WriterMemory();
    await writeClicks(db, [event("warm", now)], memory);
    const { db: metered, meter } = meterD1(db);
    await writeClicks(metered, [event("next", now + 1)], memory);
    const [packs] = await rows<{ n: number }>(
      "SELECT count(*) AS n FROM click_packs WHERE split_test_id = 't1'",
    );
    expect(packs?.n).toBeGreaterThan(500);
    expect(meter.rowsRead).toBeLessThan(45);
  });
});
