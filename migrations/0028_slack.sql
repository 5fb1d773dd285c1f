-- Slack alerts (issue #36, point 2): each workspace's incoming webhook and the log of messages sent to it.
-- `webhook_url` is a secret (whoever has it can post to the channel): the Worker reads it to send, the
-- API only ever shows it masked. A new URL is a new row (a new id), so deliveries still queued for the
-- old one are dropped, as a deleted webhook endpoint's are. `status`: 'failing' once a message was given
-- up after its last retry, 'broken' when Slack said the webhook no longer exists; a success clears both.
CREATE TABLE slack_connections (
  id TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  webhook_url TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'failing', 'broken')),
  connected_at INTEGER NOT NULL,
  last_delivered_at INTEGER,
  last_failure_at INTEGER,
  last_failure TEXT
);
CREATE UNIQUE INDEX slack_connections_workspace_idx ON slack_connections(workspace_id);

-- One row per attempt, as webhook_deliveries; `delivered` rows are what makes a redelivered queue
-- message send nothing again (one message per event and connection). The newest 50 per connection are kept.
CREATE TABLE slack_deliveries (
  id INTEGER PRIMARY KEY,
  connection_id TEXT NOT NULL REFERENCES slack_connections(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  delivered INTEGER NOT NULL,
  status_code INTEGER,
  error TEXT,
  duration_ms INTEGER NOT NULL,
  attempted_at INTEGER NOT NULL
);
CREATE INDEX slack_deliveries_connection_idx ON slack_deliveries(connection_id, id DESC);
CREATE INDEX slack_deliveries_event_idx ON slack_deliveries(connection_id, event_id) WHERE delivered = 1;
