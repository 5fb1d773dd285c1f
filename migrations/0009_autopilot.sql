-- Decisions on autopilot: a test may end on its own (a date, a number of visitors, or early on a clear
-- winner) and then keep its split, send everyone to the control, or promote the proven winner. The
-- cron that ends tests and sends alerts remembers here what it did, so running it twice does nothing
-- twice.
ALTER TABLE split_tests ADD COLUMN ends_at INTEGER;
ALTER TABLE split_tests ADD COLUMN end_after_visitors INTEGER CHECK (end_after_visitors > 0);
ALTER TABLE split_tests ADD COLUMN on_end TEXT NOT NULL DEFAULT 'keep' CHECK (on_end IN ('keep', 'control', 'promote'));
ALTER TABLE split_tests ADD COLUMN stop_early INTEGER NOT NULL DEFAULT 0;
-- How a test that ended on its own ended; both stay NULL for a manual promote.
ALTER TABLE split_tests ADD COLUMN ended_by TEXT CHECK (ended_by IN ('date', 'visitors', 'winner'));
ALTER TABLE split_tests ADD COLUMN end_result TEXT CHECK (end_result IN ('kept', 'control', 'promoted', 'no_winner'));
-- Each alert goes out once per test: the cron claims it by setting the time.
ALTER TABLE split_tests ADD COLUMN verdict_alerted_at INTEGER;
ALTER TABLE split_tests ADD COLUMN srm_alerted_at INTEGER;
-- The cron looks at the running tests least recently looked at first.
ALTER TABLE split_tests ADD COLUMN autopilot_checked_at INTEGER;
CREATE INDEX split_tests_due_idx ON split_tests(ends_at) WHERE ends_at IS NOT NULL AND completed_at IS NULL;
CREATE INDEX split_tests_watch_idx ON split_tests(status, autopilot_checked_at);

-- Which alert emails a user gets; all on by default.
ALTER TABLE users ADD COLUMN alert_verdict INTEGER NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN alert_completed INTEGER NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN alert_srm INTEGER NOT NULL DEFAULT 1;
