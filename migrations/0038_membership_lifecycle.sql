-- What a member set up ends with their membership or role (issue #45, points 2 and 3).
--
-- When the session's user last entered their password (sign-up, login, a reset, or POST /api/auth/reauth):
-- credential and destructive actions need it within the last 10 minutes. Sessions from before have none.
ALTER TABLE sessions ADD COLUMN password_at INTEGER;

-- A webhook endpoint or Slack connection whose creator was removed or lost the role to set it up stops
-- receiving events until an owner turns it back on (which makes that owner its creator).
ALTER TABLE webhook_endpoints ADD COLUMN disabled_at INTEGER;
ALTER TABLE slack_connections ADD COLUMN disabled_at INTEGER;

-- Who pasted the Stripe signing secret; once they leave, events signed with it are refused until an
-- owner pastes a new one (they know the old one).
ALTER TABLE stripe_connections ADD COLUMN secret_set_by TEXT REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE stripe_connections ADD COLUMN secret_retired_at INTEGER;

-- API keys revoked by SplitLink rather than by a click on the card (a password reset, a member's removal
-- or demotion), kept so the API keys card can say which keys stopped and why.
CREATE TABLE api_key_revocations (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  scope TEXT NOT NULL,
  reason TEXT NOT NULL,
  revoked_at INTEGER NOT NULL
);
CREATE INDEX api_key_revocations_workspace_idx ON api_key_revocations(workspace_id, revoked_at);
