-- Optimise mode: a multi-armed bandit moves traffic to the better variants while the test runs. The
-- test's variants keep the weights in force (the redirect reads them from the cached link); each set of
-- weights a test has had is kept with the time it took effect, for the chart, the results reweighted
-- by period and the sample-ratio check against the weights in force at each time.
ALTER TABLE split_tests ADD COLUMN mode TEXT NOT NULL DEFAULT 'experiment' CHECK (mode IN ('experiment', 'optimise'));
ALTER TABLE split_tests ADD COLUMN weights_updated_at INTEGER;

CREATE TABLE weight_history (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  since INTEGER NOT NULL,
  weights TEXT NOT NULL,
  PRIMARY KEY (split_test_id, since)
);
