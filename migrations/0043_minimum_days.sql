-- Whole weeks before any call (issue #48 point 2): no verdict, alert, auto-end or promotion before a
-- test's current phase has run this many days. New tests get 7 from the API; existing tests keep 0, so
-- nothing they already decided changes.
ALTER TABLE split_tests ADD COLUMN minimum_days INTEGER NOT NULL DEFAULT 0;
