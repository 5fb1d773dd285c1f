-- Tracking that cannot silently fail (issue #32): one tag for the whole site, goals set on screen, an
-- install check.

-- The public key of the account's site tag (`<script src=".../t.js" data-site="{key}">`): it names the
-- account's goals to the tag (GET /t/goals/{key}) and nothing else. New accounts get one at sign-up.
ALTER TABLE users ADD COLUMN site_key TEXT;
UPDATE users SET site_key = lower(hex(randomblob(12))) WHERE site_key IS NULL;
CREATE UNIQUE INDEX users_site_key_idx ON users(site_key) WHERE site_key IS NOT NULL;

-- A test's goal: 'page' (a visit of conversion_url, matched as conversion_url_match says), 'call'
-- (splitlink.convert() or a tag with data-convert) or 'none' (nothing counts by itself). Tests with a
-- conversion URL keep it as their goal page; the per-test snippet works as before whatever the goal.
ALTER TABLE split_tests ADD COLUMN conversion_goal TEXT NOT NULL DEFAULT 'none'
  CHECK (conversion_goal IN ('page', 'call', 'none'));
UPDATE split_tests SET conversion_goal = 'page' WHERE conversion_url IS NOT NULL;
ALTER TABLE split_tests ADD COLUMN conversion_url_match TEXT NOT NULL DEFAULT 'equals'
  CHECK (conversion_url_match IN ('equals', 'starts_with', 'contains'));

-- Where the tag last ran for a test, by kind: on a landing page (reached from the split link) or on the
-- goal page. Host and path only, no query and nothing of the visitor; at most one row per test and kind.
CREATE TABLE tag_sightings (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('landing', 'goal')),
  host TEXT NOT NULL,
  path TEXT NOT NULL,
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (split_test_id, kind)
) WITHOUT ROWID;
