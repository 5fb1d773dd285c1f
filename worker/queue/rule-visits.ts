import type { RuleVisitEvent } from "./events";

// One transaction per batch, as for clicks (record.ts): the events travel as one JSON parameter. The
// event id is the primary key, so a redelivery inserts nothing; a deleted test's visit inserts nothing.
const VISITS = `WITH e AS (
    SELECT e.key AS position, e.value ->> '$.id' AS id, t.id AS test_id, e.value ->> '$.rule' AS rule,
           e.value ->> '$.url' AS url, e.value ->> '$.timestamp' AS ts
    FROM json_each(?1) AS e CROSS JOIN split_tests AS t ON t.id = e.value ->> '$.testId')`;

// The rollup, once per key and batch, from the visits this delivery inserts (first of their id in
// the batch, not in D1 yet): before the insert, in its transaction.
const COUNT_RULE_VISITS = `${VISITS},
  numbered AS (SELECT e.*, row_number() OVER (PARTITION BY e.id ORDER BY e.position) AS nth FROM e)
  INSERT INTO rule_visit_counts (split_test_id, rule, url, visits)
  SELECT test_id, coalesce(rule, -1), url, count(*) FROM numbered AS n
  WHERE nth = 1 AND NOT EXISTS (SELECT 1 FROM rule_visits AS v WHERE v.id = n.id)
  GROUP BY 1, 2, 3
  ON CONFLICT (split_test_id, rule, url) DO UPDATE SET visits = visits + excluded.visits`;

const INSERT_RULE_VISITS = `${VISITS}
  INSERT OR IGNORE INTO rule_visits (id, split_test_id, rule, url, timestamp)
  SELECT id, test_id, rule, url, ts FROM e ORDER BY position`;

/** Records the visits the rules sent to fixed URLs: apart from the clicks, so no arm counts them. */
export async function writeRuleVisits(db: D1Database, events: RuleVisitEvent[]): Promise<void> {
  if (events.length === 0) return;
  const json = JSON.stringify(events);
  await db.batch([db.prepare(COUNT_RULE_VISITS).bind(json), db.prepare(INSERT_RULE_VISITS).bind(json)]);
}
