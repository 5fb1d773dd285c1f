-- The autopilot at any size (issue #35, point 4): the cron scans the open tests in id order, a page at a
-- time, and queues one message per due test (worker/services/autopilot.ts). This index holds only the
-- tests not yet completed, so a scan reads the open tests and never the finished ones; the index on
-- (status, autopilot_checked_at) served the old capped query and goes (one index less written at every
-- look).
CREATE INDEX split_tests_open_idx ON split_tests(id) WHERE completed_at IS NULL;
DROP INDEX split_tests_watch_idx;
