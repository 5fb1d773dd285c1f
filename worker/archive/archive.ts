import { attributionWindowMs } from "../db/attribution";
import { DAY_MS, HOUR_MS, SOME_BEFORE } from "../db/click-packs";
import { eventsDb } from "../db/shards";
import type { Budget } from "./budget";
import { shardsFrom } from "./compact";
import { type EventKey, type EventRow, eventPage } from "./rows";
import { objectKey, writeObject } from "./store";

/** Events one read takes; a day with more becomes several objects. */
export const ARCHIVE_READ_EVENTS = 10_000;
/** Tests looked at in one run, those with the oldest events first. */
const TESTS_PER_RUN = 50;
// The consumer refuses events older than the window (worker/db/attribution.ts); an hour more keeps a
// batch that checked the time just before a day was archived from writing into it.
const MARGIN_MS = HOUR_MS;

/** Days before this (ms, midnight UTC) are archived: they ended more than the window and an hour ago. */
export function archiveCutoff(now: number, windowMs: number): number {
  const edge = now - windowMs - MARGIN_MS;
  return edge - (edge % DAY_MS);
}

// The tests with events before the cutoff (?1), the oldest first (a click by its hour, the cutoff being
// the start of a day): three index seeks a test. Not one whose
// segment visitors are not compacted up to the cutoff (worker/db/segments.ts): they are counted from
// its clicks until then, so those wait for the compaction (it runs first, the furthest behind first).
// None while clicks written before their packs are still to be packed (packUnpackedClicks) or packs
// written before 0057 to be moved (movePacksBefore: then a row without a test says so, and the run
// moves them after the archive), nor before the hourly rollup counts the clicks before the cutoff
// (worker/db/hour-stats.ts).
const TESTS_TO_ARCHIVE = `SELECT id FROM (SELECT id FROM (
    SELECT t.id, min(
      coalesce((SELECT min(hour) FROM click_packs WHERE split_test_id = t.id), ?1),
      coalesce((SELECT min(timestamp) FROM conversions WHERE split_test_id = t.id), ?1),
      coalesce((SELECT min(timestamp) FROM rule_visits WHERE split_test_id = t.id), ?1)) AS oldest
    FROM split_tests AS t WHERE t.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM segment_compaction WHERE split_test_id = t.id AND through < ?1))
  WHERE oldest < ?1 AND NOT EXISTS (SELECT 1 FROM clicks_unpacked) AND NOT ${SOME_BEFORE}
    AND ?1 <= (SELECT through FROM hour_compaction) ORDER BY oldest LIMIT ?2)
  UNION ALL SELECT NULL WHERE ${SOME_BEFORE}`;

// Every event of each test ({testId, timestamp, id} in ?1) up to and including its last archived one.
// Nothing is added before the cutoff any more, so that is exactly what the run wrote to R2.
const EVENT_TABLES = ["conversions", "rule_visits"] as const;
const upTo = (event: string) => `${event}.timestamp <= a.value ->> '$.timestamp'
     AND (${event}.timestamp < a.value ->> '$.timestamp' OR ${event}.id <= a.value ->> '$.id')`;
// Each table's id is its row's key (conversions has no rowid: migrations/0059_conversions_one_row.sql).
const deleteArchived = (table: (typeof EVENT_TABLES)[number]) => `DELETE FROM ${table}
  WHERE id IN (
    SELECT e.id FROM json_each(?1) AS a JOIN ${table} AS e
      ON e.split_test_id = a.value ->> '$.testId' AND ${upTo("e")})`;
// The clicks (migrations/0054_click_packs.sql): the packs of the hours before the last one's go whole;
// that hour's keep the clicks after it, and go once they keep none.
const lastHour = `a.value ->> '$.timestamp' - a.value ->> '$.timestamp' % ${HOUR_MS}`;
const DELETE_ARCHIVED_PACKS = `DELETE FROM click_packs
  WHERE (split_test_id, hour, seq) IN (
    SELECT p.split_test_id, p.hour, p.seq FROM json_each(?1) AS a JOIN click_packs AS p
      ON p.split_test_id = a.value ->> '$.testId' AND p.hour < ${lastHour})`;
const KEPT = `FROM json_each(click_packs.clicks) AS k CROSS JOIN json_each(?1) AS a
    WHERE a.value ->> '$.testId' = click_packs.split_test_id
      AND (click_packs.hour + (k.value ->> 0) > a.value ->> '$.timestamp'
           OR (click_packs.hour + (k.value ->> 0) = a.value ->> '$.timestamp' AND k.value ->> 1 > a.value ->> '$.id'))`;
// A kept click's session is its fourth field, its is_bot the fifth (worker/db/click-packs.ts).
const CUT_LAST_PACKS = `UPDATE click_packs SET
    clicks = (SELECT json_group_array(json(k.value) ORDER BY k.key) ${KEPT}),
    sessions = (SELECT coalesce(unhex(group_concat(CASE WHEN k.value ->> 4 = 0 THEN k.value ->> 3 END, '')), x'') ${KEPT})
  WHERE (split_test_id, hour) IN (SELECT a.value ->> '$.testId', ${lastHour} FROM json_each(?1) AS a)`;
const DELETE_EMPTY_PACKS = `DELETE FROM click_packs
  WHERE clicks = '[]' AND (split_test_id, hour) IN (SELECT a.value ->> '$.testId', ${lastHour} FROM json_each(?1) AS a)`;
const DELETE_STATEMENTS = EVENT_TABLES.length + 3;

// The ids trafficQuality counted before the cutoff (?1) are no longer needed to keep a redelivery from
// counting twice: the consumer drops any event that old. The time comes after the test in the key, so
// this reads the shard's ids; there are few (one per batch and reason of uncounted visits, one per
// refused conversion).
const FORGET_COUNTED = `DELETE FROM traffic_quality_events WHERE (split_test_id, timestamp, id) IN (
    SELECT split_test_id, timestamp, id FROM traffic_quality_events WHERE timestamp < ?1 LIMIT 5000)`;

export interface ArchiveRun {
  tests: number;
  objects: number;
  events: number;
  /** The shards that hold packs written before 0057 (movePacksBefore), which the archive waits for. */
  packsBefore: string[];
}

/** The rows in runs of one UTC day each. */
function byDay(rows: EventRow[]): EventRow[][] {
  const days: EventRow[][] = [];
  for (const row of rows) {
    const day = days.at(-1);
    const first = day?.[0];
    if (day && first && Math.floor(first.timestamp / DAY_MS) === Math.floor(row.timestamp / DAY_MS))
      day.push(row);
    else days.push([row]);
  }
  return days;
}

/**
 * Moves the events of days past the attribution window from D1 to R2, oldest first, within the budget:
 * each test's events are read in time order, written as one object per UTC day, and deleted from D1
 * at the end of the run in one batch. A run cut short before that batch deleted nothing; the next one
 * reads the same events and writes the same objects under the same keys, and the export lets each
 * event through once (worker/archive/rows.ts), so nothing is lost or doubled. Rollups are not touched.
 */
export async function archiveEvents(env: Env, budget: Budget, now = Date.now()): Promise<ArchiveRun> {
  const run: ArchiveRun = { tests: 0, objects: 0, events: 0, packsBefore: [] };
  const cutoff = archiveCutoff(now, attributionWindowMs(env));
  // Shard by shard: each holds its tests' events (worker/db/shards.ts).
  for (const shard of shardsFrom(env, now)) {
    if (await archiveShard(env, eventsDb(env, shard), budget, cutoff, run)) run.packsBefore.push(shard);
  }
  return run;
}

async function archiveShard(
  env: Env,
  db: D1Database,
  budget: Budget,
  cutoff: number,
  run: ArchiveRun,
): Promise<boolean> {
  // Worth starting with room for a read, a write and the final delete.
  const spendable = () => budget.left - DELETE_STATEMENTS;
  if (spendable() < 4) return false;
  budget.spend(2);
  await db.prepare(FORGET_COUNTED).bind(cutoff).run();
  const { results } = await db
    .prepare(TESTS_TO_ARCHIVE)
    .bind(cutoff, TESTS_PER_RUN)
    .all<{ id: string | null }>();
  if (results.some(({ id }) => id === null)) return true;

  const archived: (EventKey & { testId: string })[] = [];
  for (const { id: testId } of results as { id: string }[]) {
    let last: EventKey | null = null;
    let done = false;
    while (!done && spendable() >= 2) {
      budget.spend();
      const rows = await eventPage(db, testId, {
        after: last,
        before: cutoff,
        limit: ARCHIVE_READ_EVENTS,
      });
      const more = rows.length === ARCHIVE_READ_EVENTS;
      const days = byDay(rows);
      // The last day of a full read may go on past it: it starts the next read, unless it is all there is.
      if (more && days.length > 1) days.pop();
      let written = 0;
      for (const day of days) {
        const first = day[0];
        if (!first || spendable() < 1) break;
        budget.spend();
        await writeObject(env.ARCHIVE, objectKey(testId, first), day);
        last = day.at(-1) ?? last;
        written += 1;
        run.events += day.length;
      }
      run.objects += written;
      done = !more || written < days.length;
    }
    if (last) archived.push({ testId, timestamp: last.timestamp, id: last.id });
    if (spendable() < 2) break;
  }
  run.tests += archived.length;
  if (archived.length > 0) {
    budget.spend(DELETE_STATEMENTS);
    const json = JSON.stringify(archived);
    await db.batch(
      [...EVENT_TABLES.map(deleteArchived), DELETE_ARCHIVED_PACKS, CUT_LAST_PACKS, DELETE_EMPTY_PACKS].map(
        (sql) => db.prepare(sql).bind(json),
      ),
    );
  }
  return false;
}
