import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CRONS } from "../../worker/crons";
import { INSERT_CONVERSIONS } from "../../worker/db/attribution";
import { HOUR_PACKS, indexNextDay, indexNextHour, PACK_CLICKS } from "../../worker/db/click-packs";
import { timeOrderedUuid } from "../../worker/lib/ids";
import type { ClickEvent } from "../../worker/queue/events";
import { writeClicks, writeConversions } from "../../worker/queue/record";
import { eventsOf, runCron } from "./helpers";
import { click } from "./queue-helpers";
import { seedTest, seedUser } from "./seed";

// A session's clicks are found through the session index for the days it took (migrations/
// 0055_session_chunks.sql, worker/db/click-packs.ts), and in the packs themselves for the rest. Every
// conversion below counts only if its visitor's click is found, and is credited to that click's arm.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WINDOW = Number(env.ATTRIBUTION_WINDOW_DAYS) * DAY;
// The day this file calls today: the UTC day an hour ago, so that yesterday is always over by more than
// the 15 minutes after which the archive's run indexes a day (worker/archive/compact.ts), even when the
// file runs just after midnight.
const TODAY = Math.floor((Date.now() - HOUR) / DAY) * DAY;
/** `hour` o'clock UTC `days` days before this file's today. */
const at = (days: number, hour: number) => TODAY - days * DAY + hour * HOUR;

async function testWithDb() {
  const test = await seedTest(await seedUser());
  return { test, db: await eventsOf(test.id) };
}

/** Converts `visitor` an hour after `after`: the arm it was credited to, or why it was not counted. */
async function conversionOf(db: D1Database, visitor: ClickEvent, after = visitor.timestamp) {
  const { counted, unmatched } = await writeConversions(
    db,
    [
      {
        type: "conversion",
        id: crypto.randomUUID(),
        testId: visitor.testId,
        sessionId: visitor.sessionId,
        timestamp: after + HOUR,
      },
    ],
    WINDOW,
  );
  return counted[0]?.variant ?? unmatched[0]?.reason;
}

/** Converts `visitor` an hour after its click as the consumer's statement does: its D1 meta. */
async function lookupOf(db: D1Database, visitor: ClickEvent) {
  const conversion = {
    id: crypto.randomUUID(),
    testId: visitor.testId,
    sessionId: visitor.sessionId,
    timestamp: visitor.timestamp + HOUR,
  };
  return (
    await db
      .prepare(INSERT_CONVERSIONS)
      .bind(JSON.stringify([conversion]), WINDOW)
      .run()
  ).meta;
}

/** The times `sql` answers for the test (its one column, `at`). */
const timesOf = (sql: string) => async (db: D1Database, testId: string) =>
  (await db.prepare(sql).bind(testId).all<{ at: number }>()).results.map((row) => row.at);
/** The days and busy hours the index took for the test. */
const indexedDays = timesOf(
  "SELECT DISTINCT day AS at FROM session_chunks WHERE split_test_id = ? ORDER BY day",
);
/** The hours of the test's clicks written into what was indexed already. */
const lateHours = timesOf("SELECT hour AS at FROM late_sessions WHERE split_test_id = ?");

describe("the session index", () => {
  it("waits for the clicks written before their packs, which the archive cron packs first", async () => {
    const { test, db } = await testWithDb();
    const visitor = click(test.id, { variant: "B", timestamp: at(6, 9) });
    // As 0054_click_packs leaves the clicks it found (migrations/0054_click_packs.sql).
    await db
      .prepare(
        `INSERT INTO clicks_unpacked (split_test_id, timestamp, id, variant, session, is_bot, first_of_session)
         VALUES (?1, ?2, ?3, ?4, unhex(?5, '-'), 0, 1)`,
      )
      .bind(test.id, visitor.timestamp, visitor.id, visitor.variant, visitor.sessionId)
      .run();
    expect(await indexNextDay(db, Date.now(), 0)).toBe(false);
    expect(await conversionOf(db, visitor)).toBe("B");

    vi.spyOn(console, "log").mockImplementation(() => {});
    await runCron(CRONS.archive);
    expect(await db.prepare("SELECT count(*) AS n FROM clicks_unpacked").first()).toEqual({ n: 0 });
    expect(await indexedDays(db, test.id)).toEqual([at(6, 0)]);
    // Its click found in its pack now: a second conversion of the visitor is the duplicate, not one
    // without a click.
    const other = click(test.id, { sessionId: visitor.sessionId, timestamp: at(6, 10) });
    expect(await conversionOf(db, other, at(6, 10))).toBe("duplicate");
    vi.restoreAllMocks();
  });

  it("reads the hours a session clicked in, not every pack of its test", async () => {
    const { test, db } = await testWithDb();
    const visitor = click(test.id, { timestamp: at(5, 8) });
    // A pack for each write: 240 of them over the day.
    for (let write = 0; write < 240; write++)
      await writeClicks(db, [write === 100 ? visitor : click(test.id, { timestamp: at(5, write % 24) })]);
    const lookup = () =>
      db
        .prepare(INSERT_CONVERSIONS)
        .bind(
          JSON.stringify([
            {
              id: crypto.randomUUID(),
              testId: test.id,
              sessionId: visitor.sessionId,
              timestamp: visitor.timestamp + HOUR,
            },
          ]),
          WINDOW,
        )
        .run();
    const before = (await lookup()).meta.rows_read;
    await db.prepare("DELETE FROM conversions WHERE split_test_id = ?").bind(test.id).run();
    vi.spyOn(console, "log").mockImplementation(() => {});
    await runCron(CRONS.archive);
    const after = await lookup();
    expect(after.meta.changes).toBe(1);
    expect(before).toBeGreaterThan(240);
    expect(after.meta.rows_read).toBeLessThan(before / 3);
    // A seek a day of the window, the chunk and the hours its entry names (not each of the day's 24:
    // D1 counts a row read for each row json_each gives), and their packs: 48, where it was 67.
    expect(after.meta.rows_read).toBeLessThan(60);
    vi.restoreAllMocks();
  });

  it("reads no hour from before a session was made, and finds a click the clocks put a little before it", async () => {
    const { test, db } = await testWithDb();
    // Clicks in each hour of a day not indexed yet.
    for (let write = 0; write < 240; write++)
      await writeClicks(db, [click(test.id, { timestamp: at(1, write % 24) })]);
    const madeAt = at(1, 20) + 2 * 60_000;
    // The redirect's sessions (UUIDv7 of their first visit); one clicked by a machine whose clock is
    // five minutes behind the one that made it (in the hour before), and one made before them (version
    // 4) with a click then.
    const visitors = [
      click(test.id, { variant: "B", sessionId: timeOrderedUuid(madeAt), timestamp: madeAt + 60_000 }),
      click(test.id, { variant: "B", sessionId: timeOrderedUuid(madeAt), timestamp: madeAt - 5 * 60_000 }),
      click(test.id, { variant: "B", timestamp: madeAt + 60_000 }),
    ];
    await writeClicks(db, visitors);
    const rowsRead: number[] = [];
    for (const visitor of visitors) {
      const meta = await lookupOf(db, visitor);
      expect(meta.changes).toBe(1);
      rowsRead.push(meta.rows_read);
    }
    // The first two read the hours from 19 o'clock on, the last each hour of the day's: some a quarter
    // of its rows (113 and 112 against 436 in this file's run).
    const [made, early, random] = rowsRead as [number, number, number];
    expect(made).toBeLessThan(random / 2.5);
    expect(early).toBeLessThan(random / 2.5);
  });

  it("takes each day once it is over, and a conversion finds its click in the hours it names", async () => {
    const { test, db } = await testWithDb();
    const morning = click(test.id, { variant: "A", timestamp: at(2, 5) });
    const evening = click(test.id, { variant: "B", timestamp: at(2, 19) });
    const returning = click(test.id, { variant: "B", timestamp: at(3, 23) });
    const today = click(test.id, { variant: "A", timestamp: Date.now() - 60_000 });
    // Many other visitors on the same days, so that the index has several chunks a day.
    const others = Array.from({ length: 400 }, (_, i) =>
      click(test.id, { variant: i % 2 ? "A" : "B", timestamp: at(2 + (i % 2), i % 24) }),
    );
    await writeClicks(db, [
      morning,
      evening,
      returning,
      { ...returning, id: crypto.randomUUID(), variant: "A", timestamp: at(2, 1) },
      today,
      ...others,
    ]);
    vi.spyOn(console, "log").mockImplementation(() => {});
    // A day a run.
    await runCron(CRONS.archive);
    await runCron(CRONS.archive);

    expect(await indexedDays(db, test.id)).toEqual([at(3, 0), at(2, 0)]);
    const chunks = await db
      .prepare("SELECT count(*) AS n FROM session_chunks WHERE split_test_id = ? AND day = ?")
      .bind(test.id, at(2, 0))
      .first<{ n: number }>();
    expect(chunks?.n).toBeGreaterThan(1);
    expect(await conversionOf(db, morning)).toBe("A");
    expect(await conversionOf(db, evening)).toBe("B");
    // Its first click, the day before, is the one credited.
    expect(await conversionOf(db, returning, at(2, 3))).toBe("B");
    expect(await conversionOf(db, today)).toBe("A");
    expect(await conversionOf(db, click(test.id, { timestamp: at(2, 5) }))).toBe("no_click");
    vi.restoreAllMocks();
  });

  it("finds a click written into a day already indexed (a late or redelivered event)", async () => {
    const { test, db } = await testWithDb();
    await writeClicks(db, [click(test.id, { timestamp: at(4, 10) })]);
    vi.spyOn(console, "log").mockImplementation(() => {});
    await runCron(CRONS.archive);
    const mark = await db.prepare("SELECT next_day FROM session_chunk_mark").first<{ next_day: number }>();
    expect(mark?.next_day).toBeGreaterThan(at(4, 0));

    const late = click(test.id, { variant: "B", timestamp: at(4, 11) });
    await writeClicks(db, [late]);
    expect(await conversionOf(db, late)).toBe("B");
    vi.restoreAllMocks();
  });

  it("forgets the days past the attribution window", async () => {
    const { test, db } = await testWithDb();
    const old = at(Number(env.ATTRIBUTION_WINDOW_DAYS) + 3, 12);
    // Written into a day indexed long ago, its session is kept with its hour; it is forgotten once the
    // next day is indexed (yesterday's).
    await writeClicks(db, [click(test.id, { timestamp: old }), click(test.id, { timestamp: at(1, 12) })]);
    expect(await lateHours(db, test.id)).toEqual([old - (old % HOUR)]);
    vi.spyOn(console, "log").mockImplementation(() => {});
    await runCron(CRONS.archive);
    expect(await lateHours(db, test.id)).toEqual([]);
    vi.restoreAllMocks();
  });

  it("indexes a busy test's hour alone once it is over, before its day is", async () => {
    const { test, db } = await testWithDb();
    // Tomorrow, 10:00 to 14:00: hours of no other test of this file.
    const hour = at(-1, 10);
    const hours = [0, 1, 2, 3].map((h) => hour + h * HOUR);
    const visitor = click(test.id, { variant: "B", timestamp: hour + 30 * 60_000 });
    // Writes of a full pack each: three times the packs that have an hour indexed alone.
    const perHour = HOUR_PACKS * 3 * PACK_CLICKS;
    const crowd = hours.flatMap((start) =>
      Array.from({ length: perHour }, (_, i) =>
        click(test.id, { timestamp: start + Math.floor((i * HOUR) / perHour) }),
      ),
    );
    for (let i = 0; i < crowd.length; i += PACK_CLICKS)
      await writeClicks(db, crowd.slice(i, i + PACK_CLICKS));
    await writeClicks(db, [visitor]);
    const quiet = await testWithDb();
    const alone = click(quiet.test.id, { timestamp: hour + 60_000 });
    await writeClicks(quiet.db, [alone]);

    for (const shard of new Set([db, quiet.db])) while (await indexNextHour(shard, hour + 5 * HOUR));
    expect(await indexedDays(db, test.id)).toEqual(hours);
    // A visitor of the next hour, the day's last: the lookups of its conversion (its click and its
    // segment) find the hours of the day one after the other and read that hour's one pack, not each of
    // the day's packs.
    const next = click(test.id, { variant: "B", timestamp: hour + 4 * HOUR });
    await writeClicks(db, [next]);
    const [packs] = (
      await db
        .prepare("SELECT count(*) AS n FROM click_packs WHERE split_test_id = ?")
        .bind(test.id)
        .all<{ n: number }>()
    ).results;
    const lookup = await db
      .prepare(INSERT_CONVERSIONS)
      .bind(
        JSON.stringify([
          {
            id: crypto.randomUUID(),
            testId: test.id,
            sessionId: next.sessionId,
            timestamp: next.timestamp + 60_000,
          },
        ]),
        WINDOW,
      )
      .run();
    expect(lookup.meta.changes).toBe(1);
    expect(lookup.meta.rows_read).toBeLessThan(packs?.n ?? 0);
    await db.prepare("DELETE FROM conversions WHERE split_test_id = ?").bind(test.id).run();
    // A test with few packs that hour keeps its sessions in them alone.
    expect(await indexedDays(quiet.db, quiet.test.id)).toEqual([]);
    expect(await conversionOf(db, visitor)).toBe("B");
    expect(await conversionOf(quiet.db, alone)).toBe("A");

    // A click of the hour written after it was indexed is still found.
    const late = click(test.id, { variant: "B", timestamp: hour + 50 * 60_000 });
    await writeClicks(db, [late]);
    expect(await conversionOf(db, late)).toBe("B");
  }, 60_000);

  it("reads no chunk of the hours indexed alone before the hour a session was made", async () => {
    const { test, db } = await testWithDb();
    // A busy test's first 20 hours of a day, each indexed alone (a chunk as indexNextHour leaves it).
    for (let hour = 0; hour < 20; hour++)
      await db
        .prepare(
          `INSERT INTO session_chunks (split_test_id, day, first_session, entries)
           VALUES (?1, ?2, unhex(?3), unhex(?3 || hex(printf('%08d', 1))))`,
        )
        .bind(test.id, at(1, hour), `00000000000040008000${hour.toString(16).padStart(12, "0")}`)
        .run();
    const madeAt = at(1, 20) + 30 * 60_000;
    const visitor = click(test.id, { variant: "B", sessionId: timeOrderedUuid(madeAt), timestamp: madeAt });
    await writeClicks(db, [visitor]);
    const meta = await lookupOf(db, visitor);
    expect(meta.changes).toBe(1);
    // The day's first chunk and the hour's pack: 36 rows, where walking the 20 hours' chunks read 130.
    expect(meta.rows_read).toBeLessThan(50);
    // The index's mark is the shard's: what this test made up goes.
    await db.batch(
      ["session_chunks", "click_packs", "late_sessions"].map((table) =>
        db.prepare(`DELETE FROM ${table} WHERE split_test_id = ?`).bind(test.id),
      ),
    );
  });
});
