-- Start on a date (issue #49 point 2): before starts_at (ms since the epoch; null starts at creation) the
-- link sends everyone to before_url, or to A when it has none, and counts nothing.
ALTER TABLE split_tests ADD COLUMN starts_at INTEGER;
ALTER TABLE split_tests ADD COLUMN before_url TEXT;
