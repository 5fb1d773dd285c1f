-- Several metrics (issue #48 point 1). The primary stays the test's goal and primary_metric; its name,
-- when the marketer gave one, and a named call as its goal (splitlink.convert({ goal: "signup" })).
ALTER TABLE split_tests ADD COLUMN primary_metric_name TEXT;
ALTER TABLE split_tests ADD COLUMN conversion_event TEXT;
-- The secondary and guardrail metrics, as JSON ([{ name, role, kind, goal?, better }]).
ALTER TABLE split_tests ADD COLUMN metrics TEXT NOT NULL DEFAULT '[]';

-- A secondary or guardrail metric's conversions, in the event shards: at most one per test, metric and
-- visitor, in the variant and phase of the visitor's click, as the primary's (worker/db/attribution.ts).
-- Kept for the test's life: the metrics are counted from these rows. The archive copies a day's rows to R2
-- with the other raw events (for the export) but leaves them here.
CREATE TABLE metric_conversions (
  id TEXT PRIMARY KEY NOT NULL,
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  metric TEXT NOT NULL,
  variant TEXT NOT NULL,
  phase INTEGER NOT NULL DEFAULT 1,
  session_id TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  amount INTEGER,
  currency TEXT,
  source TEXT NOT NULL DEFAULT 'beacon',
  -- The visitor's segment for the breakdowns: that of their first human click of the test.
  device TEXT,
  os TEXT,
  country TEXT,
  referrer_host TEXT
);
CREATE UNIQUE INDEX metric_conversions_test_metric_session_idx
  ON metric_conversions (split_test_id, metric, session_id);
-- The export's and the archive's time order (worker/archive/rows.ts).
CREATE INDEX metric_conversions_test_time_idx ON metric_conversions (split_test_id, timestamp);
