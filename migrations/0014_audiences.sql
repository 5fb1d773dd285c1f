-- Audiences: ordered rules evaluated on every visit before the split (contract/rules.ts), as JSON
-- [{ conditions: [{ type, value, name? }], action: { type: "redirect", url } | { type: "experiment" } }],
-- and the URL for visitors who match no rule when a rule joins the experiment.
ALTER TABLE split_tests ADD COLUMN rules TEXT NOT NULL DEFAULT '[]';
ALTER TABLE split_tests ADD COLUMN fallback_url TEXT;

-- The visits the rules sent to a fixed URL: outside the experiment, so never a click of an arm.
-- rule is the rule's position (0 first) at the time, NULL for the fallback URL.
CREATE TABLE rule_visits (
  id TEXT PRIMARY KEY NOT NULL,
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  rule INTEGER,
  url TEXT NOT NULL,
  timestamp INTEGER NOT NULL
);
CREATE INDEX rule_visits_test_idx ON rule_visits(split_test_id, url);
