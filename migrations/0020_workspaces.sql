-- Workspaces (issue #34): every test, domain, API key, webhook endpoint and alert setting belongs to a
-- workspace; people belong to workspaces with a role.

CREATE TABLE workspaces (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  -- Set on each user's personal workspace (whose id is the user's id): it goes with the account.
  personal_user_id TEXT,
  -- The site tag's public key: one tag serves every test of the workspace (was users.site_key).
  site_key TEXT,
  created_at INTEGER NOT NULL,
  -- Set when the workspace is deleted: gone for everyone at once, its tests purged by the archive cron.
  deleted_at INTEGER
);
CREATE UNIQUE INDEX workspaces_personal_idx ON workspaces(personal_user_id) WHERE personal_user_id IS NOT NULL;
CREATE UNIQUE INDEX workspaces_site_key_idx ON workspaces(site_key) WHERE site_key IS NOT NULL;

-- Who belongs to a workspace, their role, and the emails each member chose for it.
CREATE TABLE memberships (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
  alert_verdict INTEGER NOT NULL DEFAULT 1,
  alert_completed INTEGER NOT NULL DEFAULT 1,
  alert_srm INTEGER NOT NULL DEFAULT 1,
  weekly_digest INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX memberships_user_idx ON memberships(user_id);

-- An invitation by email; only the token's hash is kept (the link is in the email).
CREATE TABLE invitations (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
  token_hash TEXT NOT NULL,
  invited_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  accepted_at INTEGER,
  declined_at INTEGER,
  revoked_at INTEGER
);
CREATE UNIQUE INDEX invitations_token_idx ON invitations(token_hash);
CREATE INDEX invitations_workspace_idx ON invitations(workspace_id, created_at);

-- Every change, with who made it. No foreign key to the test: a deleted test's history stays in the
-- workspace's log.
CREATE TABLE history_events (
  id INTEGER PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  split_test_id TEXT,
  at INTEGER NOT NULL,
  actor_type TEXT NOT NULL CHECK (actor_type IN ('user', 'api_key', 'autopilot')),
  actor_user_id TEXT,
  -- The user's email or the key's name as they were then.
  actor_label TEXT,
  action TEXT NOT NULL,
  details TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX history_events_workspace_idx ON history_events(workspace_id, id);
CREATE INDEX history_events_test_idx ON history_events(split_test_id, id) WHERE split_test_id IS NOT NULL;

-- A test's read-only report link; the token is the URL's secret (shown again in the share dialog).
CREATE TABLE share_links (
  split_test_id TEXT PRIMARY KEY REFERENCES split_tests(id) ON DELETE CASCADE,
  token TEXT NOT NULL,
  created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX share_links_token_idx ON share_links(token);

-- Each account's data moves into its personal workspace, whose id is the user's id.
INSERT INTO workspaces (id, name, personal_user_id, site_key, created_at, deleted_at)
  SELECT id, 'Personal', id, site_key, created_at, deleted_at FROM users;
INSERT INTO memberships (workspace_id, user_id, role, alert_verdict, alert_completed, alert_srm, created_at)
  SELECT id, id, 'owner', alert_verdict, alert_completed, alert_srm, created_at FROM users;

ALTER TABLE split_tests ADD COLUMN workspace_id TEXT REFERENCES workspaces(id);
ALTER TABLE custom_domains ADD COLUMN workspace_id TEXT REFERENCES workspaces(id);
ALTER TABLE api_keys ADD COLUMN workspace_id TEXT REFERENCES workspaces(id);
-- Keys made before scopes could change everything; they keep doing so.
ALTER TABLE api_keys ADD COLUMN scope TEXT NOT NULL DEFAULT 'write' CHECK (scope IN ('read', 'write'));
ALTER TABLE webhook_endpoints ADD COLUMN workspace_id TEXT REFERENCES workspaces(id);
UPDATE split_tests SET workspace_id = user_id;
UPDATE custom_domains SET workspace_id = user_id;
UPDATE api_keys SET workspace_id = user_id;
UPDATE webhook_endpoints SET workspace_id = user_id;
CREATE INDEX split_tests_workspace_created_idx ON split_tests(workspace_id, created_at);
CREATE INDEX custom_domains_workspace_created_idx ON custom_domains(workspace_id, created_at);
CREATE INDEX api_keys_workspace_created_idx ON api_keys(workspace_id, created_at);
CREATE INDEX webhook_endpoints_workspace_created_idx ON webhook_endpoints(workspace_id, created_at);

-- The site key and the alert choices now live in workspaces and memberships: nothing reads them here.
DROP INDEX users_site_key_idx;
ALTER TABLE users DROP COLUMN site_key;
ALTER TABLE users DROP COLUMN alert_verdict;
ALTER TABLE users DROP COLUMN alert_completed;
ALTER TABLE users DROP COLUMN alert_srm;
