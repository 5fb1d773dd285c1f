// How a conversion is recorded, as one SQL statement: the attribution rule the queue consumer (beacons)
// and the server-side API (worker/services/conversions.ts) share. Plain D1 SQL: drizzle cannot express
// INSERT … SELECT … FROM json_each.
//
// The attribution window (docs/operations.md, "Attribution window and archive"): a conversion counts only for a
// visitor whose human click of the test came at most ATTRIBUTION_WINDOW_DAYS before it, and the queue
// consumer records no event older than the window at all. The second rule is what lets worker/archive/
// move the days past the window to R2 for good: no write lands in a day it has moved.

import { CONVERSIONS_PER_ADDRESS_DAY } from "../../contract/trust";
import { DAY_MS, packed, sessionClicks } from "./click-packs";
import { CONVERSION_HOURS_COMPACTED, valuedConversions } from "./hour-stats";
import { conversionCountedByConsumer, SEGMENT_DIMENSION_LIST, segmentValue } from "./segments";
import { checkedSessionBytes } from "./session-bytes";

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
 * The per-address rule (docs/conversions.md, "Forged traffic"), for the candidate `c` of the CTE
 * `candidate` (its rows' test_id, session_id, ts, source, address, position, and the `same` columns):
 * a beacon counts while fewer than CONVERSIONS_PER_ADDRESS_DAY beacon conversions of the test were counted
 * in `table` (through its index `{table}_test_address_idx`) in the 24 hours before it for visitors whose click came from
 * the same address (the click's keyed hash), the earlier candidates of other sessions in this array
 * included. The server's conversions (the API's, Stripe's) and one whose click has no address are not
 * limited. The primary's conversions are limited per test; a secondary or guardrail metric's per test
 * and metric (`same`: ["metric"]), by the same rule (worker/queue/record.ts).
 */
export const withinAddressLimit = (
  table: "conversions" | "metric_conversions",
  same: readonly "metric"[] = [],
) => {
  const also = (alias: string) => same.map((column) => ` AND ${alias}${column} = c.${column}`).join("");
  return `(c.source = 'server' OR c.address IS NULL
       OR (SELECT count(*) FROM (
             SELECT 1 FROM ${table} INDEXED BY ${table}_test_address_idx
             WHERE split_test_id = c.test_id${also("")} AND address = c.address AND source = 'beacon'
               AND timestamp > c.ts - ${DAY_MS} AND timestamp <= c.ts LIMIT ${CONVERSIONS_PER_ADDRESS_DAY}))
        + (SELECT count(DISTINCT d.session_id) FROM candidate AS d
           WHERE d.position < c.position AND d.test_id = c.test_id${also("d.")} AND d.address = c.address
             AND d.source = 'beacon' AND d.session_id <> c.session_id
             AND d.ts > c.ts - ${DAY_MS} AND d.ts <= c.ts) < ${CONVERSIONS_PER_ADDRESS_DAY})`;
};

// The conversions of `events` that count (see insertConversions): `counted`, in array order, and `fresh`,
// those an insert run now takes (the first of each visitor, none already in D1), with their test's currency.
// Each conversion's session is looked up once (MATERIALIZED: SQLite would otherwise repeat the lookup, a
// scan of the test's packs, wherever the click is named), for its click in the window and, for the
// breakdowns, the segment of its first click.
const countedConversions = (events: string, windowMs: string, when = "true") => {
  const bytesOf = checkedSessionBytes;
  return `WITH looked AS MATERIALIZED (
      SELECT e.key AS position, e.value ->> '$.id' AS id, e.value ->> '$.testId' AS test_id,
             e.value ->> '$.sessionId' AS session_id, e.value ->> '$.timestamp' AS ts,
             e.value ->> '$.amount' AS amount, e.value ->> '$.currency' AS currency,
             coalesce(e.value ->> '$.source', 'beacon') AS source,
             (SELECT json_object('variant', w.variant, 'address', w.address, 'phase', w.phase, 'device', w.device,
                                 'os', w.os, 'country', w.country, 'referrer', w.referrer)
              FROM (SELECT ${packed.variant} AS variant, ${packed.source} AS address, ${packed.phase} AS phase,
                           ${packed.timestamp} AS at, first_value(${packed.device}) OVER first AS device,
                           first_value(${packed.os}) OVER first AS os, first_value(${packed.country}) OVER first AS country,
                           first_value(${packed.referrer}) OVER first AS referrer
                    FROM ${sessionClicks("e.value ->> '$.testId'", bytesOf("e.value ->> '$.sessionId'"))}
                    WINDOW first AS (ORDER BY ${packed.timestamp}, ${packed.id}
                                     ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)) AS w
              WHERE w.at >= e.value ->> '$.timestamp' - ${windowMs} AND w.at <= e.value ->> '$.timestamp'
              ORDER BY w.phase DESC, w.at LIMIT 1) AS click
      FROM json_each(${events}) AS e WHERE ${when}),
  candidate AS MATERIALIZED (
    SELECT position, id, test_id, session_id, ts, amount, currency, source,
           click ->> '$.variant' AS variant, click ->> '$.address' AS address, click ->> '$.phase' AS phase,
           click ->> '$.device' AS device, click ->> '$.os' AS os, click ->> '$.country' AS country,
           click ->> '$.referrer' AS referrer
    FROM looked AS r
    WHERE click IS NOT NULL
      AND EXISTS (SELECT 1 FROM split_tests AS t
                  WHERE t.id = r.test_id AND (t.completed_at IS NULL OR t.completed_at > r.ts)
                    AND (t.conversion_sources = 'all' OR r.source = 'server'))
      AND NOT EXISTS (SELECT 1 FROM conversions AS v WHERE v.split_test_id = r.test_id AND v.session_id = r.session_id)),
  counted AS (SELECT * FROM candidate AS c WHERE ${withinAddressLimit("conversions")}),
  fresh AS (
    SELECT f.*, t.currency AS test_currency
    FROM (SELECT c.*, row_number() OVER (PARTITION BY c.test_id, c.session_id ORDER BY c.position) AS nth
          FROM counted AS c) AS f
    JOIN split_tests AS t ON t.id = f.test_id
    WHERE f.nth = 1 AND NOT EXISTS (SELECT 1 FROM conversions WHERE id = f.id))`;
};

/**
 * Inserts the conversions of `events` (an SQL expression, ?1 unless a caller guards it), a JSON array of
 * `{ id, testId, sessionId, timestamp, amount?, currency?, source? }` (amount in minor units; source
 * `server` for the server-side API, else a beacon), in array order. One is counted only when its
 * visitor has a human click of the test in the attribution window before it (`windowMs`, an SQL
 * expression for the window in milliseconds, ?2 unless a caller numbers it otherwise:
 * `attributionWindowMs` above), with the variant and phase of its first such click in the latest phase it
 * clicked in before the conversion (so a visitor of an earlier phase who came back and then converted counts
 * in the new one, and one who converted before coming back in the old one, whichever click the queue
 * brought first), found in the packs that hold the session (worker/db/click-packs.ts), and not after the test was
 * completed. A test that counts the server's conversions only counts no beacon. A beacon counts while
 * fewer than CONVERSIONS_PER_ADDRESS_DAY beacon conversions of the test were counted, in the 24 hours before it,
 * for visitors whose click came from the same address (the click's keyed hash, kept as `address`), those
 * earlier in this array included: what one address can add is bounded, however many sessions it made.
 * The unique (test, session) index makes a second one per visitor insert nothing, value or not (docs/conversions.md,
 * "One order per session"), and its id (the primary key) makes a redelivery insert nothing. It keeps the
 * segment of its visitor's first human click, for the breakdowns (worker/db/segments.ts). The rollups
 * are counted by conversionRollups below, run just before it. RETURNING answers the rows inserted: the
 * conversions counted now (for the conversion.recorded webhook). Every session id of `events` is in the
 * redirect's form (isSessionId, worker/db/session-bytes.ts): the caller lets no other in.
 */
export const insertConversions = (events = "?1", windowMs = "?2") =>
  `${countedConversions(events, windowMs)}
  INSERT OR IGNORE INTO conversions (id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase,
                                     device, os, country, referrer_host)
  SELECT id, test_id, variant, session_id, ts, amount, currency, source, address, phase, device, os, country, referrer
  FROM counted ORDER BY position
  RETURNING id, split_test_id AS testId, variant, session_id AS sessionId, timestamp, amount, currency`;

/**
 * What the conversions insertConversions (same arguments) is about to insert add to the rollups, once per
 * key: run in the same transaction just before it, they see D1 as it does, so a redelivery counts nothing
 * twice (migrations/0029_click_rows.sql dropped the triggers that did this per row). The hourly rollup
 * counts each of an hour already compacted in its phase, hour and variant, with its value when in the
 * test's currency (the compaction counts the others: migrations/0060_conversion_hours.sql); one in another
 * currency counts without it, and on the test's traffic quality; the segments of the visitor's first
 * human click count one the segments' compaction has passed or will not reach (a segment row made here if
 * there is none yet, with no visitor; the compaction counts the rest: worker/db/segments.ts).
 */
export const conversionRollups = (events = "?1", windowMs = "?2", { currencies = true } = {}) => {
  const fresh = countedConversions(events, windowMs);
  // Each statement evaluates the attribution query again (a batch shares no result between its
  // statements): the other-currency one is left out for events that carry no currency.
  const otherCurrency = `${fresh}
  INSERT INTO traffic_quality (split_test_id, reason, events)
  SELECT test_id, 'other_currency', count(*) FROM fresh
  WHERE currency IS NOT NULL AND currency IS NOT test_currency GROUP BY 1
  ON CONFLICT (split_test_id, reason) DO UPDATE SET events = events + excluded.events`;
  // The hourly rollup counts a conversion of an hour it counts already (a late one; the compaction counts
  // the rest, worker/db/hour-stats.ts): the clicks are looked up only when the events hold one.
  const late = (ts: string) => `${ts} < ${CONVERSION_HOURS_COMPACTED}`;
  // Each looks the clicks up for all the events or none: the address limit counts the earlier ones.
  const anyEvent = (condition: (event: string) => string) =>
    `EXISTS (SELECT 1 FROM json_each(${events}) AS l WHERE ${condition("l.value")})`;
  const hourly = countedConversions(
    events,
    windowMs,
    anyEvent((event) => late(`${event} ->> '$.timestamp'`)),
  );
  const segments = countedConversions(
    events,
    windowMs,
    anyEvent((event) => conversionCountedByConsumer(`${event} ->> '$.testId'`, `${event} ->> '$.timestamp'`)),
  );
  return [
    `${hourly}
  INSERT INTO test_stats_hourly (split_test_id, phase, hour, variant, conversions, orders, revenue, revenue_squares)
  SELECT test_id, phase, ts - ts % 3600000, variant, count(*), ${valuedConversions("currency", "test_currency", "amount")}
  FROM fresh WHERE ${late("ts")} GROUP BY 1, 2, 3, 4
  ON CONFLICT (split_test_id, phase, hour, variant) DO UPDATE SET
    conversions = conversions + excluded.conversions, orders = orders + excluded.orders,
    revenue = revenue + excluded.revenue, revenue_squares = revenue_squares + excluded.revenue_squares`,
    ...(currencies ? [otherCurrency] : []),
    // An upsert: the visitor's segment row may not exist yet (a test's visitors since its last
    // compaction are counted from its clicks only: worker/db/segments.ts); it starts at 0 visitors.
    `${segments}
  INSERT INTO test_segments (split_test_id, variant, dimension, value, visitors, conversions)
  SELECT f.test_id, f.variant, d.value, ${segmentValue("f", "d.value", "referrer")}, 0, count(*)
  FROM fresh AS f CROSS JOIN json_each(${SEGMENT_DIMENSION_LIST}) AS d
  WHERE ${conversionCountedByConsumer("f.test_id", "f.ts")}
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (split_test_id, variant, dimension, value) DO UPDATE SET conversions = conversions + excluded.conversions`,
  ];
};

/**
 * The consumer's rollup statements: the events are ?1, the window ?2, their session ids checked
 * (writeConversions, worker/queue/record.ts).
 */
export const CONVERSION_ROLLUPS = conversionRollups("?1", "?2");
/** The same for events none of which carries a currency. */
export const CONVERSION_ROLLUPS_WITHOUT_CURRENCY = conversionRollups("?1", "?2", { currencies: false });

/** The statement of the queue consumer: the events are ?1, the window ?2, their session ids checked. */
export const INSERT_CONVERSIONS = insertConversions("?1", "?2");
