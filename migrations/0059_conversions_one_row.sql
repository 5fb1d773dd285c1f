-- A conversion written as one row and three index entries, not five rows (issue #51, point 4).
-- conversions was a rowid table keyed by its id: each conversion cost D1 five rows written (the row, the
-- id's key and the three indexes), 0.15 of the 0.38 rows a click wrote all in at 100 million clicks a day.
-- Now the id is the key of a WITHOUT ROWID table: four. The indexes, their names and the trigger are as
-- they were (a row is deleted by its id: worker/archive/archive.ts, purge.ts).
-- The rows move in steps of 250,000, each copied and then deleted from the old table, so that no
-- statement holds many (a shard keeps some 1.3 million over the window: bench/RESULTS.md §39 times the
-- move) and the database never holds them twice (a shard near its 10 GB would not have the room): the
-- pages a step frees take the next step's rows. The old table's indexes go first, so its deletes write
-- one entry each, and the new ones are built once the rows are in.
DROP INDEX conversions_test_session_idx;
DROP INDEX conversions_test_time_idx;
DROP INDEX conversions_test_address_idx;
DROP TRIGGER conversions_value_changed;

CREATE TABLE conversions_next (
  id TEXT PRIMARY KEY NOT NULL,
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  variant TEXT NOT NULL CHECK (variant GLOB '[A-H]'),
  session_id TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  amount INTEGER CHECK (amount >= 0),
  currency TEXT CHECK ((currency IS NULL) = (amount IS NULL)),
  source TEXT NOT NULL DEFAULT 'beacon' CHECK (source IN ('beacon', 'server')),
  address TEXT,
  phase INTEGER NOT NULL DEFAULT 1
) WITHOUT ROWID;

INSERT INTO conversions_next (id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase)
  SELECT id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase FROM conversions ORDER BY rowid LIMIT 250000;
DELETE FROM conversions WHERE rowid IN (SELECT rowid FROM conversions ORDER BY rowid LIMIT 250000);
INSERT INTO conversions_next (id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase)
  SELECT id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase FROM conversions ORDER BY rowid LIMIT 250000;
DELETE FROM conversions WHERE rowid IN (SELECT rowid FROM conversions ORDER BY rowid LIMIT 250000);
INSERT INTO conversions_next (id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase)
  SELECT id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase FROM conversions ORDER BY rowid LIMIT 250000;
DELETE FROM conversions WHERE rowid IN (SELECT rowid FROM conversions ORDER BY rowid LIMIT 250000);
INSERT INTO conversions_next (id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase)
  SELECT id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase FROM conversions ORDER BY rowid LIMIT 250000;
DELETE FROM conversions WHERE rowid IN (SELECT rowid FROM conversions ORDER BY rowid LIMIT 250000);
INSERT INTO conversions_next (id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase)
  SELECT id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase FROM conversions ORDER BY rowid LIMIT 250000;
DELETE FROM conversions WHERE rowid IN (SELECT rowid FROM conversions ORDER BY rowid LIMIT 250000);
INSERT INTO conversions_next (id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase)
  SELECT id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase FROM conversions ORDER BY rowid LIMIT 250000;
DELETE FROM conversions WHERE rowid IN (SELECT rowid FROM conversions ORDER BY rowid LIMIT 250000);
INSERT INTO conversions_next (id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase)
  SELECT id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase FROM conversions ORDER BY rowid LIMIT 250000;
DELETE FROM conversions WHERE rowid IN (SELECT rowid FROM conversions ORDER BY rowid LIMIT 250000);
INSERT INTO conversions_next (id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase)
  SELECT id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase FROM conversions ORDER BY rowid LIMIT 250000;
DELETE FROM conversions WHERE rowid IN (SELECT rowid FROM conversions ORDER BY rowid LIMIT 250000);
-- What is left after 2 million (none at the volumes of docs/capacity.md).
INSERT INTO conversions_next (id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase)
  SELECT id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase FROM conversions;
DROP TABLE conversions;
ALTER TABLE conversions_next RENAME TO conversions;

CREATE UNIQUE INDEX conversions_test_session_idx ON conversions(split_test_id, session_id);
CREATE INDEX conversions_test_time_idx ON conversions(split_test_id, timestamp);
CREATE INDEX conversions_test_address_idx ON conversions(split_test_id, address, timestamp)
  WHERE address IS NOT NULL;

-- As in migrations/0029_click_rows.sql.
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
