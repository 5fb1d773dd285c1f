// A test's raw events as one stream in time order, wherever they are: the days past the attribution
// window in R2 (worker/archive/store.ts), the rest in D1. The CSV export and the archive read them
// through here, so an archived event has exactly the columns of one still in D1.

/** One raw event: a line of an archive object (NDJSON), and a row of the CSV export. */
export interface EventRow {
  kind: "click" | "conversion";
  id: string;
  timestamp: number;
  variant: string;
  session_id: string;
  is_bot: number;
}

/** Where an event sits in a test's order: by time, then id. */
export type EventKey = Pick<EventRow, "timestamp" | "id">;

const comesAfter = (row: EventKey, key: EventKey) =>
  row.timestamp > key.timestamp || (row.timestamp === key.timestamp && row.id > key.id);

// Each table in (timestamp, id) order through its (test, timestamp) index, cut at ?4 rows, then the
// two merged: a page costs about ?4 rows however many follow (one sort of the whole union would sort
// every row after the cursor, for every page).
const range = `split_test_id = ?1 AND timestamp >= ?2 AND (timestamp > ?2 OR id > ?3) AND timestamp < ?5`;
const PAGE = `SELECT * FROM (
    SELECT * FROM (SELECT 'click' AS kind, id, timestamp, variant, session_id, is_bot FROM clicks
                   WHERE ${range} ORDER BY timestamp, id LIMIT ?4)
    UNION ALL
    SELECT * FROM (SELECT 'conversion', id, timestamp, variant, session_id, 0 FROM conversions
                   WHERE ${range} ORDER BY timestamp, id LIMIT ?4))
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

const PAGE_SIZE = 1000;

/** The test's events in D1, oldest first, page by page. */
export async function* recentEvents(db: D1Database, testId: string): AsyncGenerator<EventRow> {
  let after: EventKey | null = null;
  for (;;) {
    const rows = await eventPage(db, testId, { after, before: Number.MAX_SAFE_INTEGER, limit: PAGE_SIZE });
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_SIZE) return;
    after = last;
  }
}

/**
 * The events of `sources`, one source after the other, each let through only if it comes after the
 * last one let through. Each source is in order and the archive holds older events than D1, so this
 * is every event once in time order, even when a run of the archive stopped between writing an
 * object and deleting its rows from D1 (the rows are then in both).
 */
export async function* stitched(...sources: AsyncIterable<EventRow>[]): AsyncGenerator<EventRow> {
  let last: EventKey | null = null;
  for (const source of sources) {
    for await (const row of source) {
      if (last && !comesAfter(row, last)) continue;
      last = row;
      yield row;
    }
  }
}
