-- When a test was completed by promoting its winner: events after it are not counted (frozen results).
ALTER TABLE split_tests ADD COLUMN completed_at INTEGER;
