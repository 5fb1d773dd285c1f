// How a conversion is recorded, as one SQL statement: the attribution rule the queue consumer (beacons)
// and the server-side API (worker/services/conversions.ts) share. Plain D1 SQL: drizzle cannot express
// INSERT … SELECT … FROM json_each.
//
// The attribution window (README, "Attribution window and archive"): a conversion counts only for a
// visitor whose human click of the test came at most ATTRIBUTION_WINDOW_DAYS before it, and the queue
// consumer records no event older than the window at all. The second rule is what lets worker/archive/
// move the days past the window to R2 for good: no write lands in a day it has moved.

export const DAY_MS = 86_400_000;

/** Why a conversion or an event was refused for its age: the log line's reason, the API's error code. */
export const OUTSIDE_ATTRIBUTION_WINDOW = "outside_attribution_window";

/** The deployment's window (checked by worker/config.ts), in milliseconds. */
export function attributionWindowMs(env: Pick<Env, "ATTRIBUTION_WINDOW_DAYS">): number {
  return env.ATTRIBUTION_WINDOW_DAYS * DAY_MS;
}

/** An event this old is refused: no conversion can be credited to it any more, and its day may be archived. */
export function isPastWindow(timestamp: number, windowMs: number, now = Date.now()): boolean {
  return timestamp < now - windowMs;
}

/**
 * Inserts the conversions of `events` (an SQL expression, ?1 unless a caller guards it), a JSON array of `{ id, testId, sessionId, timestamp, amount?,
 * currency? }` (amount in minor units), in array order. One is counted only when its visitor has a
 * human click of the test in the attribution window before it (`windowMs`, an SQL expression for the
 * window in milliseconds, ?2 unless a caller numbers it otherwise: `attributionWindowMs` above), with
 * that (first) click's variant, found through the session index (else
 * SQLite walks all the test's clicks in time order to save a sort), and not after the test was
 * completed. The unique (test, session) index makes a second one per visitor insert nothing, value or
 * not (README, "Conversions"), and its id (the primary key) makes a redelivery insert nothing. The
 * triggers of migrations/0011_revenue.sql skip one in another currency than the test's, give the test
 * the first currency recorded, and count it in the rollup. RETURNING answers the rows inserted: the
 * conversions counted now (for the conversion.recorded webhook).
 */
export const insertConversions = (
  events = "?1",
  windowMs = "?2",
) => `INSERT OR IGNORE INTO conversions (id, split_test_id, variant, session_id, timestamp, amount, currency)
  SELECT id, test_id, variant, session_id, ts, amount, currency FROM (
    SELECT e.key AS position, e.value ->> '$.id' AS id, e.value ->> '$.testId' AS test_id,
           e.value ->> '$.sessionId' AS session_id, e.value ->> '$.timestamp' AS ts,
           e.value ->> '$.amount' AS amount, e.value ->> '$.currency' AS currency,
           (SELECT variant FROM clicks INDEXED BY clicks_test_session_idx
            WHERE split_test_id = e.value ->> '$.testId' AND session_id = e.value ->> '$.sessionId' AND is_bot = 0
              AND timestamp >= e.value ->> '$.timestamp' - ${windowMs}
            ORDER BY timestamp LIMIT 1) AS variant
    FROM json_each(${events}) AS e)
  WHERE variant IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM split_tests WHERE id = test_id AND completed_at <= ts)
  ORDER BY position
  RETURNING id, split_test_id AS testId, variant, session_id AS sessionId, timestamp`;

/** The statement of the queue consumer: the events are ?1, the window ?2. */
export const INSERT_CONVERSIONS = insertConversions();
