// How clicks are stored (migrations/0054_click_packs.sql, issue #51): many to a row, since D1 bills a
// row written whatever its size.
// - click_packs: every click, one pack per test and clock hour for each write of the shard's writer; a
//   pack's clicks are a JSON array of arrays, in the order of packedClick, and `sessions` the bytes of
//   its counted clicks' sessions one after another.
// - clicks: a view over the packs, one click a row, with its pack's `hour` and `sessions`: a reader
//   narrows to the packs it needs with them before their clicks are unpacked.
// - session_chunks and late_sessions (migrations/0055_session_chunks.sql): which hours of the days indexed
//   a session has counted clicks in, so that a session's lookup reads only those hours' packs.
// - click_packs_before (migrations/0057_packs_one_row.sql): the packs written while click_packs had a
//   rowid, which movePacksBefore moves into it in steps. Until none is left, what reads a session's
//   clicks, the clicks in time order or the first click reads them too, and the session index waits.

import { sessionMadeSince } from "./session-bytes";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** The counted sessions of one chunk of the session index (some 3.6 KB: a row that stays on its page). */
export const CHUNK_SESSIONS = 150;
/**
 * A test with this many packs in an hour of a day not indexed yet has that hour indexed alone once it is
 * over: a lookup reads fewer than this many packs of each other hour of the day (not a day of a busy
 * test's packs, some 4,000 a day at a write every 20 s), and an hour indexed writes a chunk or two
 * beside its 8 packs or more.
 */
export const HOUR_PACKS = 8;
// The hour of the lowest bit of a chunk entry's hours (`rest`, an SQL column): D1 counts a row read for
// each row json_each gives, and a session's entry names an hour or two of its day's 24.
const LOWEST_HOUR = `(CASE rest & -rest ${Array.from({ length: 24 }, (_, hour) => `WHEN ${2 ** hour} THEN ${hour}`).join(" ")} END)`;
const NEXT_DAY_INDEXED = "(SELECT next_day FROM session_chunk_mark)";
/** The tables of packs, click_packs_before while movePacksBefore has packs to move. */
const PACK_TABLES = ["click_packs", "click_packs_before"] as const;
/**
 * Whether movePacksBefore has packs left (an SQL condition): checked once a statement, before the
 * lookups in that table.
 */
export const SOME_BEFORE = "EXISTS (SELECT 1 FROM click_packs_before)";
// Whether every click is in click_packs: none written before their packs, nor in packs before 0057.
const ALL_IN_PACKS = `NOT EXISTS (SELECT 1 FROM clicks_unpacked) AND NOT ${SOME_BEFORE}`;

/**
 * The seq of a new pack of test `test` and hour `hour` (SQL expressions), `more` after the first: after
 * the packs of that test and hour in both tables, so that a pack moved from click_packs_before keeps its.
 */
export const nextPackSeq = (test: string, hour: string, more = "0") =>
  `max(${PACK_TABLES.map(
    (table) =>
      `coalesce((SELECT max(seq) FROM ${table} WHERE split_test_id = ${test} AND hour = ${hour}), 0)`,
  ).join(", ")}) + 1 + ${more}`;

/**
 * The most clicks one pack holds (some 25 KB): a session's lookup unpacks the packs that hold it, so a
 * small pack keeps that short; a write of more makes more packs, still a row for many clicks. Later
 * writes of an hour add to its last pack only up to PACK_APPEND_BYTES, far fewer.
 */
export const PACK_CLICKS = 200;

/**
 * The bytes of clicks and sessions a pack keeps on its page. A row of a WITHOUT ROWID table of more than
 * 1,002 bytes (key included, some 55) keeps 489 on its page and the rest on an overflow page of 4 KB,
 * however little that is (SQLite's file format, "Cell Payload Overflow Pages"). A write's clicks of a
 * test and hour of up to twice this many bytes go in packs of this many at most (two rows written, and
 * deleted, cost less than 3 KB of a page left empty for a month: $2 a million against $2.3), more in
 * packs of PACK_CLICKS, whose overflow pages they fill but for the last.
 */
export const PACK_PAGE_BYTES = 900;

/**
 * The bytes of clicks and sessions a pack may grow to as later writes of its hour add to it
 * (worker/queue/record.ts): its page and one overflow page hold up to 4,581 bytes with the key, so a pack
 * closed here leaves little of a page empty, and a session's lookup that finds it unpacks some 30 clicks,
 * not PACK_CLICKS.
 */
export const PACK_APPEND_BYTES = 4_500;

/**
 * A pack's click, in order: its time as milliseconds into the pack's hour, id, variant, session (the
 * hex of its bytes), is_bot, source, device, os, country, referrer_host, phase, first_of_address_hour,
 * first_of_session, phase_visitor (none in a click packed before migrations/0056_hour_compaction.sql:
 * the hourly rollup counts those). `packedClick` spells it in SQL, from expressions for each.
 */
export const packedClick = (c: {
  timestamp: string;
  hour: string;
  id: string;
  variant: string;
  session: string;
  isBot: string;
  source: string;
  device: string;
  os: string;
  country: string;
  referrer: string;
  phase: string;
  firstOfAddressHour: string;
  firstOfSession: string;
  phaseVisitor: string;
}) =>
  `json_array(${c.timestamp} - ${c.hour}, ${c.id}, ${c.variant}, lower(hex(${c.session})), ${c.isBot}, ${c.source}, ${c.device}, ${c.os}, ${c.country}, ${c.referrer}, ${c.phase}, ${c.firstOfAddressHour}, ${c.firstOfSession}, ${c.phaseVisitor})`;

/**
 * A click unpacked (`k`, with its pack's `hour`) in a query that names `sessionClicks`: its fields, in the
 * order of packedClick.
 */
export const packed = {
  timestamp: "(k.hour + (k.value ->> 0))",
  id: "(k.value ->> 1)",
  variant: "(k.value ->> 2)",
  source: "(k.value ->> 5)",
  device: "(k.value ->> 6)",
  os: "(k.value ->> 7)",
  country: "(k.value ->> 8)",
  referrer: "(k.value ->> 9)",
  phase: "(k.value ->> 10)",
};

/**
 * `select` (a query naming its source of clicks `clicks` gives) over every click: the packs' and those
 * migrations/0054_click_packs.sql left to pack, each read apart. For a query that joins the clicks to
 * another table, since SQLite reads the compound view `clicks` whole there.
 */
export const eachClicks = (select: (clicks: string) => string) =>
  ["packed_clicks", "packed_clicks_before", "unpacked_clicks"].map(select).join(" UNION ALL ");

/**
 * The time of the first counted click of test `test` (an SQL expression), or NULL: in the first hour of
 * packs with one, and among the clicks not packed yet, each read apart (through the compound view
 * `clicks`, SQLite unpacked every pack of the test to sort them: 1.2 million rows read for 200,000 clicks).
 */
export const firstCountedClickAt = (test: string) => `(SELECT min(at) FROM (${[
  "packed_clicks",
  "packed_clicks_before",
]
  .map(
    (view) => `
    SELECT (SELECT min(k.timestamp) FROM ${view} AS k
            WHERE k.split_test_id = ${test} AND k.is_bot = 0
              AND k.hour = (SELECT h.hour FROM ${view} AS h WHERE h.split_test_id = ${test} AND h.is_bot = 0
                            ORDER BY h.hour LIMIT 1)) AS at`,
  )
  .join(" UNION ALL")}
    UNION ALL
    SELECT (SELECT u.timestamp FROM unpacked_clicks AS u WHERE u.split_test_id = ${test} AND u.is_bot = 0
            ORDER BY u.timestamp LIMIT 1)))`;

/**
 * Whether click `c` is of the hour starting at `hour` (SQL expressions): the packs are found by their
 * hour, the clicks not packed yet by their time.
 */
export const clickOfHour = (c: string, hour: string) =>
  `${c}.hour = ${hour} AND ${c}.timestamp >= ${hour} AND ${c}.timestamp < ${hour} + ${HOUR_MS}`;

// A click not packed yet (a row `u` of clicks_unpacked, migrations/0054_click_packs.sql) as its pack
// holds it.
const unpackedAsPacked = (u: string) =>
  packedClick({
    timestamp: `${u}.timestamp`,
    hour: `(${u}.timestamp - ${u}.timestamp % ${HOUR_MS})`,
    id: `${u}.id`,
    variant: `${u}.variant`,
    session: `${u}.session`,
    isBot: `${u}.is_bot`,
    source: `${u}.source`,
    device: `${u}.device`,
    os: `${u}.os`,
    country: `${u}.country`,
    referrer: `${u}.referrer_host`,
    phase: `${u}.phase`,
    firstOfAddressHour: `${u}.first_of_address_hour`,
    firstOfSession: `${u}.first_of_session`,
    phaseVisitor: "NULL",
  });

// The hours the session of `bytes` has counted clicks in, in test `test`, from the hour of `since` and
// of the time the session was made (sessionMadeSince): every hour with a pack of the days not indexed yet
// (but the hours indexed alone), its late clicks' hours, and the hours named by the chunk that may hold it
// on each day or hour the index took. The hours and the days are found one after the other, a seek each:
// not by reading each of their packs. The first day's chunk is read, then those from the first hour on:
// not the hours of that day indexed alone before it (a busy test's, up to 23).
const sessionHours = (test: string, bytes: string, since?: string) => {
  const at = `instr(c.entries, ${bytes})`;
  const made = sessionMadeSince(bytes);
  // Spelt once (the CTE `bound`: its first hour and day), not where it is used: it is some 1 KB of SQL.
  const from = since === undefined ? made : `max(${since}, ${made})`;
  // The first hour of a pack of the test, in either table, that meets `where` (or NULL).
  const firstPackHour = (where: string) =>
    `(SELECT min(hour) FROM (
        SELECT (SELECT min(hour) FROM click_packs WHERE split_test_id = ${test} AND ${where}) AS hour
        UNION ALL
        SELECT (SELECT min(hour) FROM click_packs_before WHERE split_test_id = ${test} AND ${where})
        WHERE ${SOME_BEFORE}))`;
  return `WITH bound(hour, day) AS (SELECT at - at % ${HOUR_MS}, at - at % ${DAY_MS} FROM (SELECT ${from} AS at))
    SELECT t.hour
    FROM (WITH RECURSIVE tail(hour) AS (
            SELECT ${firstPackHour(`hour >= max(${NEXT_DAY_INDEXED}, b.hour)`)} FROM bound AS b
            UNION ALL
            SELECT ${firstPackHour("hour > tail.hour")}
            FROM tail WHERE tail.hour IS NOT NULL)
          SELECT hour FROM tail WHERE hour IS NOT NULL) AS t
    WHERE NOT EXISTS (SELECT 1 FROM session_chunks AS i WHERE i.split_test_id = ${test} AND i.day = t.hour)
    UNION
    SELECT l.hour FROM late_sessions AS l WHERE l.split_test_id = ${test} AND l.session = ${bytes} AND l.hour >= (SELECT hour FROM bound)
    UNION
    SELECT hour FROM (WITH RECURSIVE days(day, from_hour) AS (
            SELECT (SELECT min(day) FROM session_chunks WHERE split_test_id = ${test} AND day >= b.day), b.hour
            FROM bound AS b
            UNION ALL
            SELECT (SELECT min(day) FROM session_chunks
                    WHERE split_test_id = ${test} AND day > max(days.day, days.from_hour - 1)), from_hour
            FROM days WHERE days.day IS NOT NULL),
          hours(day, rest, hour) AS (
            SELECT d.day, CAST(CAST(substr(c.entries, ${at} + length(${bytes}), 8) AS TEXT) AS INTEGER), NULL
            FROM days AS d CROSS JOIN session_chunks AS c ON c.id = (
              SELECT s.id FROM session_chunks AS s
              WHERE s.split_test_id = ${test} AND s.day = d.day AND s.first_session <= ${bytes}
              ORDER BY s.first_session DESC LIMIT 1)
            WHERE ${at} > 0
            UNION ALL
            SELECT day, rest & (rest - 1), day + ${LOWEST_HOUR} * ${HOUR_MS} FROM hours WHERE rest > 0)
          SELECT hour FROM hours WHERE hour IS NOT NULL)`;
};

/**
 * The counted clicks (`packed`) of the session of `bytes` in test `test` (SQL expressions), those from
 * `since` on (an SQL expression of milliseconds) if given: the packs of the hours it has clicks in whose
 * sessions hold its bytes, unpacked, and its clicks not packed yet. Named as a FROM clause with its WHERE.
 */
export const sessionClicks = (test: string, bytes: string, since?: string) => {
  const hex = `lower(hex(${bytes}))`;
  const from = (time: string) => (since === undefined ? "" : ` AND ${time} >= ${since}`);
  const hours = sessionHours(test, bytes, since);
  // The packs before 0057 only while there are some (`where`): the session's hours are looked up for each
  // table, and SQLite does so before any other condition.
  const packsOf = (table: string, where = "") =>
    `SELECT kp.hour AS hour, k.value AS value FROM ${table} AS kp CROSS JOIN json_each(kp.clicks) AS k
      WHERE kp.split_test_id = ${test} AND kp.hour IN (SELECT hour FROM (${hours})${where})${from("kp.hour + (k.value ->> 0)")}
        AND instr(kp.sessions, ${bytes}) > 0 AND k.value ->> 3 = ${hex} AND k.value ->> 4 = 0`;
  return `(${packsOf("click_packs")}
    UNION ALL
    ${packsOf("click_packs_before", ` WHERE ${SOME_BEFORE}`)}
    UNION ALL
    SELECT u.timestamp - u.timestamp % ${HOUR_MS}, ${unpackedAsPacked("u")}
    FROM clicks_unpacked AS u WHERE u.split_test_id = ${test} AND u.session = ${bytes} AND u.is_bot = 0${from("u.timestamp")}) AS k
    WHERE true`;
};

/**
 * The segment of the first counted click of the session of `bytes` in test `test` (SQL expressions), as
 * a JSON object of device, os, country and referrer.
 */
export const firstClickSegment = (test: string, bytes: string) =>
  `(SELECT json_object('device', ${packed.device}, 'os', ${packed.os}, 'country', ${packed.country},
                       'referrer', ${packed.referrer})
    FROM ${sessionClicks(test, bytes)} ORDER BY ${packed.timestamp}, ${packed.id} LIMIT 1)`;

// The next day the session index may take (?1: the latest end it may have), with the first hour not
// indexed yet: the day of the earliest pack from it on, once that day is over, and once every click
// written before the packs is packed (packUnpackedClicks) and every pack written before 0057 moved
// (movePacksBefore).
const NEXT_DAY = `WITH next AS (
    SELECT m.next_day AS mark,
           (SELECT min((SELECT hour FROM click_packs WHERE split_test_id = t.id AND hour >= m.next_day ORDER BY hour LIMIT 1))
            FROM split_tests AS t) AS first_hour
    FROM session_chunk_mark AS m),
  day AS (SELECT mark, first_hour - first_hour % ${DAY_MS} + ${DAY_MS} AS day_end FROM next
          WHERE first_hour IS NOT NULL AND first_hour - first_hour % ${DAY_MS} + ${DAY_MS} <= ?1
            AND ${ALL_IN_PACKS})`;

// That day's counted sessions, sorted, CHUNK_SESSIONS to a chunk, each with the hours it has clicks in.
const INDEX_DAY = `${NEXT_DAY}
  INSERT INTO session_chunks (split_test_id, day, first_session, entries)
  SELECT split_test_id, day, unhex(min(hx)), unhex(group_concat(hx || hex(printf('%08d', hours)), '' ORDER BY hx))
  FROM (SELECT split_test_id, day, hx, hours,
               (row_number() OVER (PARTITION BY split_test_id ORDER BY hx) - 1) / ${CHUNK_SESSIONS} AS chunk
        FROM (SELECT kp.split_test_id, kp.hour - kp.hour % ${DAY_MS} AS day, k.value ->> 3 AS hx,
                     sum(DISTINCT 1 << (kp.hour % ${DAY_MS} / ${HOUR_MS})) AS hours
              FROM day CROSS JOIN split_tests AS t
                CROSS JOIN click_packs AS kp ON kp.split_test_id = t.id AND kp.hour >= day.mark AND kp.hour < day.day_end
                CROSS JOIN json_each(kp.clicks) AS k
              WHERE k.value ->> 4 = 0
              GROUP BY 1, 2, 3))
  GROUP BY split_test_id, day, chunk`;

const MARK_DAY = `${NEXT_DAY}
  UPDATE session_chunk_mark SET next_day = (SELECT day_end FROM day) WHERE EXISTS (SELECT 1 FROM day)`;

// Once a day, before it is indexed: what names days past the window (?2) names only packs the archive
// moved, and the hours of the day indexed one by one go (the day's chunks hold them).
const FORGET_CHUNKS = `${NEXT_DAY}
  DELETE FROM session_chunks WHERE day < ?2 AND EXISTS (SELECT 1 FROM day)`;
const FORGET_LATE = `${NEXT_DAY}
  DELETE FROM late_sessions WHERE hour < ?2 AND EXISTS (SELECT 1 FROM day)`;
const FORGET_HOURS = `${NEXT_DAY}
  DELETE FROM session_chunks
  WHERE split_test_id IN (SELECT id FROM split_tests)
    AND day >= (SELECT day_end FROM day) - ${DAY_MS} AND day < (SELECT day_end FROM day)`;

/** The statements one day of the session index takes. */
export const INDEX_DAY_STATEMENTS = 5;

/**
 * Indexes the sessions of the next day of `db` not indexed yet, once it is over (before `until`), and
 * forgets the days before `forgetBefore`. True when a day was indexed: the caller may ask for the next.
 */
export async function indexNextDay(db: D1Database, until: number, forgetBefore: number): Promise<boolean> {
  const marked = await db.batch([
    db.prepare(FORGET_CHUNKS).bind(until, forgetBefore),
    db.prepare(FORGET_LATE).bind(until, forgetBefore),
    db.prepare(FORGET_HOURS).bind(until),
    db.prepare(INDEX_DAY).bind(until),
    db.prepare(MARK_DAY).bind(until),
  ]);
  return (marked.at(-1)?.meta.changes ?? 0) > 0;
}

// The next hour of a day not indexed yet that may be indexed alone (?1: the latest end it may have).
// From yesterday on: the days before are the daily index's.
const HOUR_TO_INDEX = `hour AS (
    SELECT max(next_hour, next_day, ?1 - ?1 % ${DAY_MS} - ${DAY_MS}) AS start FROM session_chunk_mark
    WHERE max(next_hour, next_day, ?1 - ?1 % ${DAY_MS} - ${DAY_MS}) + ${HOUR_MS} <= ?1
      AND ${ALL_IN_PACKS})`;
const NEXT_HOUR = `WITH ${HOUR_TO_INDEX}`;

// That hour's counted sessions of each test that had HOUR_PACKS or more in it, as the day's.
const INDEX_HOUR = `${NEXT_HOUR}
  INSERT INTO session_chunks (split_test_id, day, first_session, entries)
  SELECT split_test_id, start, unhex(min(hx)), unhex(group_concat(hx || hex('00000001'), '' ORDER BY hx))
  FROM (SELECT split_test_id, start, hx, (row_number() OVER (PARTITION BY split_test_id ORDER BY hx) - 1) / ${CHUNK_SESSIONS} AS chunk
        FROM (SELECT DISTINCT kp.split_test_id, hour.start, k.value ->> 3 AS hx
              FROM hour CROSS JOIN split_tests AS t
                CROSS JOIN click_packs AS kp ON kp.split_test_id = t.id AND kp.hour = hour.start
                CROSS JOIN json_each(kp.clicks) AS k
              WHERE k.value ->> 4 = 0
                AND (SELECT count(*) FROM click_packs AS n WHERE n.split_test_id = t.id AND n.hour = hour.start)
                    >= ${HOUR_PACKS}))
  GROUP BY split_test_id, start, chunk`;

const MARK_HOUR = `${NEXT_HOUR}
  UPDATE session_chunk_mark SET next_hour = (SELECT start FROM hour) + ${HOUR_MS} WHERE EXISTS (SELECT 1 FROM hour)`;

/** The statements one hour of the session index takes. */
export const INDEX_HOUR_STATEMENTS = 2;

/** Whether `db` has a day (`day`) or an hour (`hour`) to index before `until`: one statement. */
export async function sessionIndexDue(db: D1Database, until: number): Promise<{ day: number; hour: number }> {
  const due = await db
    .prepare(`${NEXT_DAY}, ${HOUR_TO_INDEX}
      SELECT EXISTS (SELECT 1 FROM day) AS day, EXISTS (SELECT 1 FROM hour) AS hour`)
    .bind(until)
    .first<{ day: number; hour: number }>();
  return due ?? { day: 0, hour: 0 };
}

/**
 * Indexes the next hour of `db` not indexed yet, once it is over (before `until`), for the tests with
 * many sessions in it. True when an hour was looked at: the caller may ask for the next.
 */
export async function indexNextHour(db: D1Database, until: number): Promise<boolean> {
  const [, marked] = await db.batch([db.prepare(INDEX_HOUR).bind(until), db.prepare(MARK_HOUR).bind(until)]);
  return (marked?.meta.changes ?? 0) > 0;
}

/**
 * The clicks written before their packs (migrations/0054_click_packs.sql) a step of packUnpackedClicks
 * moves: some 2.4 s of D1's time (12 s a million in the local runtime, bench/RESULTS.md §32).
 */
export const UNPACKED_A_STEP = 200_000;

// The first ?1 clicks not packed yet, by their key (a test's in time order), and those clicks packed: a
// pack per test and hour, PACK_CLICKS at most, after the packs already there.
const FIRST_UNPACKED = "SELECT * FROM clicks_unpacked ORDER BY split_test_id, timestamp, id LIMIT ?1";
const PACK_UNPACKED = `INSERT INTO click_packs (split_test_id, hour, seq, sessions, clicks)
  SELECT m.split_test_id, m.hour, ${nextPackSeq("m.split_test_id", "m.hour", "m.pack")}, m.sessions, m.clicks
  FROM (SELECT split_test_id, hour, nth / ${PACK_CLICKS} AS pack,
               coalesce(unhex(group_concat(CASE WHEN is_bot = 0 THEN hex(session) END, '' ORDER BY timestamp, id)), x'')
                 AS sessions,
               json_group_array(${unpackedAsPacked("o")} ORDER BY timestamp, id) AS clicks
        FROM (SELECT u.*, u.timestamp - u.timestamp % ${HOUR_MS} AS hour,
                     row_number() OVER (PARTITION BY u.split_test_id, u.timestamp - u.timestamp % ${HOUR_MS}
                                        ORDER BY u.timestamp, u.id) - 1 AS nth
              FROM (${FIRST_UNPACKED}) AS u) AS o
        GROUP BY split_test_id, hour, nth / ${PACK_CLICKS}) AS m`;
const DELETE_PACKED = `DELETE FROM clicks_unpacked WHERE (split_test_id, timestamp, id) IN (
    SELECT split_test_id, timestamp, id FROM (${FIRST_UNPACKED}))`;

/** The statements one step of packUnpackedClicks takes (for a caller's budget). */
export const PACK_STEP_STATEMENTS = 2;

/**
 * Packs the first `clicks` of `db` written before their packs, in one transaction: none is ever in both
 * or neither. Answers how many moved: fewer than asked when none is left.
 */
export async function packUnpackedClicks(db: D1Database, clicks = UNPACKED_A_STEP): Promise<number> {
  return copyThenDelete(db, PACK_UNPACKED, DELETE_PACKED, clicks);
}

/** A step of a move: the copy and the delete of the first `count` in one transaction; answers how many went. */
async function copyThenDelete(db: D1Database, copy: string, remove: string, count: number): Promise<number> {
  const [, deleted] = await db.batch([db.prepare(copy).bind(count), db.prepare(remove).bind(count)]);
  return deleted?.meta.changes ?? 0;
}

/**
 * The packs written before migrations/0057_packs_one_row.sql a step of movePacksBefore moves into
 * click_packs: some 290,000 clicks, copied as they are (no click is unpacked).
 */
export const PACKS_BEFORE_A_STEP = 50_000;

// The first ?1 packs of click_packs_before, in the order they were written, copied with their seq (a
// new pack's comes after it: nextPackSeq), then deleted: a pack is never in both or neither. The Worker
// before 0057, in the moment of the deploy, numbered its packs from click_packs alone: one of those
// taking an old pack's seq moves that pack after both tables' (SQLite reads the packs to move before it
// writes any).
const FIRST_BEFORE = "SELECT rowid FROM click_packs_before ORDER BY rowid LIMIT ?1";
const same = (table: string) =>
  `FROM ${table} AS n WHERE n.split_test_id = b.split_test_id AND n.hour = b.hour`;
const MOVE_BEFORE = `INSERT INTO click_packs (split_test_id, hour, seq, sessions, clicks)
  SELECT b.split_test_id, b.hour,
         CASE WHEN EXISTS (SELECT 1 ${same("click_packs")} AND n.seq = b.seq)
              THEN b.seq + (SELECT max(seq) ${same("click_packs")}) + (SELECT max(seq) ${same("click_packs_before")})
              ELSE b.seq END,
         b.sessions, b.clicks
  FROM click_packs_before AS b WHERE b.rowid IN (${FIRST_BEFORE})`;
const DELETE_MOVED = `DELETE FROM click_packs_before WHERE rowid IN (${FIRST_BEFORE})`;

/** The statements one step of movePacksBefore takes (for a caller's budget). */
export const MOVE_STEP_STATEMENTS = 2;

/**
 * Moves the first `packs` of `db` written before migrations/0057_packs_one_row.sql into click_packs, in
 * one transaction. Answers how many moved: fewer than asked when none is left.
 */
export async function movePacksBefore(db: D1Database, packs = PACKS_BEFORE_A_STEP): Promise<number> {
  return copyThenDelete(db, MOVE_BEFORE, DELETE_MOVED, packs);
}
