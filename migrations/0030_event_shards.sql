-- Event shards (issue #35; docs/architecture.md, "Event shards"): a test's events live in one D1
-- database, its shard, named by the binding (EVENTS_<n>), chosen when the test is made and never
-- changed. Every test made before keeps its events where they are, in the main database: shard 'DB'.
-- Nothing moves, so nothing can be lost on the way.
ALTER TABLE split_tests ADD COLUMN shard TEXT NOT NULL DEFAULT 'DB';

-- Where a new test goes: the open shard with the fewest running tests (worker/db/shards.ts).
CREATE INDEX split_tests_running_shard_idx ON split_tests(shard) WHERE completed_at IS NULL AND deleted_at IS NULL;
