-- Fewer rows written per click (issue #35, point 1). D1 counts every index entry a write touches as a
-- written row, so a click wrote five before this: its row, the id's unique index, (test, time),
-- (test, session) and (test, address), and a row of address_sessions per new session and hour.
--
-- clicks is keyed by (test, time, id) WITHOUT ROWID: the primary key is the row, and it serves what the
-- id index and the time index did. A redelivered event carries its test, time and id again, so the key
-- still makes its second insert nothing (worker/queue/record.ts); the archive, the export and the
-- setup checklist read a test's clicks in (time, id) order straight from it.
-- The session index (attribution, first visits) holds only counted clicks (is_bot = 0): every query
-- through it asks for those only. The address index holds one click per session, address, hour, phase
-- and variant, the first counted one (first_of_address_hour = 1): what the per-address session limit
-- and the decision's held-back addresses need, and bounded like the sessions a test counts per address
-- and hour. It now answers the per-address limit, so address_sessions (a row per new session, address
-- and hour) goes.
-- The rollups are WITHOUT ROWID too: a new key is one written row instead of two.
--
-- The conversions' rollups (hourly, segments, other currency) are counted once per key and batch, in
-- the statement batch that inserts them (worker/db/attribution.ts, conversionRollups: the queue
-- consumer's batch and the server-side API's request), instead of by these triggers per row.
DROP TRIGGER conversions_segments;
DROP TRIGGER conversions_rollup;
DROP TRIGGER conversions_other_currency;
-- Stripe's refund trigger (0027) names test_stats_hourly, which is rebuilt below: set aside, made again at the end.
DROP TRIGGER conversions_value_changed;

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
  first_of_address_hour INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (split_test_id, timestamp, id)
) WITHOUT ROWID;
INSERT INTO clicks_next (split_test_id, timestamp, id, variant, session_id, is_bot, source, device, os, country,
                         referrer_host, phase, first_of_address_hour)
  SELECT split_test_id, timestamp, id, variant, session_id, is_bot, source, device, os, country, referrer_host, phase,
         is_bot = 0 AND source IS NOT NULL
           AND row_number() OVER (
             PARTITION BY split_test_id, source, is_bot, timestamp - timestamp % 3600000, phase, variant, session_id
             ORDER BY timestamp, id) = 1
  FROM clicks;
DROP TABLE clicks;
ALTER TABLE clicks_next RENAME TO clicks;
CREATE INDEX clicks_test_session_idx ON clicks(split_test_id, session_id) WHERE is_bot = 0;
CREATE INDEX clicks_test_source_idx ON clicks(split_test_id, source, timestamp) WHERE first_of_address_hour = 1;

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

-- A Stripe payment's value changed on a conversion already counted (a renewal, a refund): its rollup
-- follows (as in 0027).
CREATE TRIGGER conversions_value_changed AFTER UPDATE OF amount ON conversions
WHEN NEW.currency IS NOT NULL AND NEW.amount IS NOT OLD.amount
  AND NEW.currency = (SELECT currency FROM split_tests WHERE id = NEW.split_test_id)
BEGIN
  UPDATE test_stats_hourly
    SET revenue = revenue + NEW.amount - OLD.amount,
        revenue_squares = revenue_squares + NEW.amount * NEW.amount - OLD.amount * OLD.amount
    WHERE split_test_id = NEW.split_test_id
      AND phase = NEW.phase
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant;
END;
