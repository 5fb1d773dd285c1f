-- A workspace's UTM templates (issue #49, point 6): a name and the utm_source, utm_medium, utm_campaign
-- and utm_term a destination's UTM builder fills in (empty: left out). A template belongs to its
-- workspace, not to the member who saved it: it stays when they leave (created_by becomes null when
-- their account goes) and goes with the workspace's row.
CREATE TABLE utm_templates (
  id TEXT PRIMARY KEY NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT '',
  medium TEXT NOT NULL DEFAULT '',
  campaign TEXT NOT NULL DEFAULT '',
  term TEXT NOT NULL DEFAULT '',
  created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX utm_templates_workspace_idx ON utm_templates(workspace_id, name);
