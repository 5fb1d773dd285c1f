-- Webhooks (#20): endpoints a user registers, and the log of delivery attempts to them.
-- `events` is a JSON array of the event types the endpoint subscribes to. `secret` signs every
-- delivery (HMAC-SHA256), so the Worker must be able to read it; it is shown to the user only in the
-- answer that creates the endpoint. `failing_since` is set when a delivery gave up after its last retry
-- and cleared by the next success.
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  events TEXT NOT NULL,
  secret TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'failing')),
  created_at INTEGER NOT NULL,
  failing_since INTEGER,
  last_success_at INTEGER
);
CREATE INDEX webhook_endpoints_user_created_idx ON webhook_endpoints(user_id, created_at DESC);

-- One row per attempt: the answer's status code, or the error (timeout, network, refused address).
-- Only the newest attempts of each endpoint are kept (worker/webhooks/record.ts); the integer id grows
-- with every insert, so it orders them.
CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY,
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  status_code INTEGER,
  error TEXT,
  duration_ms INTEGER NOT NULL,
  attempted_at INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries(endpoint_id, id DESC);
