// The hourly rollup's clicks and visitors (migrations/0056_hour_compaction.sql) and conversions
// (migrations/0060_conversion_hours.sql), and the flagged clicks of the traffic quality
// (migrations/0062_flagged_hours.sql): added from the packs and the conversions an hour at a time once
// the hour is over, an upsert per key, instead of one per key and write of the shard's writer or batch of
// the consumer. Until then a reader counts them from the packs and the conversions (testStats,
// UNCOUNTED_OF_TEST).
import { HOUR_MS } from "./click-packs";

/** The start of the first hour whose clicks test_stats_hourly does not count yet (an SQL expression). */
export const HOURS_COMPACTED = "(SELECT through FROM hour_compaction)";

/**
 * The start of the first hour whose conversions test_stats_hourly does not count yet (an SQL
 * expression): the consumer counts a conversion of an hour before it itself (a late one).
 */
export const CONVERSION_HOURS_COMPACTED = "(SELECT max(through, conversions_from) FROM hour_compaction)";

/**
 * The start of the first hour whose flagged clicks (bots, bursts) traffic_quality does not count yet (an
 * SQL expression, migrations/0062_flagged_hours.sql): the writer counts one of an hour before it itself
 * (a late one).
 */
export const FLAGGED_HOURS_COMPACTED = "(SELECT max(through, flagged_from) FROM hour_compaction)";

/**
 * What was not counted of the test bound as ?1, by reason: traffic_quality, with the flagged clicks of
 * the hours it does not count yet from their packs (a click's fifth field: 1 a bot, 2 a burst).
 */
export const UNCOUNTED_OF_TEST = `SELECT reason, sum(events) AS events FROM (
    SELECT reason, events FROM traffic_quality WHERE split_test_id = ?1
    UNION ALL
    SELECT CASE k.value ->> 4 WHEN 1 THEN 'bot' ELSE 'burst' END, count(*)
    FROM click_packs AS p CROSS JOIN json_each(p.clicks) AS k
    WHERE p.split_test_id = ?1 AND p.hour >= ${FLAGGED_HOURS_COMPACTED} AND k.value ->> 4 <> 0
    GROUP BY 1)
  GROUP BY reason HAVING sum(events) > 0`;

/**
 * A group of conversions' orders, revenue and its sum of squares, as test_stats_hourly counts them (SQL
 * expressions for a conversion's currency and amount and its test's currency): valued only when in the
 * test's currency.
 */
export const valuedConversions = (currency: string, testCurrency: string, amount: string) =>
  `count(CASE WHEN ${currency} = ${testCurrency} THEN 1 END),
   coalesce(sum(CASE WHEN ${currency} = ${testCurrency} THEN ${amount} END), 0),
   coalesce(sum(CASE WHEN ${currency} = ${testCurrency} THEN ${amount} * ${amount} END), 0)`;

/**
 * The hourly rollup's rows of the tests `which` picks (an SQL condition on the column it is given),
 * with the clicks of the hours it does not count yet from their packs and the conversions from the
 * conversions (valued when in the test's currency, as the consumer and the compaction count them):
 * test_stats_hourly's columns, as a derived table. Its rows are not one per key: a reader sums them. The
 * condition goes into each part, where SQLite seeks by it (it pushes no IN list into a compound view). A
 * click packed before migrations/0056_hour_compaction.sql carries no phase visitor: the rollup counts it.
 */
const testStats = (which: (testId: string) => string) => `(
  SELECT split_test_id, phase, hour, variant, clicks, visitors, conversions, orders, revenue, revenue_squares
  FROM test_stats_hourly WHERE ${which("split_test_id")}
  UNION ALL
  SELECT p.split_test_id, k.value ->> 10, p.hour, k.value ->> 2, count(*), sum(k.value ->> 13), 0, 0, 0, 0
  FROM click_packs AS p CROSS JOIN json_each(p.clicks) AS k
  WHERE ${which("p.split_test_id")} AND p.hour >= ${HOURS_COMPACTED} AND k.value ->> 4 = 0
    AND k.value ->> 13 IS NOT NULL
  GROUP BY p.split_test_id, k.value ->> 10, p.hour, k.value ->> 2
  UNION ALL
  SELECT c.split_test_id, c.phase, c.timestamp - c.timestamp % ${HOUR_MS}, c.variant, 0, 0, count(*),
         ${valuedConversions("c.currency", "t.currency", "c.amount")}
  FROM conversions AS c JOIN split_tests AS t ON t.id = c.split_test_id
  WHERE ${which("c.split_test_id")} AND c.timestamp >= ${CONVERSION_HOURS_COMPACTED}
  GROUP BY 1, 2, 3, 4)`;

/** testStats of the test bound as ?1. */
export const STATS_OF_TEST = testStats((testId) => `${testId} = ?1`);

/** testStats of the tests bound as ?1, a JSON array of their ids (D1 binds at most 100 parameters). */
export const STATS_OF_TESTS = testStats((testId) => `${testId} IN (SELECT value FROM json_each(?1))`);

/**
 * A step adds every hour over when they hold at most this many packs (a quiet shard, or a cron come back
 * after a while), else the HOURS_A_STEP hours from the first with a pack: its statement unpacks their
 * clicks (six hours at a million clicks a day: some 250,000).
 */
const STEP_PACKS = 2_000;
const HOURS_A_STEP = 6;

/** D1 statements a step makes: the mark moved (its trigger adds the clicks). */
export const HOUR_STEP_STATEMENTS = 1;

// Where a step ends: at ?1, the start of the current hour, if the packs up to it are few, else
// HOURS_A_STEP after the first hour from the mark with a pack or at ?1, whichever is sooner. Each read a
// seek per test.
const STEP_END = `CASE WHEN (
    SELECT total((SELECT count(*) FROM click_packs AS p WHERE p.split_test_id = t.id AND p.hour >= m.through
                    AND p.hour < ?1))
    FROM split_tests AS t) <= ${STEP_PACKS} THEN ?1
  ELSE min(?1, (
    SELECT min((SELECT p.hour FROM click_packs AS p WHERE p.split_test_id = t.id AND p.hour >= m.through
                ORDER BY p.hour LIMIT 1))
    FROM split_tests AS t) + ${HOURS_A_STEP * HOUR_MS}) END`;

// The mark moved on; migrations/0056_hour_compaction.sql's trigger adds the clicks of the hours it passes.
const MOVE_MARK = `UPDATE hour_compaction AS m SET through = ${STEP_END} WHERE through < ?1 RETURNING through`;

/**
 * Adds the clicks of the hours over by `until` to the hourly rollup, up to STEP_PACKS packs or
 * HOURS_A_STEP hours of them, in one statement with the mark: answers whether hours over are left.
 */
export async function compactHours(db: D1Database, until: number): Promise<boolean> {
  const end = until - (until % HOUR_MS);
  const moved = await db.prepare(MOVE_MARK).bind(end).first<{ through: number }>();
  return moved !== null && moved.through < end;
}
