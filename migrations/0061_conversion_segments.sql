-- A conversion's segments added once a day, not once a write (issue #51, point 4), as the visitors'
-- are since migrations/0033_segment_compaction.sql. The consumer upserted test_segments for each batch
-- of conversions: the four segments of the visitor's first human click, some 4 rows written a conversion
-- in a shard's batch of two. Now:
-- - a conversion keeps that click's segment, as a metric's conversion does (0045_metrics.sql): the insert
--   looks the click up, as the consumer's upsert did;
-- - moving segment_compaction.through adds a test's conversions of the day it passes beside its visitors
--   (worker/db/segments.ts, compactSegments);
-- - a reader adds the conversions from the mark on from the conversions themselves (segmentCounts), by the
--   test and time index;
-- - a conversion before the mark (late: a server's, a pending one counted once its click came), or of a
--   test without compaction, is counted by the consumer as before.
-- Each is counted once: the consumer's upsert and the compaction write in one transaction each, and
-- both read the mark as it is then.
ALTER TABLE conversions ADD COLUMN device TEXT;
ALTER TABLE conversions ADD COLUMN os TEXT;
ALTER TABLE conversions ADD COLUMN country TEXT;
ALTER TABLE conversions ADD COLUMN referrer_host TEXT;

-- segment_compaction.conversions_from: the consumer counted a test's conversions before it itself, and
-- they carry no segment. A test that exists starts at the next hour: its current hour's are in the rollup
-- already, and the version before this one, still running while the new one deploys, counts them as it
-- did. A test made later starts at 0.
ALTER TABLE segment_compaction ADD COLUMN conversions_from INTEGER NOT NULL DEFAULT 0;
UPDATE segment_compaction SET conversions_from = (CAST(strftime('%s', 'now') AS INTEGER) * 1000 / 3600000 + 1) * 3600000;
