import type { RuleVisitEvent } from "./events";

// One statement per batch, as for clicks (record.ts): the events travel as one JSON parameter. The
// event id is the primary key, so a redelivery inserts nothing; a deleted test's visit inserts nothing.
const INSERT_RULE_VISITS = `INSERT OR IGNORE INTO rule_visits (id, split_test_id, rule, url, timestamp)
  SELECT e.value ->> '$.id', t.id, e.value ->> '$.rule', e.value ->> '$.url', e.value ->> '$.timestamp'
  FROM json_each(?1) AS e CROSS JOIN split_tests AS t ON t.id = e.value ->> '$.testId'`;

/** Records the visits the rules sent to fixed URLs: apart from the clicks, so no arm counts them. */
export async function writeRuleVisits(db: D1Database, events: RuleVisitEvent[]): Promise<void> {
  if (events.length > 0) await db.prepare(INSERT_RULE_VISITS).bind(JSON.stringify(events)).run();
}
