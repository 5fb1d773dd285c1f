import type { SightingEvent } from "./events";

// One statement per batch. A test keeps one sighting per kind, the latest; one that is less than a
// minute newer writes nothing, so a busy page costs reads, not writes. A deleted test's inserts nothing.
const UPSERT_SIGHTINGS = `INSERT INTO tag_sightings (split_test_id, kind, host, path, seen_at)
  SELECT t.id, e.value ->> '$.kind', e.value ->> '$.host', e.value ->> '$.path', max(e.value ->> '$.timestamp')
  FROM json_each(?1) AS e CROSS JOIN split_tests AS t ON t.id = e.value ->> '$.testId'
  WHERE true
  GROUP BY t.id, e.value ->> '$.kind'
  ON CONFLICT (split_test_id, kind) DO UPDATE
    SET host = excluded.host, path = excluded.path, seen_at = excluded.seen_at
    WHERE excluded.seen_at > tag_sightings.seen_at + 60000`;

/** Records where the tag ran, for the tests' setup checklists. */
export async function writeSightings(db: D1Database, events: SightingEvent[]): Promise<void> {
  if (events.length > 0) await db.prepare(UPSERT_SIGHTINGS).bind(JSON.stringify(events)).run();
}
