-- KV keys whose update failed after D1 had changed (KV down). KV entries never expire, so without a
-- repair a paused, promoted or deleted test would keep its old redirect. The cron rewrites each key
-- from D1, the truth, and deletes its row.
CREATE TABLE cache_repairs (
  key TEXT PRIMARY KEY NOT NULL,
  failed_at INTEGER NOT NULL
);
