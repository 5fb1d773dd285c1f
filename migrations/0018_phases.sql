-- Phases (issue #33): changing a running test's URLs or weights starts a new phase instead of being
-- refused. The current phase decides (verdict, stats, autopilot); each earlier phase's results are kept.
-- Variant names need nothing here: they travel in split_tests.variants (JSON) and never start a phase.

-- The test's current phase (1 until its variants change after a counted click) and when it started
-- (NULL for phase 1: the test's creation).
ALTER TABLE split_tests ADD COLUMN phase INTEGER NOT NULL DEFAULT 1;
ALTER TABLE split_tests ADD COLUMN phase_started_at INTEGER;

-- The phases that ended: their variants (JSON, as split_tests.variants) and when they ran.
CREATE TABLE test_phases (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  phase INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  ended_at INTEGER NOT NULL,
  variants TEXT NOT NULL,
  PRIMARY KEY (split_test_id, phase)
) WITHOUT ROWID;

-- Each event carries its phase, written once when it is recorded: a click counts in the phase in
-- force at its time (the queue consumer compares its timestamp with phase_started_at), a conversion in
-- the phase of the click it is credited to (worker/db/attribution.ts). Events of before are phase 1.
ALTER TABLE clicks ADD COLUMN phase INTEGER NOT NULL DEFAULT 1;
ALTER TABLE conversions ADD COLUMN phase INTEGER NOT NULL DEFAULT 1;

-- The rollup is keyed by phase too, so a phase that starts mid-hour splits that hour between the two
-- phases exactly, with no re-count of raw rows: the rows keep their phase, the triggers add it to the key.
DROP TRIGGER clicks_rollup;
DROP TRIGGER conversions_rollup;
CREATE TABLE test_stats_hourly_next (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  phase INTEGER NOT NULL DEFAULT 1,
  hour INTEGER NOT NULL,
  variant TEXT NOT NULL CHECK (variant GLOB '[A-H]'),
  clicks INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  conversions INTEGER NOT NULL DEFAULT 0,
  orders INTEGER NOT NULL DEFAULT 0,
  revenue INTEGER NOT NULL DEFAULT 0,
  revenue_squares INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (split_test_id, phase, hour, variant)
);
INSERT INTO test_stats_hourly_next
  (split_test_id, phase, hour, variant, clicks, visitors, conversions, orders, revenue, revenue_squares)
  SELECT split_test_id, 1, hour, variant, clicks, visitors, conversions, orders, revenue, revenue_squares
  FROM test_stats_hourly;
DROP TABLE test_stats_hourly;
ALTER TABLE test_stats_hourly_next RENAME TO test_stats_hourly;

-- A visitor counts once per phase: at their first human click in it.
CREATE TRIGGER clicks_rollup AFTER INSERT ON clicks WHEN NEW.is_bot = 0
BEGIN
  INSERT OR IGNORE INTO test_stats_hourly (split_test_id, phase, hour, variant)
    VALUES (NEW.split_test_id, NEW.phase, NEW.timestamp - NEW.timestamp % 3600000, NEW.variant);
  UPDATE test_stats_hourly
    SET clicks = clicks + 1,
        visitors = visitors + NOT EXISTS (
          SELECT 1 FROM clicks INDEXED BY clicks_test_session_idx
          WHERE split_test_id = NEW.split_test_id AND session_id = NEW.session_id AND is_bot = 0
            AND phase = NEW.phase AND id <> NEW.id
        )
    WHERE split_test_id = NEW.split_test_id
      AND phase = NEW.phase
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant;
END;

CREATE TRIGGER conversions_rollup AFTER INSERT ON conversions
BEGIN
  INSERT OR IGNORE INTO test_stats_hourly (split_test_id, phase, hour, variant)
    VALUES (NEW.split_test_id, NEW.phase, NEW.timestamp - NEW.timestamp % 3600000, NEW.variant);
  UPDATE test_stats_hourly
    SET conversions = conversions + 1,
        orders = orders + 1,
        revenue = revenue + NEW.amount,
        revenue_squares = revenue_squares + NEW.amount * NEW.amount
    WHERE split_test_id = NEW.split_test_id
      AND phase = NEW.phase
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant
      AND NEW.currency IS NOT NULL
      AND NEW.currency = (SELECT currency FROM split_tests WHERE id = NEW.split_test_id);
  UPDATE test_stats_hourly
    SET conversions = conversions + 1
    WHERE split_test_id = NEW.split_test_id
      AND phase = NEW.phase
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant
      AND (NEW.currency IS NULL
           OR NEW.currency IS NOT (SELECT currency FROM split_tests WHERE id = NEW.split_test_id));
END;
