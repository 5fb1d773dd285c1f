-- Which shard holds each live Idempotency-Key of the server conversion API (worker/services/conversions.ts).
-- A key is the user's whatever the test, and lives (with the conversion it guards) in the shard of the
-- test its first request named. Before this, a request read every other shard for the key, so two
-- requests racing with one key to tests on different shards could both pass. Now a request first takes
-- the key for its shard here, in one main-database write; the second of two racing requests finds the
-- other shard and is refused, as on one database. Main database only (the shards keep the table empty).
-- Keys taken before this are not in it: for their last day, one reused for a test on another shard is
-- taken as new there, as a race could before.
CREATE TABLE idempotency_key_shards (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  shard TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_key_shards_created_idx ON idempotency_key_shards(created_at);
