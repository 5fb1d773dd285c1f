import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { ClickEvent, ConversionEvent } from "./events";

// A click of a test deleted meanwhile inserts nothing (the SELECT finds no test) instead of
// failing the batch on the foreign key. Its id is the primary key: a redelivery inserts nothing.
function insertClick(db: Db, event: ClickEvent) {
  return db.run(sql`
    INSERT OR IGNORE INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp)
    SELECT ${event.id}, id, ${event.variant}, ${event.sessionId}, ${event.isBot ? 1 : 0}, ${event.timestamp}
    FROM split_tests WHERE id = ${event.testId}`);
}

// Counted only when the visitor has a human click of the test, with that click's variant.
// The unique (test, session) index makes a second conversion insert nothing.
function insertConversion(db: Db, event: ConversionEvent) {
  return db.all<{ id: string }>(sql`
    INSERT OR IGNORE INTO conversions (id, split_test_id, variant, session_id, timestamp)
    SELECT ${event.id}, split_test_id, variant, session_id, ${event.timestamp}
    FROM clicks
    WHERE split_test_id = ${event.testId} AND session_id = ${event.sessionId} AND is_bot = 0
    ORDER BY timestamp LIMIT 1
    RETURNING id`);
}

/** Writes clicks, each in one atomic D1 batch (the rollup triggers run inside it). */
export async function writeClicks(db: Db, events: ClickEvent[]): Promise<void> {
  const [first, ...rest] = events.map((event) => insertClick(db, event));
  if (first) await db.batch([first, ...rest]);
}

/**
 * Writes conversions in one batch; answers those that found no click of their visitor yet
 * (the click may still be on its way through the queue).
 */
export async function writeConversions(db: Db, events: ConversionEvent[]): Promise<ConversionEvent[]> {
  const [first, ...rest] = events.map((event) => insertConversion(db, event));
  if (!first) return [];
  const results = (await db.batch([first, ...rest])) as { id: string }[][];
  const notInserted = events.filter((_, i) => (results[i]?.length ?? 0) === 0);
  const unmatched: ConversionEvent[] = [];
  for (const event of notInserted) {
    // Not inserted: either a duplicate (the visitor already converted) or no click yet.
    const known = await db.get<{ found: number }>(sql`
      SELECT 1 AS found FROM clicks
      WHERE split_test_id = ${event.testId} AND session_id = ${event.sessionId} AND is_bot = 0 LIMIT 1`);
    if (!known) unmatched.push(event);
  }
  return unmatched;
}
