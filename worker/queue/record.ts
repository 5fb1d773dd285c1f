import type { RefusedConversionReason } from "../../contract/trust";
import { SESSIONS_PER_ADDRESS_HOUR } from "../../contract/trust";
import { INSERT_CONVERSIONS, OUTSIDE_ATTRIBUTION_WINDOW } from "../db/attribution";
import type { CountedConversion } from "../webhooks/conversions";
import type { ClickEvent, ConversionEvent, UncountedEvent } from "./events";

// One statement per batch, however many events it holds: the events travel as one JSON
// parameter and json_each() turns them into rows (D1 allows at most 100 bound parameters).
// CROSS JOIN keeps the events as the outer loop (SQLite cannot know how many json_each yields).
// Plain D1 statements: drizzle cannot express these INSERT … SELECT … FROM json_each forms.

// The hour of an event of the batch (e), and where it came from.
const HOUR = `(e.value ->> '$.timestamp') - (e.value ->> '$.timestamp') % 3600000`;
const SAME_ADDRESS_HOUR = (row: string) => `${row}.value ->> '$.testId' = t.id
      AND ${row}.value ->> '$.source' = e.value ->> '$.source'
      AND (${row}.value ->> '$.timestamp') - (${row}.value ->> '$.timestamp') % 3600000 = ${HOUR}
      AND NOT ${row}.value ->> '$.isBot'`;

// A click of a test deleted meanwhile inserts nothing (the join finds no test) instead of
// failing the batch on the foreign key; nor does one after the test was completed (frozen results).
// Its id is the primary key: a redelivery inserts nothing. Rows go in batch order, so the rollup
// trigger counts a session's first click in the batch as its visitor.
// A person's click carries its address (source, a keyed hash). A test counts at most ?2 sessions per
// address and hour (address_sessions, filled by a trigger): a click of a session already counted from
// that address this hour counts; any other counts while fewer than ?2 sessions did, those of the table
// and the new ones earlier in this batch (a session's place is its first click in the batch). Past
// that it is flagged, is_bot = 2, counted nowhere, like a bot's. The check reads at most ?2 rows of
// address_sessions and this batch, never the clicks: a flood costs what a normal visit does.
const INSERT_CLICKS = `INSERT OR IGNORE INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp, source,
                                 device, os, country, referrer_host)
  SELECT e.value ->> '$.id', t.id, e.value ->> '$.variant', e.value ->> '$.sessionId',
         CASE WHEN e.value ->> '$.isBot' THEN 1
              WHEN e.value ->> '$.source' IS NULL THEN 0
              WHEN EXISTS (
                SELECT 1 FROM address_sessions
                WHERE split_test_id = t.id AND source = e.value ->> '$.source' AND hour = ${HOUR}
                  AND session_id = e.value ->> '$.sessionId') THEN 0
              WHEN (SELECT count(*) FROM (
                      SELECT 1 FROM address_sessions
                      WHERE split_test_id = t.id AND source = e.value ->> '$.source' AND hour = ${HOUR}
                      LIMIT ?2))
                 + (SELECT count(DISTINCT b.value ->> '$.sessionId') FROM json_each(?1) AS b
                    WHERE ${SAME_ADDRESS_HOUR("b")}
                      AND b.key < (SELECT min(f.key) FROM json_each(?1) AS f
                                   WHERE ${SAME_ADDRESS_HOUR("f")}
                                     AND f.value ->> '$.sessionId' = e.value ->> '$.sessionId')
                      AND NOT EXISTS (
                        SELECT 1 FROM address_sessions
                        WHERE split_test_id = t.id AND source = b.value ->> '$.source' AND hour = ${HOUR}
                          AND session_id = b.value ->> '$.sessionId')) >= ?2 THEN 2
              ELSE 0 END,
         e.value ->> '$.timestamp', e.value ->> '$.source',
         e.value ->> '$.device', e.value ->> '$.os', e.value ->> '$.country', e.value ->> '$.referrer'
  FROM json_each(?1) AS e CROSS JOIN split_tests AS t ON t.id = e.value ->> '$.testId'
  WHERE t.completed_at IS NULL OR t.completed_at > e.value ->> '$.timestamp'
  ORDER BY e.key`;

// Run after the insert: the positions of the conversions that were not counted, and why (the
// consumer waits for a missing click and logs and counts the rest). A conversion counted by this
// statement or an earlier delivery of the same event has none. Through the session index: on its own
// SQLite takes the time index for the window check, a scan of the test's window for each conversion.
const UNMATCHED_CONVERSIONS = `SELECT position, reason FROM (
    SELECT e.key AS position,
      CASE WHEN EXISTS (SELECT 1 FROM conversions WHERE id = e.value ->> '$.id') THEN NULL
           WHEN t.id IS NULL THEN 'unknown_test'
           WHEN t.conversion_sources = 'server' AND e.value ->> '$.source' IS NOT 'server' THEN 'not_server'
           WHEN NOT EXISTS (
             SELECT 1 FROM clicks INDEXED BY clicks_test_session_idx
             WHERE split_test_id = t.id AND session_id = e.value ->> '$.sessionId' AND is_bot = 0) THEN 'no_click'
           WHEN NOT EXISTS (
             SELECT 1 FROM clicks INDEXED BY clicks_test_session_idx
             WHERE split_test_id = t.id AND session_id = e.value ->> '$.sessionId' AND is_bot = 0
               AND timestamp >= e.value ->> '$.timestamp' - ?2) THEN '${OUTSIDE_ATTRIBUTION_WINDOW}'
           WHEN EXISTS (
             SELECT 1 FROM conversions
             WHERE split_test_id = t.id AND session_id = e.value ->> '$.sessionId') THEN 'duplicate'
           WHEN t.completed_at <= e.value ->> '$.timestamp' THEN 'test_completed'
           ELSE 'address_limit'
      END AS reason
    FROM json_each(?1) AS e LEFT JOIN split_tests AS t ON t.id = e.value ->> '$.testId')
  WHERE reason IS NOT NULL`;

/** Why a conversion of a batch was not counted: see UNMATCHED_CONVERSIONS. */
export type UnmatchedReason =
  | "unknown_test"
  | Exclude<RefusedConversionReason, "rate_limited" | "other_currency">;

/** Writes a batch of clicks in one D1 statement; the rollup trigger runs inside it. */
export async function writeClicks(db: D1Database, events: ClickEvent[]): Promise<void> {
  if (events.length > 0)
    await db.prepare(INSERT_CLICKS).bind(JSON.stringify(events), SESSIONS_PER_ADDRESS_HOUR).run();
}

// Tests deleted meanwhile (or never made) count nothing.
const COUNT_UNCOUNTED = `INSERT INTO traffic_quality (split_test_id, reason, events)
  SELECT t.id, e.value ->> '$.reason', sum(coalesce(e.value ->> '$.events', 1))
  FROM json_each(?1) AS e JOIN split_tests AS t ON t.id = e.value ->> '$.testId'
  WHERE true
  GROUP BY t.id, e.value ->> '$.reason'
  ON CONFLICT (split_test_id, reason) DO UPDATE SET events = events + excluded.events`;

/** Adds what was not counted, by test and reason, to the tests' trafficQuality in one statement. */
export async function countUncounted(
  db: D1Database,
  events: Pick<UncountedEvent, "testId" | "reason" | "events">[],
): Promise<void> {
  if (events.length > 0) await db.prepare(COUNT_UNCOUNTED).bind(JSON.stringify(events)).run();
}

/**
 * Writes a batch of conversions in one atomic D1 batch of two statements. Answers those counted now
 * (a redelivered or second conversion of a visitor is not), for the conversion.recorded webhook, and
 * those that were not counted and why (UNMATCHED_CONVERSIONS): among them a visitor without a click
 * yet (the click may still be on its way through the queue).
 */
export async function writeConversions(
  db: D1Database,
  events: ConversionEvent[],
  windowMs: number,
): Promise<{
  counted: CountedConversion[];
  unmatched: { event: ConversionEvent; reason: UnmatchedReason }[];
}> {
  if (events.length === 0) return { counted: [], unmatched: [] };
  const json = JSON.stringify(events);
  const [inserted, unmatched] = await db.batch<
    CountedConversion & { position: number; reason: UnmatchedReason }
  >([
    db.prepare(INSERT_CONVERSIONS).bind(json, windowMs),
    db.prepare(UNMATCHED_CONVERSIONS).bind(json, windowMs),
  ]);
  return {
    counted: inserted?.results ?? [],
    unmatched: (unmatched?.results ?? []).flatMap(({ position, reason }) => {
      const event = events[position];
      return event ? [{ event, reason }] : [];
    }),
  };
}
