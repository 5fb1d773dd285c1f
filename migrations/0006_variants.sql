-- A/B/n tests: a test owns 2 to 8 variants, labelled A to H by their order, each a destination URL and
-- an integer traffic weight (1–99, the weights add up to 100); A is the control. They are stored as
-- JSON on the test, [{"url": …, "weight": …}, …] in label order: the redirect's cached link carries
-- them whole and no query needs a variant on its own. A two-URL test becomes A and B at 50/50.
--
-- split_tests is referenced by clicks, conversions and the rollup with ON DELETE CASCADE, so it is
-- changed column by column, never dropped and rebuilt (dropping it would delete their rows).
ALTER TABLE split_tests ADD COLUMN variants TEXT NOT NULL DEFAULT '[]';
UPDATE split_tests SET variants = json_array(
  json_object('url', url_a, 'weight', 50),
  json_object('url', url_b, 'weight', 50));
ALTER TABLE split_tests DROP COLUMN url_a;
ALTER TABLE split_tests DROP COLUMN url_b;

-- The promoted variant may be any label: the old column's CHECK allowed A and B only.
ALTER TABLE split_tests ADD COLUMN winner TEXT CHECK (winner GLOB '[A-H]');
UPDATE split_tests SET winner = winner_variant;
ALTER TABLE split_tests DROP COLUMN winner_variant;
ALTER TABLE split_tests RENAME COLUMN winner TO winner_variant;

-- The event tables and the rollup are referenced by nothing: rebuilt with a CHECK for A to H, rows
-- copied as they are. The rollup triggers go first (they name the old tables) and come back unchanged.
DROP TRIGGER clicks_rollup;
DROP TRIGGER conversions_rollup;

CREATE TABLE clicks_next (
  id TEXT PRIMARY KEY NOT NULL,
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  variant TEXT NOT NULL CHECK (variant GLOB '[A-H]'),
  session_id TEXT NOT NULL,
  is_bot INTEGER NOT NULL DEFAULT 0,
  timestamp INTEGER NOT NULL
);
INSERT INTO clicks_next (id, split_test_id, variant, session_id, is_bot, timestamp)
  SELECT id, split_test_id, variant, session_id, is_bot, timestamp FROM clicks;
DROP TABLE clicks;
ALTER TABLE clicks_next RENAME TO clicks;
CREATE INDEX clicks_test_time_idx ON clicks(split_test_id, timestamp);
CREATE INDEX clicks_test_session_idx ON clicks(split_test_id, session_id);

CREATE TABLE conversions_next (
  id TEXT PRIMARY KEY NOT NULL,
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  variant TEXT NOT NULL CHECK (variant GLOB '[A-H]'),
  session_id TEXT NOT NULL,
  timestamp INTEGER NOT NULL
);
INSERT INTO conversions_next (id, split_test_id, variant, session_id, timestamp)
  SELECT id, split_test_id, variant, session_id, timestamp FROM conversions;
DROP TABLE conversions;
ALTER TABLE conversions_next RENAME TO conversions;
CREATE UNIQUE INDEX conversions_test_session_idx ON conversions(split_test_id, session_id);
CREATE INDEX conversions_test_time_idx ON conversions(split_test_id, timestamp);

CREATE TABLE test_stats_hourly_next (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  hour INTEGER NOT NULL,
  variant TEXT NOT NULL CHECK (variant GLOB '[A-H]'),
  clicks INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  conversions INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (split_test_id, hour, variant)
);
INSERT INTO test_stats_hourly_next (split_test_id, hour, variant, clicks, visitors, conversions)
  SELECT split_test_id, hour, variant, clicks, visitors, conversions FROM test_stats_hourly;
DROP TABLE test_stats_hourly;
ALTER TABLE test_stats_hourly_next RENAME TO test_stats_hourly;

CREATE TRIGGER clicks_rollup AFTER INSERT ON clicks WHEN NEW.is_bot = 0
BEGIN
  INSERT OR IGNORE INTO test_stats_hourly (split_test_id, hour, variant)
    VALUES (NEW.split_test_id, NEW.timestamp - NEW.timestamp % 3600000, NEW.variant);
  UPDATE test_stats_hourly
    SET clicks = clicks + 1,
        visitors = visitors + NOT EXISTS (
          SELECT 1 FROM clicks
          WHERE split_test_id = NEW.split_test_id AND session_id = NEW.session_id AND is_bot = 0 AND id <> NEW.id
        )
    WHERE split_test_id = NEW.split_test_id
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant;
END;

CREATE TRIGGER conversions_rollup AFTER INSERT ON conversions
BEGIN
  INSERT OR IGNORE INTO test_stats_hourly (split_test_id, hour, variant)
    VALUES (NEW.split_test_id, NEW.timestamp - NEW.timestamp % 3600000, NEW.variant);
  UPDATE test_stats_hourly
    SET conversions = conversions + 1
    WHERE split_test_id = NEW.split_test_id
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant;
END;
