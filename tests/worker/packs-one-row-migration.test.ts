import { applyD1Migrations } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { meterD1 } from "../../bench/workerd/d1-meter";
import { mulberry32 } from "../../bench/workerd/sequential-simulation";
import { type EventRow, eventPage } from "../../worker/archive/rows";
import {
  firstCountedClickAt,
  indexNextDay,
  movePacksBefore,
  PACK_APPEND_BYTES,
  PACK_CLICKS,
} from "../../worker/db/click-packs";
import { compactHours, STATS_OF_TEST } from "../../worker/db/hour-stats";
import { segmentCounts } from "../../worker/db/segments";
import type { ClickEvent } from "../../worker/queue/events";
import { writeClicks, writeConversions } from "../../worker/queue/record";
import {
  BEFORE_CONVERSION_HOURS,
  db,
  emptyDatabase,
  from,
  marketerWithTests,
  rows,
  upTo,
} from "./migration-db";

// 0057_packs_one_row on a database that holds the packs a deployment keeps (30 days of them, as the
// shard's writer wrote them before: a pack per test, hour and write), then the archive cron's steps that
// move them: before, between and after them every click reads back as it was, the test page counts the
// same, the export pages through the same events, a session's clicks are found in either table, and the
// shard's writer writes a pack as one row.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WINDOW = 30 * DAY;
const COLUMNS = `split_test_id, timestamp, id, variant, hex(session) AS session, session_id, is_bot, source, device,
  os, country, referrer_host, phase, first_of_address_hour, first_of_session`;
const CONVERSION_SEGMENTS = ["device", "os", "country", "referrer_host"];
// Today's code reads click_packs_before and its view, 0060's and 0062's marks of the hours and 0061's
// conversion segments; at 0056 stand-ins let it run (gone before 0057).
const STAND_INS = [
  "CREATE TABLE click_packs_before (id INTEGER PRIMARY KEY, split_test_id TEXT, hour INTEGER, seq INTEGER, sessions BLOB, clicks TEXT)",
  "CREATE VIEW packed_clicks_before AS SELECT * FROM packed_clicks WHERE false",
  `ALTER TABLE hour_compaction ADD COLUMN conversions_from INTEGER NOT NULL DEFAULT ${BEFORE_CONVERSION_HOURS}`,
  `ALTER TABLE hour_compaction ADD COLUMN flagged_from INTEGER NOT NULL DEFAULT ${BEFORE_CONVERSION_HOURS}`,
  // 0061's: every conversion counted in the segments' rollup as it was written.
  ...CONVERSION_SEGMENTS.map((column) => `ALTER TABLE conversions ADD COLUMN ${column} TEXT`),
  `ALTER TABLE segment_compaction ADD COLUMN conversions_from INTEGER NOT NULL DEFAULT ${Number.MAX_SAFE_INTEGER}`,
];

interface Click {
  id: string;
  test: string;
  ts: number;
  session: string;
  variant: "A" | "B";
  bot: number;
  source: string | null;
  device: string | null;
  country: string | null;
  phase: number;
  visitor: number;
}

const hexOf = (session: string) => session.replaceAll("-", "").toLowerCase();

/** The packs the writer before 0057 wrote for `clicks`: per test and hour, a pack for each write of 1 to 7. */
function packsOf(clicks: Click[], next: () => number) {
  const byKey = new Map<string, Click[]>();
  for (const click of [...clicks].sort((a, b) => a.ts - b.ts)) {
    const key = `${click.test} ${click.ts - (click.ts % HOUR)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), click]);
  }
  return [...byKey.values()].flatMap((hourClicks) => {
    const first = hourClicks[0] as Click;
    const hour = first.ts - (first.ts % HOUR);
    const packs = [];
    for (let at = 0, seq = 1; at < hourClicks.length; seq++) {
      const write = hourClicks.slice(at, at + 1 + Math.floor(next() * 7));
      at += write.length;
      packs.push({
        test: first.test,
        hour,
        seq,
        clicks: JSON.stringify(
          write.map((c) => [
            c.ts - hour,
            c.id,
            c.variant,
            hexOf(c.session),
            c.bot,
            c.source,
            c.device,
            null,
            c.country,
            null,
            c.phase,
            0,
            c.visitor,
            c.bot === 0 ? c.visitor : null,
          ]),
        ),
        sessions: write
          .filter((c) => c.bot === 0)
          .map((c) => hexOf(c.session))
          .join(""),
      });
    }
    return packs;
  });
}

describe("0057_packs_one_row: a pack written in one row", () => {
  it("reads every click as it was while its packs move, and the writer writes a pack as one row", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0057"));
    const now = Date.now();
    const hour = now - (now % HOUR);
    await db.batch([
      ...marketerWithTests([
        { id: "t1", name: "Pricing", slug: "abc123", currency: "EUR" },
        { id: "t2", name: "Signup", slug: "def456", currency: null },
      ]),
      db
        .prepare("UPDATE split_tests SET phase = 2, phase_started_at = ?1 WHERE id = 't1'")
        .bind(now - 10 * DAY),
    ]);
    const next = mulberry32(57);
    const sessions = Array.from({ length: 300 }, () => crypto.randomUUID());
    const seen = new Set<string>();
    // Over 30 days and into the current hour: people (some coming back, some of the last days only, whose
    // packs move last), bots, bursts, two phases.
    const clicks: Click[] = Array.from({ length: 2_500 }, (_, i) => {
      const visitor = Math.floor(next() * sessions.length);
      const days = visitor >= 280 ? 3 : 29;
      const ts =
        i < 60 ? hour + Math.floor(next() * (now - hour)) : now - HOUR - Math.floor(next() * days * DAY);
      const bot = next() < 0.05 ? 1 : next() < 0.02 ? 2 : 0;
      const test = visitor % 4 === 0 ? "t2" : "t1";
      return {
        id: crypto.randomUUID(),
        test,
        ts,
        session: sessions[visitor] ?? "",
        variant: visitor % 2 ? ("B" as const) : ("A" as const),
        bot,
        source: bot === 1 ? null : `ad${String(i % 40).padStart(6, "0")}`,
        device: ["mobile", "desktop", null][i % 3] ?? null,
        country: ["DE", "US", null][i % 3] ?? null,
        phase: test === "t1" && ts >= now - 10 * DAY ? 2 : 1,
        visitor: 0,
      };
    }).sort((a, b) => a.ts - b.ts);
    for (const click of clicks) {
      const key = `${click.test} ${click.phase} ${click.session}`;
      if (click.bot === 0 && !seen.has(key)) click.visitor = 1;
      if (click.bot === 0) seen.add(key);
    }
    const packs = packsOf(clicks, next);
    await db
      .prepare(
        `INSERT INTO click_packs (split_test_id, hour, seq, sessions, clicks)
         SELECT value ->> '$.test', value ->> '$.hour', value ->> '$.seq', unhex(value ->> '$.sessions'), value ->> '$.clicks'
         FROM json_each(?1)`,
      )
      .bind(JSON.stringify(packs))
      .run();
    // The cron as it ran before the deploy: the hours over in the rollup, the sessions of the days up to
    // twenty days ago indexed.
    await db.batch(STAND_INS.map((sql) => db.prepare(sql)));
    // The breakdown's visitors, none compacted yet: read from the packs (a statement that joins the
    // clicks reads each table apart).
    await db
      .prepare(
        "INSERT INTO segment_compaction (split_test_id, through) VALUES ('t1', ?1) ON CONFLICT DO UPDATE SET through = excluded.through",
      )
      .bind(now - 31 * DAY)
      .run();
    while (await compactHours(db, now));
    while (await indexNextDay(db, now - 20 * DAY, 0));
    const indexedUpTo = (await rows<{ next_day: number }>("SELECT next_day FROM session_chunk_mark"))[0]
      ?.next_day;
    expect(indexedUpTo).toBeGreaterThan(now - 22 * DAY);

    const all = `SELECT ${COLUMNS} FROM clicks ORDER BY split_test_id, timestamp, id`;
    const counts = (test: string) =>
      db
        .prepare(
          `SELECT phase, variant, sum(clicks) AS clicks, sum(visitors) AS visitors FROM ${STATS_OF_TEST}
           GROUP BY phase, variant ORDER BY phase, variant`,
        )
        .bind(test)
        .all()
        .then((result) => result.results);
    const exported = async (test: string) => {
      const paged: EventRow[] = [];
      for (;;) {
        const last = paged.at(-1);
        const page = await eventPage(db, test, {
          after: last ? { timestamp: last.timestamp, id: last.id } : null,
          before: now + DAY,
          limit: 331,
        });
        paged.push(...page);
        if (page.length < 331) break;
      }
      return paged;
    };
    // The conversions credited on the way are left out: they are checked where they are written.
    const shown = async () => ({
      clicks: await rows(all),
      segments: (await segmentCounts(db, "t1")).map(({ conversions: _, ...visitors }) => visitors),
      counts: [await counts("t1"), await counts("t2")],
      events: [await exported("t1"), await exported("t2")].map((events) =>
        events.filter((event) => event.kind === "click"),
      ),
    });
    const before = await shown();
    // What moving the packs changes nothing of: what is shown, and once the late click below is written,
    // what is shown with it.
    let shownBefore = before;
    expect(before.clicks).toHaveLength(clicks.length);
    expect(before.events[0]?.length).toBe(clicks.filter((click) => click.test === "t1").length);
    await db.batch([
      db.prepare("DROP VIEW packed_clicks_before"),
      db.prepare("DROP TABLE click_packs_before"),
      db.prepare("ALTER TABLE hour_compaction DROP COLUMN conversions_from"),
      db.prepare("ALTER TABLE hour_compaction DROP COLUMN flagged_from"),
      ...CONVERSION_SEGMENTS.map((column) => db.prepare(`ALTER TABLE conversions DROP COLUMN ${column}`)),
      db.prepare("ALTER TABLE segment_compaction DROP COLUMN conversions_from"),
    ]);
    const lateBefore = await rows("SELECT * FROM late_sessions");

    await applyD1Migrations(db, from("0057"));
    // A pack is one row: the table has no rowid, and no index beside its key.
    expect(await rows("SELECT wr FROM pragma_table_list WHERE name = 'click_packs'")).toEqual([{ wr: 1 }]);
    expect(
      await rows("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'click_packs'"),
    ).toEqual([]);
    // The current hour's packs (the rollup does not count them yet) moved at once, the rest wait.
    expect(await rows(`SELECT count(*) AS n FROM click_packs_before WHERE hour >= ${hour}`)).toEqual([
      { n: 0 },
    ]);
    expect(await rows("SELECT count(*) AS n FROM click_packs")).toEqual([
      { n: packs.filter((pack) => pack.hour >= hour).length },
    ]);
    const firstHuman = Math.min(...clicks.filter((c) => c.test === "t1" && c.bot === 0).map((c) => c.ts));

    // A session's conversion, credited to its latest click within the window whichever table holds it.
    let conversions = 0;
    const credit = async (testId: string, sessionId: string) => {
      const { counted } = await writeConversions(
        db,
        [{ type: "conversion", id: `v${++conversions}`, testId, sessionId, timestamp: now }],
        WINDOW,
      );
      return counted.map(({ variant }) => variant);
    };
    // A session with counted clicks in the packs before 0057 only, not credited yet.
    const waitingSession = async () => {
      const [found] = await rows<{ test: string; session: string }>(
        `SELECT split_test_id AS test, session_id AS session FROM packed_clicks_before AS b
         WHERE is_bot = 0
           AND NOT EXISTS (SELECT 1 FROM packed_clicks AS p WHERE p.split_test_id = b.split_test_id AND p.session_id = b.session_id)
           AND NOT EXISTS (SELECT 1 FROM conversions AS c WHERE c.split_test_id = b.split_test_id AND c.session_id = b.session_id)
         LIMIT 1`,
      );
      if (!found) throw new Error("no session left in the packs before 0057");
      return found;
    };
    const variantOf = (session: string) => clicks.find((c) => c.session === session)?.variant;

    // Nothing moved yet, then half of the packs (the archive cron's steps), then the rest.
    const left = packs.filter((pack) => pack.hour < hour).length;
    let late: ClickEvent | undefined;
    let earlier: { id: string; session: string; test: string; hour: number; sessions: number } | undefined;
    for (const step of [0, Math.floor(left / 2)]) {
      if (step) expect(await movePacksBefore(db, step)).toBe(step);
      expect(await shown()).toEqual(shownBefore);
      const first = await db
        .prepare(`SELECT ${firstCountedClickAt("?1")} AS at`)
        .bind("t1")
        .first("at");
      expect(first).toBe(firstHuman);
      // The session index waits for the move (a day half moved would be indexed without the packs not
      // moved yet): its days are read from the packs until then.
      expect(await indexNextDay(db, now, 0)).toBe(false);
      const waiting = await waitingSession();
      expect(await credit(waiting.test, waiting.session)).toEqual([variantOf(waiting.session)]);
      if (!step) {
        // A late click of an hour indexed whose packs have not moved: its pack comes after theirs, and it
        // is the only late session a pack written since adds.
        const old = (
          await rows<{ hour: number; test: string; seq: number }>(
            `SELECT hour, split_test_id AS test, max(seq) AS seq FROM click_packs_before WHERE hour < ${indexedUpTo}
             GROUP BY 1, 2 ORDER BY hour DESC LIMIT 1`,
          )
        )[0];
        if (!old) throw new Error("no pack left to move");
        late = {
          type: "click",
          id: crypto.randomUUID(),
          testId: old.test,
          variant: "B",
          sessionId: crypto.randomUUID(),
          isBot: false,
          timestamp: old.hour + 1_000,
        };
        await writeClicks(db, [late]);
        expect(
          await rows(
            `SELECT seq FROM click_packs WHERE split_test_id = '${old.test}' AND hour = ${old.hour}`,
          ),
        ).toEqual([{ seq: old.seq + 1 }]);
        // The Worker before 0057, in the moment of the deploy, numbered a late click's pack from
        // click_packs alone: 1, as an unmoved pack of that hour. That one moves after both.
        const taken = (
          await rows<{ hour: number; test: string; sessions: number }>(
            `SELECT b.hour, b.split_test_id AS test,
                    (SELECT count(DISTINCT k.value ->> 3) FROM json_each(b.clicks) AS k WHERE k.value ->> 4 = 0) AS sessions
             FROM click_packs_before AS b WHERE b.seq = 1 AND b.hour < ${old.hour} ORDER BY b.hour DESC LIMIT 1`,
          )
        )[0];
        if (!taken) throw new Error("no pack left to move");
        earlier = { id: crypto.randomUUID(), session: crypto.randomUUID(), ...taken };
        await db
          .prepare(
            `INSERT INTO click_packs (split_test_id, hour, seq, sessions, clicks)
             VALUES (?1, ?2, 1, unhex(?3), json_array(json_array(5000, ?4, 'A', ?3, 0, 'ad000001', NULL, NULL, NULL, NULL, 1, 1, 1, 1)))`,
          )
          .bind(taken.test, taken.hour, hexOf(earlier.session), earlier.id)
          .run();
        shownBefore = await shown();
      }
    }
    expect(await movePacksBefore(db, left)).toBe(left - Math.floor(left / 2));
    expect(await rows("SELECT count(*) AS n FROM click_packs_before")).toEqual([{ n: 0 }]);
    if (!late || !earlier) throw new Error("no late click");
    // Every click once, the two late ones beside them; the packs moved as they were added no late session,
    // the one numbered again its sessions.
    expect(await rows("SELECT count(*) AS n FROM clicks")).toEqual([{ n: clicks.length + 2 }]);
    expect(
      await rows(
        `SELECT ${COLUMNS} FROM clicks WHERE id NOT IN ('${late.id}', '${earlier.id}') ORDER BY split_test_id, timestamp, id`,
      ),
    ).toEqual(before.clicks);
    expect(await rows("SELECT * FROM late_sessions")).toHaveLength(lateBefore.length + 2 + earlier.sessions);
    expect(await credit(late.testId, late.sessionId)).toEqual(["B"]);
    expect(await credit(earlier.test, earlier.session)).toEqual(["A"]);
    // Once every pack is moved, the session index takes the days that waited.
    expect(await indexNextDay(db, now, 0)).toBe(true);

    // The shard's writer: a write's clicks of a test and hour are one pack, a row written, while they fit
    // on its page; up to twice that, two packs that each fit; more, packs of PACK_CLICKS again.
    const { db: metered, meter } = meterD1(db);
    const packsOfWrite = async (clicks: number, testId: string, at: number) => {
      meter.reset();
      await writeClicks(
        metered,
        Array.from({ length: clicks }, (_, i) => ({
          type: "click" as const,
          id: crypto.randomUUID(),
          testId,
          variant: "A" as const,
          sessionId: crypto.randomUUID(),
          isBot: false,
          timestamp: at + i,
          source: `ad${String(i).padStart(14, "0")}`,
          device: "mobile",
          country: "DE",
        })),
      );
      // A row's bytes on its page: the key's, the columns' and their header's.
      const rowBytes = await rows<{ bytes: number }>(
        `SELECT length(split_test_id) + length(sessions) + length(clicks) + 20 AS bytes FROM click_packs
         WHERE split_test_id = '${testId}' AND hour = ${at - (at % HOUR)} ORDER BY seq`,
      );
      return { rows: meter.bySql.get("INSERT INTO click_packs"), bytes: rowBytes.map((row) => row.bytes) };
    };
    const onItsPage = (bytes: number) => bytes <= 1_002;
    const few = await packsOfWrite(3, "t1", now + HOUR);
    expect(few.rows).toBe(1);
    expect(few.bytes.every(onItsPage)).toBe(true);
    const some = await packsOfWrite(10, "t2", now + HOUR);
    expect(some.rows).toBe(2);
    expect(some.bytes.every(onItsPage)).toBe(true);
    const many = await packsOfWrite(PACK_CLICKS + 20, "t1", now + 2 * HOUR);
    expect(many.rows).toBe(2);
    expect(many.bytes.every(onItsPage)).toBe(false);

    // A later write of the same test and hour goes into the hour's last pack while that stays within
    // PACK_APPEND_BYTES: a row written, and no pack more to delete at the end of the window or to read.
    const added = await packsOfWrite(4, "t1", now + HOUR + 1_000);
    expect(added.rows).toBe(1);
    expect(added.bytes).toHaveLength(few.bytes.length);
    const grown = await packsOfWrite(5, "t1", now + 2 * HOUR + 1_000);
    expect(grown.rows).toBe(1);
    expect(grown.bytes).toHaveLength(many.bytes.length);
    expect(grown.bytes.at(-1)).toBeGreaterThan(many.bytes.at(-1) ?? 0);
    // One that would take it past that starts new packs, and leaves the others as they were.
    const past = await packsOfWrite(12, "t1", now + 2 * HOUR + 2_000);
    expect(past.bytes.length).toBeGreaterThan(grown.bytes.length);
    expect(past.bytes.slice(0, grown.bytes.length)).toEqual(grown.bytes);
    expect(Math.max(...past.bytes.slice(1))).toBeLessThanOrEqual(PACK_APPEND_BYTES + 100);
  });
});
