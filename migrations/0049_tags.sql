-- Tags (issue #49 point 4): up to 10 per test or link, lower-cased (contract/tags.ts), each with a colour
-- per workspace. A test's tags go with it: deleted with the test (services/split-tests.ts), and by the
-- cascade when the purge deletes its row.
CREATE TABLE test_tags (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  PRIMARY KEY (split_test_id, tag)
);
-- GET /api/v1/tests?tag= and the workspace's tag list.
CREATE INDEX test_tags_workspace_tag_idx ON test_tags (workspace_id, tag);

-- A tag's colour in a workspace, one of TAG_COLOURS; a tag without a row takes its default colour.
CREATE TABLE tag_colours (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  colour TEXT NOT NULL,
  PRIMARY KEY (workspace_id, tag)
);
