import { HOUR_MS } from "../db/click-packs";

// A test's raw events in D1, in the shape the archive stores and the CSV export writes: one query for
// all three kinds, so an archived event has exactly the columns of one still in D1.

/**
 * One raw event: a line of an archive object (NDJSON), and a row of the CSV export. A rule visit (a
 * visitor an audience rule sent to a fixed URL) has no variant or session ("").
 */
export interface EventRow {
  kind: "click" | "conversion" | "rule_visit";
  id: string;
  timestamp: number;
  variant: string;
  session_id: string;
  is_bot: number;
  /** A conversion's value, in minor units, and its currency. */
  amount: number | null;
  currency: string | null;
  /** A click's visitor segment (migrations/0014_audiences.sql). */
  device: string | null;
  os: string | null;
  country: string | null;
  referrer_host: string | null;
  /**
   * A rule visit's rule (its position, 0 first; null for the fallback URL) and the URL it was sent to.
   * Absent from objects archived before rule visits were (migrations/0015_rule_visit_counts.sql).
   */
  rule?: number | null;
  url?: string | null;
  /**
   * A click's or conversion's phase (migrations/0018_phases.sql); null for a rule visit. Absent from
   * objects archived before the archive kept it: those read as phase 1 (`phaseOf`).
   */
  phase?: number | null;
  /**
   * A secondary or guardrail metric's conversion: the metric's name (migrations/0045_metrics.sql); null
   * for the primary's and for the other kinds. Absent from objects archived before metrics were.
   */
  metric?: string | null;
}

/** The phase an event belongs to; a click or conversion archived without one counts as phase 1. */
export const phaseOf = (row: EventRow): number | null =>
  row.kind === "rule_visit" ? null : (row.phase ?? 1);

/** Where an event sits in a test's order: by time, then id. */
export type EventKey = Pick<EventRow, "timestamp" | "id">;

export const comesAfter = (row: EventKey, key: EventKey) =>
  row.timestamp > key.timestamp || (row.timestamp === key.timestamp && row.id > key.id);

// Each table in (timestamp, id) order through its (test, timestamp) index, cut at ?4 rows, then the
// three merged: a page costs about ?4 rows a table however many follow (one sort of the whole union
// would sort every row after the cursor, for every page). The clicks are unpacked from the cursor's
// hour through the first later hour by which the packs after the cursor's hour hold ?4 clicks (counted
// pack by pack, in order, without unpacking them; in both tables while migrations/0057_packs_one_row.sql's
// move lasts) or the clicks not packed yet after the cursor
// (migrations/0054_click_packs.sql) number ?4, whichever is sooner, else every hour before ?5: those
// hours hold at least ?4 clicks after the cursor, or every one there is, and later ones come after.
const range = `split_test_id = ?1 AND timestamp >= ?2 AND (timestamp > ?2 OR id > ?3) AND timestamp < ?5`;
const LATER_HOURS = `split_test_id = ?1 AND hour > ?2 - ?2 % ${HOUR_MS} AND hour < ?5`;
const LAST_HOUR = `last_hour AS MATERIALIZED (
    SELECT min(
      coalesce((SELECT hour FROM (
                  SELECT hour, sum(json_array_length(clicks)) OVER (ORDER BY hour, seq) AS clicks_so_far
                  FROM (SELECT hour, seq, clicks FROM click_packs WHERE ${LATER_HOURS}
                        UNION ALL
                        SELECT hour, seq, clicks FROM click_packs_before WHERE ${LATER_HOURS}))
                WHERE clicks_so_far >= ?4 LIMIT 1), ?5),
      coalesce((SELECT timestamp - timestamp % ${HOUR_MS} FROM clicks_unpacked
                WHERE split_test_id = ?1 AND timestamp > ?2 AND timestamp < ?5
                ORDER BY timestamp LIMIT 1 OFFSET ?4 - 1), ?5)) AS hour)`;
const PACK_HOURS = `hour >= ?2 - ?2 % ${HOUR_MS} AND hour <= (SELECT hour FROM last_hour)
  AND timestamp < (SELECT hour FROM last_hour) + ${HOUR_MS}`;
const PAGE = `WITH ${LAST_HOUR}
  SELECT * FROM (
    SELECT * FROM (SELECT 'click' AS kind, id, timestamp, variant, session_id, is_bot, NULL AS amount,
                          NULL AS currency, device, os, country, referrer_host, NULL AS rule, NULL AS url,
                          phase, NULL AS metric
                   FROM clicks WHERE ${PACK_HOURS} AND ${range} ORDER BY timestamp, id LIMIT ?4)
    UNION ALL
    SELECT * FROM (SELECT 'conversion', id, timestamp, variant, session_id, 0, amount, currency,
                          NULL, NULL, NULL, NULL, NULL, NULL, phase, NULL FROM conversions
                   WHERE ${range} ORDER BY timestamp, id LIMIT ?4)
    UNION ALL
    SELECT * FROM (SELECT 'conversion', id, timestamp, variant, session_id, 0, amount, currency,
                          NULL, NULL, NULL, NULL, NULL, NULL, phase, metric FROM metric_conversions
                   WHERE ${range} ORDER BY timestamp, id LIMIT ?4)
    UNION ALL
    SELECT * FROM (SELECT 'rule_visit', id, timestamp, '', '', 0, NULL, NULL, NULL, NULL, NULL, NULL, rule, url,
                          NULL, NULL FROM rule_visits WHERE ${range} ORDER BY timestamp, id LIMIT ?4))
  ORDER BY timestamp, id LIMIT ?4`;

/** Up to `limit` of the test's events in D1 after `after` (from the first if null) and before `before` (ms). */
export async function eventPage(
  db: D1Database,
  testId: string,
  { after, before, limit }: { after: EventKey | null; before: number; limit: number },
): Promise<EventRow[]> {
  const { results } = await db
    .prepare(PAGE)
    .bind(testId, after?.timestamp ?? -1, after?.id ?? "", limit, before)
    .all<EventRow>();
  return results;
}
