import type { ClickEvent, ConversionEvent } from "./events";

// Plain D1 statements: drizzle's batch cannot carry these INSERT … SELECT … RETURNING forms.

// A click of a test deleted meanwhile inserts nothing (the SELECT finds no test) instead of
// failing the batch on the foreign key; nor does one after the test was completed (frozen results).
// Its id is the primary key: a redelivery inserts nothing.
function insertClick(db: D1Database, event: ClickEvent): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp)
       SELECT ?1, id, ?2, ?3, ?4, ?5 FROM split_tests
       WHERE id = ?6 AND (completed_at IS NULL OR completed_at > ?5)`,
    )
    .bind(event.id, event.variant, event.sessionId, event.isBot ? 1 : 0, event.timestamp, event.testId);
}

// Counted only when the visitor has a human click of the test, with that click's variant, and
// not after the test was completed. The unique (test, session) index makes a second one insert nothing.
function insertConversion(db: D1Database, event: ConversionEvent): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO conversions (id, split_test_id, variant, session_id, timestamp)
       SELECT ?1, split_test_id, variant, session_id, ?2 FROM clicks
       WHERE split_test_id = ?3 AND session_id = ?4 AND is_bot = 0
         AND NOT EXISTS (SELECT 1 FROM split_tests WHERE id = ?3 AND completed_at <= ?2)
       ORDER BY timestamp LIMIT 1
       RETURNING id`,
    )
    .bind(event.id, event.timestamp, event.testId, event.sessionId);
}

/** Writes clicks in one atomic D1 batch; the rollup triggers run inside it. */
export async function writeClicks(db: D1Database, events: ClickEvent[]): Promise<void> {
  if (events.length > 0) await db.batch(events.map((event) => insertClick(db, event)));
}

/**
 * Writes conversions in one batch; answers those that found no click of their visitor yet
 * (the click may still be on its way through the queue).
 */
export async function writeConversions(
  db: D1Database,
  events: ConversionEvent[],
): Promise<ConversionEvent[]> {
  if (events.length === 0) return [];
  const results = await db.batch<{ id: string }>(events.map((event) => insertConversion(db, event)));
  const unmatched: ConversionEvent[] = [];
  for (const [i, event] of events.entries()) {
    if ((results[i]?.results.length ?? 0) > 0) continue;
    // Not inserted: a duplicate (the visitor already converted) or no click yet.
    const click = await db
      .prepare("SELECT 1 FROM clicks WHERE split_test_id = ? AND session_id = ? AND is_bot = 0 LIMIT 1")
      .bind(event.testId, event.sessionId)
      .first();
    if (!click) unmatched.push(event);
  }
  return unmatched;
}
