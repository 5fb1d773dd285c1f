-- API keys for the public REST API (/api/v1). Only a SHA-256 hash of each key is kept; the key itself
-- is shown once, at creation. `prefix` is the key's recognisable start, shown in the list.
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  key_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE UNIQUE INDEX api_keys_hash_idx ON api_keys(key_hash);
CREATE INDEX api_keys_user_created_idx ON api_keys(user_id, created_at DESC);
