-- Fewer rows written per click (issue #35, point 1). D1 counts every index entry a write touches as a
-- written row, so a click wrote five before this: its row, the id's unique index, (test, time),
-- (test, session) and (test, address), and a row of address_sessions per new session and hour.
--
-- clicks is keyed by (test, time, id) WITHOUT ROWID: the primary key is the row, and it serves what the
-- id index and the time index did. A redelivered event carries its test, time and id again, so the key
-- still makes its second insert nothing (worker/queue/record.ts); the archive, the export and the
-- setup checklist read a test's clicks in (time, id) order straight from it.
-- The session index (attribution, first visits) and the address index (the per-address session limit,
-- the decision's held-back addresses) hold only counted clicks (is_bot = 0): every query through them
-- asks for those only. The address index now answers the per-address limit, so address_sessions (a row
-- per new session, address and hour) goes.
-- The rollups are WITHOUT ROWID too: a new key is one written row instead of two.

-- The conversions' triggers name the session index; they come back below, once it exists again.
DROP TRIGGER conversions_segments;
DROP TRIGGER conversions_rollup;
DROP TRIGGER conversions_other_currency;

CREATE TABLE clicks_next (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  timestamp INTEGER NOT NULL,
  id TEXT NOT NULL,
  variant TEXT NOT NULL CHECK (variant GLOB '[A-H]'),
  session_id TEXT NOT NULL,
  is_bot INTEGER NOT NULL DEFAULT 0,
  source TEXT,
  device TEXT,
  os TEXT,
  country TEXT,
  referrer_host TEXT,
  phase INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (split_test_id, timestamp, id)
) WITHOUT ROWID;
INSERT INTO clicks_next (split_test_id, timestamp, id, variant, session_id, is_bot, source, device, os, country,
                         referrer_host, phase)
  SELECT split_test_id, timestamp, id, variant, session_id, is_bot, source, device, os, country, referrer_host, phase
  FROM clicks;
DROP TABLE clicks;
ALTER TABLE clicks_next RENAME TO clicks;
CREATE INDEX clicks_test_session_idx ON clicks(split_test_id, session_id) WHERE is_bot = 0;
CREATE INDEX clicks_test_source_idx ON clicks(split_test_id, source, timestamp)
  WHERE source IS NOT NULL AND is_bot = 0;

DROP TABLE address_sessions;

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
) WITHOUT ROWID;
INSERT INTO test_stats_hourly_next
  (split_test_id, phase, hour, variant, clicks, visitors, conversions, orders, revenue, revenue_squares)
  SELECT split_test_id, phase, hour, variant, clicks, visitors, conversions, orders, revenue, revenue_squares
  FROM test_stats_hourly;
DROP TABLE test_stats_hourly;
ALTER TABLE test_stats_hourly_next RENAME TO test_stats_hourly;

CREATE TABLE test_segments_next (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  variant TEXT NOT NULL CHECK (variant GLOB '[A-H]'),
  dimension TEXT NOT NULL CHECK (dimension IN ('device', 'os', 'country', 'referrer')),
  value TEXT NOT NULL,
  visitors INTEGER NOT NULL DEFAULT 0,
  conversions INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (split_test_id, variant, dimension, value)
) WITHOUT ROWID;
INSERT INTO test_segments_next (split_test_id, variant, dimension, value, visitors, conversions)
  SELECT split_test_id, variant, dimension, value, visitors, conversions FROM test_segments;
DROP TABLE test_segments;
ALTER TABLE test_segments_next RENAME TO test_segments;

-- As migrations/0014_audiences.sql, 0016_trust.sql and 0018_phases.sql left them.
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
CREATE TRIGGER conversions_other_currency AFTER INSERT ON conversions
WHEN NEW.currency IS NOT NULL AND NEW.currency IS NOT (SELECT currency FROM split_tests WHERE id = NEW.split_test_id)
BEGIN
  INSERT INTO traffic_quality (split_test_id, reason, events) VALUES (NEW.split_test_id, 'other_currency', 1)
    ON CONFLICT (split_test_id, reason) DO UPDATE SET events = events + 1;
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
