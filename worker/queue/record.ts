import { INSERT_CONVERSIONS, OUTSIDE_ATTRIBUTION_WINDOW } from "../db/attribution";
import type { CountedConversion } from "../webhooks/conversions";
import type { ClickEvent, ConversionEvent } from "./events";

// One statement per batch, however many events it holds: the events travel as one JSON
// parameter and json_each() turns them into rows (D1 allows at most 100 bound parameters).
// CROSS JOIN keeps the events as the outer loop (SQLite cannot know how many json_each yields).
// Plain D1 statements: drizzle cannot express these INSERT … SELECT … FROM json_each forms.

// A click of a test deleted meanwhile inserts nothing (the join finds no test) instead of
// failing the batch on the foreign key; nor does one after the test was completed (frozen results).
// Its id is the primary key: a redelivery inserts nothing. Rows go in batch order, so the rollup
// trigger counts a session's first click in the batch as its visitor.
// A click that opened a new session from an address (source) which already opened ?2 new sessions of
// the test in the hour before it, in D1 or earlier in this batch, is flagged: is_bot = 2, counted
// nowhere, like a bot's. Rows of this batch already in D1 (a redelivery) are counted once.
const INSERT_CLICKS = `INSERT OR IGNORE INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp, source,
                                 device, os, country, referrer_host)
  SELECT e.value ->> '$.id', t.id, e.value ->> '$.variant', e.value ->> '$.sessionId',
         CASE WHEN e.value ->> '$.isBot' THEN 1
              WHEN e.value ->> '$.source' IS NOT NULL AND (
                (SELECT count(*) FROM clicks AS c INDEXED BY clicks_test_source_idx
                 WHERE c.split_test_id = t.id AND c.source = e.value ->> '$.source'
                   AND c.timestamp > e.value ->> '$.timestamp' - 3600000 AND c.timestamp <= e.value ->> '$.timestamp'
                   AND c.id NOT IN (SELECT b.value ->> '$.id' FROM json_each(?1) AS b))
                + (SELECT count(*) FROM json_each(?1) AS b
                   WHERE b.key < e.key AND b.value ->> '$.testId' = t.id AND b.value ->> '$.source' = e.value ->> '$.source'
                     AND b.value ->> '$.timestamp' > e.value ->> '$.timestamp' - 3600000
                     AND b.value ->> '$.timestamp' <= e.value ->> '$.timestamp')
              ) >= ?2 THEN 2
              ELSE 0 END,
         e.value ->> '$.timestamp', e.value ->> '$.source',
         e.value ->> '$.device', e.value ->> '$.os', e.value ->> '$.country', e.value ->> '$.referrer'
  FROM json_each(?1) AS e CROSS JOIN split_tests AS t ON t.id = e.value ->> '$.testId'
  WHERE t.completed_at IS NULL OR t.completed_at > e.value ->> '$.timestamp'
  ORDER BY e.key`;

/**
 * New sessions of one test from one address within an hour that count; any more are recorded but
 * flagged and counted nowhere (README, "Forged traffic"). A shared office or a mobile carrier's
 * address can hold many real visitors, hence not fewer.
 */
export const NEW_SESSIONS_PER_ADDRESS_HOUR = 30;

// Run after the insert: the positions of the conversions that cannot count (yet), and why: the test
// does not exist (deleted, or a made-up id), the visitor has no human click yet, or none in the
// attribution window (?2) before the conversion, or it was not recorded for being in another currency
// than the test's. Through the session index: on its own SQLite takes the time index for the window
// check, a scan of the test's window for each conversion.
const UNMATCHED_CONVERSIONS = `SELECT position, reason FROM (
    SELECT e.key AS position,
      CASE WHEN t.id IS NULL THEN 'unknown_test'
           WHEN NOT EXISTS (
             SELECT 1 FROM clicks INDEXED BY clicks_test_session_idx
             WHERE split_test_id = t.id AND session_id = e.value ->> '$.sessionId' AND is_bot = 0) THEN 'no_click'
           WHEN NOT EXISTS (
             SELECT 1 FROM clicks INDEXED BY clicks_test_session_idx
             WHERE split_test_id = t.id AND session_id = e.value ->> '$.sessionId' AND is_bot = 0
               AND timestamp >= e.value ->> '$.timestamp' - ?2) THEN '${OUTSIDE_ATTRIBUTION_WINDOW}'
           WHEN e.value ->> '$.currency' <> t.currency
             AND NOT EXISTS (SELECT 1 FROM conversions WHERE id = e.value ->> '$.id') THEN 'currency_mismatch'
      END AS reason
    FROM json_each(?1) AS e LEFT JOIN split_tests AS t ON t.id = e.value ->> '$.testId')
  WHERE reason IS NOT NULL`;

/** Why a conversion of a batch was not counted: see UNMATCHED_CONVERSIONS. */
export type UnmatchedReason =
  | "unknown_test"
  | "no_click"
  | typeof OUTSIDE_ATTRIBUTION_WINDOW
  | "currency_mismatch";

/** Writes a batch of clicks in one D1 statement; the rollup trigger runs inside it. */
export async function writeClicks(db: D1Database, events: ClickEvent[]): Promise<void> {
  if (events.length > 0)
    await db.prepare(INSERT_CLICKS).bind(JSON.stringify(events), NEW_SESSIONS_PER_ADDRESS_HOUR).run();
}

/**
 * Writes a batch of conversions in one atomic D1 batch of two statements. Answers those counted now
 * (a redelivered or second conversion of a visitor is not), for the conversion.recorded webhook, and
 * those that were not counted and why: a visitor without a click yet (the click may still be on its
 * way through the queue), an unknown test, no click in the attribution window (`windowMs`) before it,
 * or another currency than the test's.
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
