-- The events traffic_quality has counted, by id (issue #51): a visit or beacon the edge did not pass on
-- (an uncounted event, one id per producer batch and reason) and a conversion the consumer refused.
-- A message the queue delivers again adds nothing to the counts. Keyed like clicks, so the archive cron
-- forgets the rows past the attribution window by a range of the key (no event older than the window
-- is counted at all), and the purge takes a deleted test's in chunks.
CREATE TABLE traffic_quality_events (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  timestamp INTEGER NOT NULL,
  id TEXT NOT NULL,
  PRIMARY KEY (split_test_id, timestamp, id)
) WITHOUT ROWID;
