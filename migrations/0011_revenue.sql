-- Revenue and server-side conversions (issue #21). 0009 and 0010 belong to other changes.

-- What decides a test, and the one currency of its revenue: set at creation, or by the first valued
-- conversion that is recorded (the trigger below). Amounts are integers in minor units (cents).
ALTER TABLE split_tests ADD COLUMN primary_metric TEXT NOT NULL DEFAULT 'conversion_rate'
  CHECK (primary_metric IN ('conversion_rate', 'revenue_per_visitor'));
ALTER TABLE split_tests ADD COLUMN currency TEXT CHECK (currency GLOB '[A-Z][A-Z][A-Z]');

-- A conversion's value, when it has one: an amount and its currency, both or neither. Still at most
-- one conversion per test and session (conversions_test_session_idx): one order per visitor, so a
-- visitor's revenue is that one amount (or 0) and the rollup's sum of squares below is exact.
ALTER TABLE conversions ADD COLUMN amount INTEGER CHECK (amount >= 0);
ALTER TABLE conversions ADD COLUMN currency TEXT CHECK ((currency IS NULL) = (amount IS NULL));

-- Per test, hour and variant: valued conversions, their revenue and the sum of its squares (minor
-- units). With the visitors, that is all Welch's and the always-valid intervals of revenue per visitor
-- need, without a scan of the raw rows. The squares grow fast: past 2^63 SQLite carries on in floating
-- point instead of failing, and the statistics read them as doubles anyway.
ALTER TABLE test_stats_hourly ADD COLUMN orders INTEGER NOT NULL DEFAULT 0;
ALTER TABLE test_stats_hourly ADD COLUMN revenue INTEGER NOT NULL DEFAULT 0;
ALTER TABLE test_stats_hourly ADD COLUMN revenue_squares INTEGER NOT NULL DEFAULT 0;

DROP TRIGGER conversions_rollup;
CREATE TRIGGER conversions_rollup AFTER INSERT ON conversions
BEGIN
  INSERT OR IGNORE INTO test_stats_hourly (split_test_id, hour, variant)
    VALUES (NEW.split_test_id, NEW.timestamp - NEW.timestamp % 3600000, NEW.variant);
  UPDATE test_stats_hourly
    SET conversions = conversions + 1,
        orders = orders + (NEW.amount IS NOT NULL),
        revenue = revenue + coalesce(NEW.amount, 0),
        revenue_squares = revenue_squares + coalesce(NEW.amount, 0) * coalesce(NEW.amount, 0)
    WHERE split_test_id = NEW.split_test_id
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant;
END;

-- One currency per test, row by row inside the statement that inserts a batch: a conversion in
-- another currency than the test's is skipped (RAISE(IGNORE) drops the row, the statement goes on),
-- and the first valued one recorded gives a test without a currency its own.
CREATE TRIGGER conversions_currency_check BEFORE INSERT ON conversions
WHEN NEW.currency IS NOT NULL
  AND (SELECT currency FROM split_tests WHERE id = NEW.split_test_id) <> NEW.currency
BEGIN
  SELECT RAISE(IGNORE);
END;

CREATE TRIGGER conversions_currency_set AFTER INSERT ON conversions WHEN NEW.currency IS NOT NULL
BEGIN
  UPDATE split_tests SET currency = NEW.currency WHERE id = NEW.split_test_id AND currency IS NULL;
END;

-- Server-side conversions (POST /api/v1/conversions): an Idempotency-Key answers its first answer for
-- 24 hours. The request that inserts the row holds the key (claim); in the same D1 batch it records
-- the conversion and stores its answer (status 201 or 200 and the conversion it carried; conversions
-- never change), or deletes the row again when it was refused, so a refusal can be retried with the
-- same key. Expired rows are deleted by later requests (worker/services/conversions.ts).
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  -- SHA-256 of the request's test, session, amount and currency: the same key with another request is refused.
  fingerprint TEXT NOT NULL,
  claim TEXT NOT NULL,
  status INTEGER,
  conversion_id TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys(created_at);
