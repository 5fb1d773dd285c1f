-- Segment rollups for almost nothing per click (issue #35, point 1). Before this, the queue consumer
-- upserted test_segments for every new visitor: four keys (device, os, country, referrer) per test,
-- variant and value in each consumer batch. Segment values are wide (countries, referrers), so the keys
-- of one batch barely merge, and those upserts were most of a click's rollup rows.
--
-- Now a test made from here on counts its segment visitors once a day instead: the archive cron's
-- compaction (worker/db/segments.ts) adds a day's visitor clicks to test_segments in one GROUP BY, and
-- the breakdowns add the clicks not compacted yet (at most about a day's, read by the key) to the rollup.
--
-- first_of_session marks the click that counted its session as a visitor of the test (its first counted
-- click to arrive, the consumer's `visitor`: worker/queue/record.ts). Rows written before this keep 0:
-- only the clicks of tests made from now on are ever read by it.
ALTER TABLE clicks ADD COLUMN first_of_session INTEGER NOT NULL DEFAULT 0;

-- A test with a row has the segment visitors of its clicks before `through` in test_segments, and those
-- at or after it only in its clicks (first_of_session = 1): the consumer counts a click before `through`
-- itself (a late event of a day already compacted), the compaction the rest, each exactly once (both
-- write in one transaction, and `through` only grows). A test without a row (every test made before this
-- migration, and one retired once completed and compacted past its end) is counted by the consumer per
-- batch as before, so nothing is counted twice across the deploy. A test gets its row where its events
-- are, when it is made, with `through` its creation time.
-- The index finds the tests whose compaction is due, the ones furthest behind first.
CREATE TABLE segment_compaction (
  split_test_id TEXT PRIMARY KEY REFERENCES split_tests(id) ON DELETE CASCADE,
  through INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX segment_compaction_through_idx ON segment_compaction (through);
