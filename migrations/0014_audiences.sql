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

-- Breakdowns: what each counted click's visitor looked like (no address, no full user agent).
ALTER TABLE clicks ADD COLUMN device TEXT;
ALTER TABLE clicks ADD COLUMN os TEXT;
ALTER TABLE clicks ADD COLUMN country TEXT;
ALTER TABLE clicks ADD COLUMN referrer_host TEXT;

-- The breakdowns' rollup: visitors and conversions per test, variant, dimension (device, os, country,
-- referrer) and value ('' when unknown), so the test page's cost does not grow with its clicks. A
-- visitor is counted by their first human click, with its segment; a conversion in the segment of
-- that same click (the one that gives the conversion its variant).
CREATE TABLE test_segments (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  variant TEXT NOT NULL CHECK (variant GLOB '[A-H]'),
  dimension TEXT NOT NULL CHECK (dimension IN ('device', 'os', 'country', 'referrer')),
  value TEXT NOT NULL,
  visitors INTEGER NOT NULL DEFAULT 0,
  conversions INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (split_test_id, variant, dimension, value)
);

CREATE TRIGGER clicks_segments AFTER INSERT ON clicks
WHEN NEW.is_bot = 0 AND NOT EXISTS (
  SELECT 1 FROM clicks
  WHERE split_test_id = NEW.split_test_id AND session_id = NEW.session_id AND is_bot = 0 AND id <> NEW.id)
BEGIN
  INSERT INTO test_segments (split_test_id, variant, dimension, value, visitors)
    VALUES (NEW.split_test_id, NEW.variant, 'device', coalesce(NEW.device, ''), 1),
           (NEW.split_test_id, NEW.variant, 'os', coalesce(NEW.os, ''), 1),
           (NEW.split_test_id, NEW.variant, 'country', coalesce(NEW.country, ''), 1),
           (NEW.split_test_id, NEW.variant, 'referrer', coalesce(NEW.referrer_host, ''), 1)
    ON CONFLICT (split_test_id, variant, dimension, value) DO UPDATE SET visitors = visitors + 1;
END;

CREATE TRIGGER conversions_segments AFTER INSERT ON conversions
BEGIN
  UPDATE test_segments SET conversions = conversions + 1
  WHERE split_test_id = NEW.split_test_id AND variant = NEW.variant
    AND (dimension, value) IN (
      SELECT s.key, s.value FROM json_each((
        SELECT json_object('device', coalesce(device, ''), 'os', coalesce(os, ''),
                           'country', coalesce(country, ''), 'referrer', coalesce(referrer_host, ''))
        FROM clicks INDEXED BY clicks_test_session_idx
        WHERE split_test_id = NEW.split_test_id AND session_id = NEW.session_id AND is_bot = 0
        ORDER BY timestamp LIMIT 1)) AS s);
END;

-- The visitors and conversions counted before this migration, as unknown in every dimension.
INSERT INTO test_segments (split_test_id, variant, dimension, value, visitors, conversions)
  SELECT h.split_test_id, h.variant, d.value, '', sum(h.visitors), sum(h.conversions)
  FROM test_stats_hourly AS h CROSS JOIN json_each('["device","os","country","referrer"]') AS d
  GROUP BY h.split_test_id, h.variant, d.value
  HAVING sum(h.visitors) > 0 OR sum(h.conversions) > 0;
