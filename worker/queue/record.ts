import type { RefusedConversionReason } from "../../contract/trust";
import {
  CONVERSION_ROLLUPS,
  CONVERSION_ROLLUPS_WITHOUT_CURRENCY,
  INSERT_CONVERSIONS,
  OUTSIDE_ATTRIBUTION_WINDOW,
  withinAddressLimit,
} from "../db/attribution";
import {
  firstClickSegment,
  nextPackSeq,
  PACK_APPEND_BYTES,
  PACK_CLICKS,
  PACK_PAGE_BYTES,
  packed,
  packedClick,
  sessionClicks,
} from "../db/click-packs";
import { FLAGGED_HOURS_COMPACTED, HOURS_COMPACTED } from "../db/hour-stats";
import { countedByConsumer, SEGMENT_DIMENSION_LIST, segmentValue } from "../db/segments";
import { checkedSessionBytes } from "../db/session-bytes";
import { isSessionId } from "../lib/session-id";
import type { CountedConversion } from "../webhooks/conversions";
import { classifyClicks, FENCE, WriterMemory } from "./click-rules";
import type { ClickEvent, ConversionEvent, UncountedEvent } from "./events";

// One statement per batch, however many events it holds: the events travel as one JSON
// parameter and json_each() turns them into rows (D1 allows at most 100 bound parameters).
// CROSS JOIN keeps the events as the outer loop (SQLite cannot know how many json_each yields).
// Plain D1 statements: drizzle cannot express these INSERT … SELECT … FROM json_each forms.

// The clicks a write stores, as worker/queue/click-rules.ts decided them. A click of a test deleted or
// completed since the rules read it inserts nothing (the join finds no test) instead of failing the batch
// on the foreign key or changing frozen results. The rules left out the ids D1 holds (a redelivery), and
// the shard's one writer writes nothing between its read and this write: a pack has no key per click, so
// that read is what keeps a click from going in twice (tests/worker/faults.test.ts).
const CLASSIFIED = `WITH c AS (
    SELECT j.key AS position, j.value ->> '$.id' AS id, t.id AS test_id, j.value ->> '$.variant' AS variant,
           ${checkedSessionBytes("j.value ->> '$.sessionId'")} AS session, j.value ->> '$.isBot' AS is_bot,
           j.value ->> '$.timestamp' AS ts, j.value ->> '$.hour' AS hour, j.value ->> '$.phase' AS phase,
           j.value ->> '$.source' AS source, j.value ->> '$.device' AS device, j.value ->> '$.os' AS os,
           j.value ->> '$.country' AS country, j.value ->> '$.referrer' AS referrer,
           j.value ->> '$.firstOfAddressHour' AS first_of_address_hour,
           j.value ->> '$.phaseVisitor' AS phase_visitor, j.value ->> '$.visitor' AS visitor
    FROM json_each(?1) AS j CROSS JOIN split_tests AS t ON t.id = j.value ->> '$.testId'
    WHERE t.completed_at IS NULL OR t.completed_at > j.value ->> '$.timestamp')`;

// The rollups, once per key and write. In the same transaction as the insert: they count what it inserts.
// The hourly counts only the clicks of hours already compacted (late or redelivered ones): the rest are
// added an hour at a time from their packs (worker/db/hour-stats.ts).
const COUNT_HOURLY = `${CLASSIFIED}
  INSERT INTO test_stats_hourly (split_test_id, phase, hour, variant, clicks, visitors)
  SELECT test_id, phase, hour, variant, count(*), sum(phase_visitor) FROM c
  WHERE is_bot = 0 AND hour < ${HOURS_COMPACTED}
  GROUP BY test_id, phase, hour, variant
  ON CONFLICT (split_test_id, phase, hour, variant)
    DO UPDATE SET clicks = clicks + excluded.clicks, visitors = visitors + excluded.visitors`;

// A visitor counts in the segments here only for a test the compaction does not count (made before it,
// or retired), or for a time it already compacted (a late event): the rest are the clicks marked
// first_of_session below, added up once a day (worker/db/segments.ts).
const COUNT_SEGMENTS = `${CLASSIFIED}
  INSERT INTO test_segments (split_test_id, variant, dimension, value, visitors)
  SELECT c.test_id, c.variant, d.value, ${segmentValue("c", "d.value", "referrer")}, count(*)
  FROM c CROSS JOIN json_each(${SEGMENT_DIMENSION_LIST}) AS d
  WHERE c.visitor AND ${countedByConsumer("c.test_id", "c.ts")}
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (split_test_id, variant, dimension, value) DO UPDATE SET visitors = visitors + excluded.visitors`;

// The flagged clicks (bots, bursts) of hours already compacted (late ones): the rest are added an hour at
// a time from their packs (migrations/0062_flagged_hours.sql).
const COUNT_FLAGGED = `${CLASSIFIED}
  INSERT INTO traffic_quality (split_test_id, reason, events)
  SELECT test_id, CASE is_bot WHEN 1 THEN 'bot' ELSE 'burst' END, count(*) FROM c
  WHERE is_bot <> 0 AND hour < ${FLAGGED_HOURS_COMPACTED}
  GROUP BY 1, 2
  ON CONFLICT (split_test_id, reason) DO UPDATE SET events = events + excluded.events`;

// A write's clicks of a test and hour, in batch order (worker/db/click-packs.ts), go into the hour's last
// pack while it stays within PACK_APPEND_BYTES with them: a row written either way, but a pack of several
// writes is one row to delete at the end of the window, and one to read for a session or an id, where a
// pack a write was dozens an hour. Only a pack of an hour not compacted into the hourly rollup yet (so
// far from the archive) and not in the session index (a pack added there must tell the index of its
// sessions: click_packs_late, migrations/0057_packs_one_row.sql). Otherwise new packs follow the hour's
// packs so far: a test and hour's clicks of up to twice PACK_PAGE_BYTES in packs that stay on their page
// (split by their bytes), more in packs of PACK_CLICKS. A click's bytes count its session's 16 in
// `sessions`. first_of_session marks the session's first human click in the test, for the segments'
// compaction.
const INSERT_PACKS = `${CLASSIFIED},
  k AS (SELECT c.*, ${packedClick({
    timestamp: "ts",
    hour: "hour",
    id: "id",
    variant: "variant",
    session: "session",
    isBot: "is_bot",
    source: "source",
    device: "device",
    os: "os",
    country: "country",
    referrer: "referrer",
    phase: "phase",
    firstOfAddressHour: "first_of_address_hour",
    firstOfSession: "visitor",
    phaseVisitor: "phase_visitor",
  })} AS click FROM c),
  w AS (SELECT k.*, sum(length(click) + 17) OVER g - length(click) - 17 AS bytes_before,
               sum(length(click) + 17) OVER (PARTITION BY test_id, hour) AS group_bytes, row_number() OVER g - 1 AS nth
        FROM k WINDOW g AS (PARTITION BY test_id, hour ORDER BY position)),
  last AS (SELECT test_id, hour, max(group_bytes) AS added,
                  (SELECT max(seq) FROM click_packs WHERE split_test_id = w.test_id AND hour = w.hour) AS seq
           FROM w GROUP BY test_id, hour),
  open AS (SELECT last.test_id, last.hour, last.seq
           FROM last JOIN click_packs AS lp ON lp.split_test_id = last.test_id AND lp.hour = last.hour AND lp.seq = last.seq
           WHERE length(lp.clicks) + length(lp.sessions) + last.added <= ${PACK_APPEND_BYTES}
             AND last.seq + 1 = ${nextPackSeq("last.test_id", "last.hour")}
             AND last.hour >= ${HOURS_COMPACTED} AND last.hour >= (SELECT next_day FROM session_chunk_mark)
             AND NOT EXISTS (SELECT 1 FROM session_chunks WHERE split_test_id = last.test_id AND day = last.hour)),
  p AS (SELECT w.*, open.seq AS open_seq,
               CASE WHEN open.seq IS NOT NULL THEN 0
                    WHEN group_bytes <= 2 * ${PACK_PAGE_BYTES}
                    THEN bytes_before * ((group_bytes + ${PACK_PAGE_BYTES} - 1) / ${PACK_PAGE_BYTES}) / group_bytes
                    ELSE nth / ${PACK_CLICKS} END AS pack
        FROM w LEFT JOIN open USING (test_id, hour))
  INSERT INTO click_packs (split_test_id, hour, seq, clicks, sessions)
  SELECT test_id, hour, coalesce(open_seq, ${nextPackSeq("p.test_id", "p.hour", "pack")}),
         json_group_array(json(click) ORDER BY position),
         coalesce(unhex(group_concat(CASE WHEN is_bot = 0 THEN hex(session) END, '')), x'')
  FROM p WHERE true GROUP BY test_id, hour, pack, open_seq
  ON CONFLICT (split_test_id, hour, seq) DO UPDATE
    SET clicks = substr(clicks, 1, length(clicks) - 1) || ',' || substr(excluded.clicks, 2),
        sessions = unhex(hex(sessions) || hex(excluded.sessions))`;

// A conversion event's session, as writeConversions sends it: in the redirect's form, or empty.
const EVENT_SESSION_BYTES = checkedSessionBytes("e.value ->> '$.sessionId'");

// Run after the insert: the positions of the conversions that were not counted, and why (the
// consumer waits for a missing click and logs and counts the rest). A conversion counted by this
// statement or an earlier delivery of the same event has none. Through the counted clicks by session.
const UNMATCHED_CONVERSIONS = `SELECT position, reason FROM (
    SELECT e.key AS position,
      CASE WHEN EXISTS (SELECT 1 FROM conversions WHERE id = e.value ->> '$.id') THEN NULL
           WHEN t.id IS NULL THEN 'unknown_test'
           WHEN t.conversion_sources = 'server' AND e.value ->> '$.source' IS NOT 'server' THEN 'not_server'
           WHEN NOT EXISTS (
             SELECT 1 FROM ${sessionClicks("t.id", EVENT_SESSION_BYTES)}
               AND ${packed.timestamp} <= e.value ->> '$.timestamp') THEN 'no_click'
           WHEN NOT EXISTS (
             SELECT 1 FROM ${sessionClicks("t.id", EVENT_SESSION_BYTES, "e.value ->> '$.timestamp' - ?2")}
               AND ${packed.timestamp} <= e.value ->> '$.timestamp') THEN '${OUTSIDE_ATTRIBUTION_WINDOW}'
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

/**
 * Writes a batch of clicks and what they add to the rollups in one D1 transaction: a pack per test and
 * hour, one upsert per rollup key. The rules (worker/queue/click-rules.ts) read D1 first, and what the
 * shard's one writer remembers of it (`remembered`): it calls this, never two at once, with the
 * `generation` of its claim on the shard, which the write checks first (FENCE).
 */
export async function writeClicks(
  db: D1Database,
  events: ClickEvent[],
  remembered = new WriterMemory(),
  generation?: number,
): Promise<void> {
  if (events.length === 0) return;
  const clicks = await classifyClicks(db, events, remembered);
  if (clicks.length === 0) return;
  const json = JSON.stringify(clicks);
  const statements = [
    clicks.some(({ isBot }) => isBot === 0) && COUNT_HOURLY,
    clicks.some(({ visitor }) => visitor === 1) && COUNT_SEGMENTS,
    clicks.some(({ isBot }) => isBot !== 0) && COUNT_FLAGGED,
    INSERT_PACKS,
  ].filter((sql): sql is string => sql !== false);
  try {
    await db.batch([
      ...(generation === undefined ? [] : [db.prepare(FENCE).bind(generation)]),
      ...statements.map((sql) => db.prepare(sql).bind(json)),
    ]);
  } catch (error) {
    remembered.failed(events);
    throw error;
  }
  remembered.written(clicks);
}

// Tests deleted meanwhile (or never made) count nothing. An event with an id counts once: not when
// traffic_quality_events holds it (an earlier delivery), nor again later in the batch; the ids are
// recorded in the same transaction. One without (sent before ids) counts as it comes.
const UNCOUNTED = `WITH e AS (
    SELECT j.key AS position, t.id AS test_id, j.value ->> '$.id' AS id, j.value ->> '$.timestamp' AS ts,
           j.value ->> '$.reason' AS reason, coalesce(j.value ->> '$.events', 1) AS events
    FROM json_each(?1) AS j CROSS JOIN split_tests AS t ON t.id = j.value ->> '$.testId'),
  fresh AS (
    SELECT n.* FROM (
      SELECT e.*, row_number() OVER (PARTITION BY e.test_id, e.ts, e.id ORDER BY e.position) AS nth FROM e) AS n
    WHERE n.id IS NULL
       OR (n.nth = 1 AND NOT EXISTS (
             SELECT 1 FROM traffic_quality_events AS q
             WHERE q.split_test_id = n.test_id AND q.timestamp = n.ts AND q.id = n.id)))`;

const COUNT_UNCOUNTED = `${UNCOUNTED}
  INSERT INTO traffic_quality (split_test_id, reason, events)
  SELECT test_id, reason, sum(events) FROM fresh GROUP BY test_id, reason
  ON CONFLICT (split_test_id, reason) DO UPDATE SET events = events + excluded.events`;

const REMEMBER_UNCOUNTED = `${UNCOUNTED}
  INSERT OR IGNORE INTO traffic_quality_events (split_test_id, timestamp, id)
  SELECT test_id, ts, id FROM fresh WHERE id IS NOT NULL`;

/**
 * Adds what was not counted, by test and reason, to the tests' trafficQuality in one transaction; an
 * event with an id (and its time) counts once however often it is delivered.
 */
export async function countUncounted(
  db: D1Database,
  events: (Pick<UncountedEvent, "testId" | "reason" | "events" | "timestamp"> & { id?: string })[],
): Promise<void> {
  if (events.length === 0) return;
  const json = JSON.stringify(events);
  await db.batch([db.prepare(COUNT_UNCOUNTED).bind(json), db.prepare(REMEMBER_UNCOUNTED).bind(json)]);
}

// A secondary or guardrail metric's conversions (migrations/0045_metrics.sql): counted like the
// primary's (a human click of the test in the window before it, the variant and phase of that click, not
// after the test completed, the test's conversion sources, and the primary's per-address rule, per test
// and metric: withinAddressLimit, worker/db/attribution.ts), once per test, metric and visitor (the
// unique index), for a metric the test has. The refund rate is Stripe's to tell, never a visitor's. The
// click's address is kept on the row, as the primary's (migrations/0064_metric_conversion_addresses.sql).
// `when` leaves events out before their clicks are looked up.
const EVENT_METRIC_SESSION_BYTES = checkedSessionBytes("e.session_id");

const metricCandidates = (when = "true") => `WITH e AS (
    SELECT j.key AS position, j.value ->> '$.id' AS id, j.value ->> '$.testId' AS test_id,
           j.value ->> '$.metric' AS metric, j.value ->> '$.sessionId' AS session_id,
           j.value ->> '$.timestamp' AS ts, j.value ->> '$.amount' AS amount,
           j.value ->> '$.currency' AS currency, coalesce(j.value ->> '$.source', 'beacon') AS source
    FROM json_each(?1) AS j WHERE ${when}),
  attributed AS MATERIALIZED (
    SELECT e.*, (SELECT json_object('variant', ${packed.variant}, 'phase', ${packed.phase}, 'address', ${packed.source})
                 FROM ${sessionClicks("e.test_id", EVENT_METRIC_SESSION_BYTES, "e.ts - ?2")} AND ${packed.timestamp} <= e.ts
                 ORDER BY ${packed.phase} DESC, ${packed.timestamp} LIMIT 1) AS click
    FROM e CROSS JOIN split_tests AS t ON t.id = e.test_id
    WHERE (t.completed_at IS NULL OR t.completed_at > e.ts)
      AND (t.conversion_sources = 'all' OR e.source = 'server')
      AND EXISTS (SELECT 1 FROM json_each(t.metrics) AS m
                  WHERE m.value ->> '$.name' = e.metric AND (m.value ->> '$.kind' <> 'refunds' OR e.source = 'server'))),
  candidate AS MATERIALIZED (
    SELECT a.*, click ->> '$.variant' AS variant, click ->> '$.phase' AS phase, click ->> '$.address' AS address
    FROM attributed AS a
    WHERE click IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM metric_conversions AS v
                      WHERE v.split_test_id = a.test_id AND v.metric = a.metric AND v.session_id = a.session_id))`;

const INSERT_METRIC_CONVERSIONS = `${metricCandidates()},
  counted AS MATERIALIZED (
    SELECT c.*, ${firstClickSegment("c.test_id", checkedSessionBytes("c.session_id"))} AS segment
    FROM candidate AS c WHERE ${withinAddressLimit("metric_conversions", ["metric"])})
  INSERT OR IGNORE INTO metric_conversions (id, split_test_id, metric, variant, phase, session_id, timestamp, amount, currency, source,
                                           address, device, os, country, referrer_host)
  SELECT id, test_id, metric, variant, phase, session_id, ts, amount, currency, source, address,
         segment ->> '$.device', segment ->> '$.os', segment ->> '$.country', segment ->> '$.referrer'
  FROM counted ORDER BY position
  RETURNING id, split_test_id AS testId, variant, session_id AS sessionId, timestamp, amount, currency, metric`;

// Run after the insert: the metric conversions not counted that will never be, and the ones still waiting
// for their visitor's first click. An event not inserted that would still be a candidate (its click in
// the window, no conversion of its visitor for the metric) was refused by the per-address rule: whatever
// else keeps one out keeps it out of the candidates too, and one of a visitor counted in this batch is a
// duplicate now. Only those events' clicks are looked up. The other reasons a metric's conversion is not
// counted are not shown (a duplicate, a completed test, not from the server, outside the window).
const METRIC_CONVERSIONS_NOT_COUNTED = `${metricCandidates(
  "NOT EXISTS (SELECT 1 FROM metric_conversions WHERE id = j.value ->> '$.id')",
)}
  SELECT position, 'address_limit' AS reason FROM candidate
  UNION ALL
  SELECT e.key, 'no_click'
  FROM json_each(?1) AS e JOIN split_tests AS t ON t.id = e.value ->> '$.testId'
  WHERE NOT EXISTS (SELECT 1 FROM metric_conversions WHERE id = e.value ->> '$.id')
    AND NOT EXISTS (
      SELECT 1 FROM ${sessionClicks("t.id", EVENT_SESSION_BYTES)} AND ${packed.timestamp} <= e.value ->> '$.timestamp')`;

/** What a batch of conversions came to: those counted now, and those not counted and why. */
export interface WrittenConversions {
  counted: CountedConversion[];
  unmatched: { event: ConversionEvent; reason: UnmatchedReason }[];
}

// A conversion event's session id of another form than the redirect's never had a click: it goes in as
// none (no click has an empty session), since the statements take the rest as they are.
const conversionsJson = (events: ConversionEvent[]) =>
  JSON.stringify(events.map((event) => (isSessionId(event.sessionId) ? event : { ...event, sessionId: "" })));

/**
 * Writes a batch of secondary and guardrail metrics' conversions; answers those counted now (for the
 * conversion.recorded webhook), those whose visitor has no click yet (it may still be on its way
 * through the queue) and those past the per-address limit (shown as the primary's are). The rest cannot
 * count and are left out.
 */
async function writeMetricConversions(
  db: D1Database,
  events: ConversionEvent[],
  windowMs: number,
): Promise<WrittenConversions> {
  const json = conversionsJson(events);
  const [counted, unmatched] = await db.batch([
    db.prepare(INSERT_METRIC_CONVERSIONS).bind(json, windowMs),
    db.prepare(METRIC_CONVERSIONS_NOT_COUNTED).bind(json, windowMs),
  ]);
  return {
    counted: (counted?.results ?? []) as CountedConversion[],
    unmatched: (
      (unmatched?.results ?? []) as { position: number; reason: "address_limit" | "no_click" }[]
    ).flatMap(({ position, reason }) => {
      const event = events[position];
      return event ? [{ event, reason }] : [];
    }),
  };
}

/**
 * Writes a batch of conversions in one atomic D1 batch: what they add to the rollups, once per key, the
 * rows, and the ones not counted. Answers those counted now
 * (a redelivered or second conversion of a visitor is not), for the conversion.recorded webhook, and
 * those that were not counted and why (UNMATCHED_CONVERSIONS): among them a visitor without a click
 * yet (the click may still be on its way through the queue).
 */
export async function writeConversions(
  db: D1Database,
  events: ConversionEvent[],
  windowMs: number,
): Promise<WrittenConversions> {
  const metricEvents = events.filter((event) => event.metric !== undefined);
  const metrics = metricEvents.length
    ? await writeMetricConversions(db, metricEvents, windowMs)
    : { counted: [], unmatched: [] };
  const primary = events.filter((event) => event.metric === undefined);
  const written = await writePrimaryConversions(db, primary, windowMs);
  return {
    counted: [...written.counted, ...metrics.counted],
    unmatched: [...written.unmatched, ...metrics.unmatched],
  };
}

async function writePrimaryConversions(
  db: D1Database,
  events: ConversionEvent[],
  windowMs: number,
): Promise<WrittenConversions> {
  if (events.length === 0) return { counted: [], unmatched: [] };
  // Another form of session id is refused for the reason it was before (an unknown test, then no click).
  const json = conversionsJson(events);
  const rollups = events.some((event) => event.currency != null)
    ? CONVERSION_ROLLUPS
    : CONVERSION_ROLLUPS_WITHOUT_CURRENCY;
  const results = await db.batch<CountedConversion & { position: number; reason: UnmatchedReason }>([
    ...[...rollups, INSERT_CONVERSIONS, UNMATCHED_CONVERSIONS].map((sql) =>
      db.prepare(sql).bind(json, windowMs),
    ),
  ]);
  const [inserted, unmatched] = results.slice(rollups.length);
  return {
    counted: inserted?.results ?? [],
    unmatched: (unmatched?.results ?? []).flatMap(({ position, reason }) => {
      const event = events[position];
      return event ? [{ event, reason }] : [];
    }),
  };
}
