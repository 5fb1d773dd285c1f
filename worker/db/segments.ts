// The breakdowns' rollup, test_segments (migrations/0033_segment_compaction.sql): a visitor per test,
// variant, dimension and value, in the segment of the click that counted them (first_of_session), and
// a conversion in its visitor's first click's segment, kept on its row (0061_conversion_segments.sql).
// A test with a segment_compaction row has its visitors before `through` in test_segments and the later
// ones only in its clicks, and its conversions before the later of `through` and `conversions_from` in
// test_segments and the later ones only in its conversions, added up once a day by compactSegments (from
// the archive cron); a test without one is counted by the queue consumer per batch (worker/queue/
// record.ts, worker/db/attribution.ts), and so is an event before the mark (a late one). Plain D1 SQL:
// drizzle cannot express these forms.

import { DAY_MS, eachClicks } from "./click-packs";
import type { SEGMENT_DIMENSIONS } from "./schema";

/** The four dimensions as the SQL's json_each walks them (SEGMENT_DIMENSIONS of worker/db/schema/events.ts). */
export const SEGMENT_DIMENSION_LIST = `'["device","os","country","referrer"]'`;

/** A click's value (`row`'s columns) in the dimension `dimension` ('' when unknown). */
export const segmentValue = (row: string, dimension: string, referrer = "referrer_host") =>
  `coalesce(CASE ${dimension} WHEN 'device' THEN ${row}.device WHEN 'os' THEN ${row}.os
                 WHEN 'country' THEN ${row}.country ELSE ${row}.${referrer} END, '')`;

/**
 * The condition that the consumer counts a visitor of test `test` at time `timestamp` itself: a test
 * without compaction, or a click of a time already compacted (a late event).
 */
export const countedByConsumer = (test: string, timestamp: string) =>
  `NOT EXISTS (SELECT 1 FROM segment_compaction WHERE split_test_id = ${test} AND through <= ${timestamp})`;

// From here on a test's conversions are compacted (`s`: its segment_compaction row).
const conversionsMark = (s: string) => `max(${s}.through, ${s}.conversions_from)`;

/** The same for a conversion of test `test` at time `timestamp`. */
export const conversionCountedByConsumer = (test: string, timestamp: string) =>
  `NOT EXISTS (SELECT 1 FROM segment_compaction AS s WHERE s.split_test_id = ${test} AND ${conversionsMark("s")} <= ${timestamp})`;

/**
 * A new test's compaction, in the database that holds its events: nothing compacted before it was made.
 * Only at creation: a row made later, after the consumer counted some of its clicks, would count them twice.
 */
export function startSegmentCompaction(
  db: D1Database,
  testId: string,
  createdAt: number,
): D1PreparedStatement {
  return db
    .prepare("INSERT INTO segment_compaction (split_test_id, through) VALUES (?1, ?2) ON CONFLICT DO NOTHING")
    .bind(testId, createdAt);
}

// The visitors of each test's clicks not compacted yet, from `through` on: its packs from that hour, at
// most about a day's clicks (the compaction runs every day). Grouped by each source of clicks: the
// query that reads it sums them.
const UNCOMPACTED_SEGMENTS = eachClicks(
  (clicks) => `SELECT c.variant, d.value AS dimension, ${segmentValue("c", "d.value")} AS value,
           count(*) AS visitors, 0 AS conversions
    FROM segment_compaction AS s
      CROSS JOIN ${clicks} AS c ON c.split_test_id = s.split_test_id AND c.hour >= s.through - s.through % 3600000
                                AND c.timestamp >= s.through
      CROSS JOIN json_each(${SEGMENT_DIMENSION_LIST}) AS d
    WHERE s.split_test_id = ?1 AND c.first_of_session = 1
    GROUP BY 1, 2, 3`,
);

// Its conversions not compacted yet: at most about a day's, by the test and time index.
const UNCOMPACTED_CONVERSIONS = `SELECT v.variant, d.value AS dimension, ${segmentValue("v", "d.value")} AS value,
         0 AS visitors, count(*) AS conversions
  FROM segment_compaction AS s
    CROSS JOIN conversions AS v ON v.split_test_id = s.split_test_id AND v.timestamp >= ${conversionsMark("s")}
    CROSS JOIN json_each(${SEGMENT_DIMENSION_LIST}) AS d
  WHERE s.split_test_id = ?1
  GROUP BY 1, 2, 3`;

const SEGMENTS = `SELECT variant, dimension, value, sum(visitors) AS visitors, sum(conversions) AS conversions
  FROM (SELECT variant, dimension, value, visitors, conversions FROM test_segments WHERE split_test_id = ?1
        UNION ALL ${UNCOMPACTED_SEGMENTS} UNION ALL ${UNCOMPACTED_CONVERSIONS})
  GROUP BY 1, 2, 3`;

export interface SegmentCount {
  variant: string;
  dimension: (typeof SEGMENT_DIMENSIONS)[number];
  value: string;
  visitors: number;
  conversions: number;
}

// The same visitors, with a secondary or guardrail metric's conversions (?2) instead of the primary's,
// each in the segment its visitor's first click had (migrations/0045_metrics.sql).
const METRIC_SEGMENTS = `SELECT variant, dimension, value, sum(visitors) AS visitors, sum(conversions) AS conversions
  FROM (SELECT variant, dimension, value, visitors, 0 AS conversions FROM (${SEGMENTS})
        UNION ALL
        SELECT m.variant, d.value, ${segmentValue("m", "d.value")}, 0, count(*)
        FROM metric_conversions AS m CROSS JOIN json_each(${SEGMENT_DIMENSION_LIST}) AS d
        WHERE m.split_test_id = ?1 AND m.metric = ?2
        GROUP BY 1, 2, 3)
  GROUP BY 1, 2, 3`;

/**
 * A test's visitors and conversions per variant, dimension and value: the rollup and what is not
 * compacted yet; with `metric`, that secondary or guardrail metric's conversions.
 */
export async function segmentCounts(
  db: D1Database,
  testId: string,
  metric?: string,
): Promise<SegmentCount[]> {
  const statement = metric
    ? db.prepare(METRIC_SEGMENTS).bind(testId, metric)
    : db.prepare(SEGMENTS).bind(testId);
  return (await statement.all<SegmentCount>()).results;
}

/** Tests one compaction batch takes: each adds at most a day of its visitor clicks. */
export const COMPACTION_TESTS = 100;
/** Statements in one compaction batch (for a caller's budget). */
export const COMPACTION_STATEMENTS = 3;

// The tests due (?1: compact up to this time; ?2: how many), the furthest behind first, and how far each
// goes this time: to the end of the UTC day `through` is in, or ?1 if sooner, so one statement reads at
// most a day of each test's clicks. The three statements of a batch read it alike: the first changes
// no segment_compaction row.
const DUE = `due AS (
    SELECT split_test_id, through, conversions_from, min(?1, through - through % ${DAY_MS} + ${DAY_MS}) AS until
    FROM segment_compaction INDEXED BY segment_compaction_through_idx
    WHERE through < ?1 ORDER BY through, split_test_id LIMIT ?2)`;

const COMPACT = `WITH ${DUE}
  INSERT INTO test_segments (split_test_id, variant, dimension, value, visitors, conversions)
  SELECT split_test_id, variant, dimension, value, sum(visitors), sum(conversions) FROM (${eachClicks(
    (
      clicks,
    ) => `SELECT c.split_test_id, c.variant, d.value AS dimension, ${segmentValue("c", "d.value")} AS value,
             count(*) AS visitors, 0 AS conversions
      FROM due
        CROSS JOIN ${clicks} AS c ON c.split_test_id = due.split_test_id
                                  AND c.hour >= due.through - due.through % 3600000 AND c.hour < due.until
                                  AND c.timestamp >= due.through AND c.timestamp < due.until
        CROSS JOIN json_each(${SEGMENT_DIMENSION_LIST}) AS d
      WHERE c.first_of_session = 1
      GROUP BY 1, 2, 3, 4`,
  )}
    UNION ALL
    SELECT v.split_test_id, v.variant, d.value, ${segmentValue("v", "d.value")}, 0, count(*)
    FROM due
      CROSS JOIN conversions AS v ON v.split_test_id = due.split_test_id
                                  AND v.timestamp >= ${conversionsMark("due")} AND v.timestamp < due.until
      CROSS JOIN json_each(${SEGMENT_DIMENSION_LIST}) AS d
    GROUP BY 1, 2, 3, 4)
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (split_test_id, variant, dimension, value) DO UPDATE
    SET visitors = visitors + excluded.visitors, conversions = conversions + excluded.conversions`;

const ADVANCE = `WITH ${DUE}
  UPDATE segment_compaction SET through = due.until FROM due
  WHERE segment_compaction.split_test_id = due.split_test_id
  RETURNING segment_compaction.through`;

// A completed test counts no click at or after its end (worker/queue/record.ts), so once compacted past
// it, no click comes at or after `through`: its row goes and the consumer counts the rest (late events
// of its last days), as for a test without compaction, instead of moving `through` every day forever.
// Only with no click at or after `through` (one the shard took just before it learnt of the end): that
// one waits for the next day's compaction.
const RETIRE = `DELETE FROM segment_compaction
  WHERE through >= (SELECT completed_at FROM split_tests WHERE id = segment_compaction.split_test_id)
    AND NOT EXISTS (${eachClicks(
      (clicks) => `SELECT 1 FROM ${clicks}
        WHERE split_test_id = segment_compaction.split_test_id
          AND hour >= segment_compaction.through - segment_compaction.through % 3600000
          AND timestamp >= segment_compaction.through`,
    )})`;

export interface CompactionRun {
  /** D1 statements made (a batch of N counts N). */
  statements: number;
  /** Test-days compacted. */
  slices: number;
}

/**
 * Adds the visitor clicks of every test with compaction up to `until` (the start of a UTC day) to
 * test_segments, in at most `maxStatements` statements: a look whether any test is due (most runs find
 * none), then batches of COMPACTION_STATEMENTS. Each batch is one D1 transaction, so the consumer's
 * batches see `through` and the rollup move together; run twice, the second finds nothing due.
 */
export async function compactSegments(
  db: D1Database,
  until: number,
  maxStatements: number,
): Promise<CompactionRun> {
  const run: CompactionRun = { statements: 0, slices: 0 };
  if (maxStatements < 1 + COMPACTION_STATEMENTS) return run;
  run.statements += 1;
  const due = await db
    .prepare("SELECT 1 FROM segment_compaction WHERE through < ?1 LIMIT 1")
    .bind(until)
    .first();
  while (due && run.statements + COMPACTION_STATEMENTS <= maxStatements) {
    const [, advanced] = await db.batch<{ through: number }>([
      db.prepare(COMPACT).bind(until, COMPACTION_TESTS),
      db.prepare(ADVANCE).bind(until, COMPACTION_TESTS),
      db.prepare(RETIRE),
    ]);
    run.statements += COMPACTION_STATEMENTS;
    const moved = advanced?.results ?? [];
    run.slices += moved.length;
    // Done when every test due fit in the batch and each reached `until` (one further behind takes a
    // batch a day).
    if (moved.length < COMPACTION_TESTS && moved.every((row) => row.through >= until)) break;
  }
  return run;
}
