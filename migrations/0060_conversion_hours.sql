-- A conversion's hourly counts written once an hour, not once a write (issue #51, point 4), as
-- migrations/0056_hour_compaction.sql did for clicks. The consumer upserted test_stats_hourly for every
-- test, phase, hour and variant of each batch of conversions, after looking up each conversion's click
-- once more (some 290 rows read each, and 0.56 rows written a conversion). Now:
-- - moving hour_compaction.through adds the conversions of the hours it passes to test_stats_hourly, an
--   upsert per key an hour (the trigger below, beside the clicks'), valued when in the test's currency;
-- - a conversion of an hour before the mark (late: a server's, a pending one counted once its click came)
--   is counted by the consumer as before;
-- - a reader adds the conversions from the mark on from the conversions themselves (worker/db/hour-stats.ts,
--   testStats), by the test and time index;
-- - a payment that changes a conversion's value changes its hour's revenue only once the hour is counted
--   (conversions_value_changed): before, the compaction reads the value as it is then.
-- hour_compaction.conversions_from: the consumer counted the conversions of the hours before it itself.
-- A database that holds conversions starts at the next hour: the current one's are in the rollup already,
-- and the version before this one, still running while the new one deploys, counts them as it did.
ALTER TABLE hour_compaction ADD COLUMN conversions_from INTEGER NOT NULL DEFAULT 0;
UPDATE hour_compaction SET conversions_from =
  CASE WHEN EXISTS (SELECT 1 FROM conversions) OR EXISTS (SELECT 1 FROM test_stats_hourly WHERE conversions > 0)
       THEN (CAST(strftime('%s', 'now') AS INTEGER) * 1000 / 3600000 + 1) * 3600000
       ELSE 0 END;

-- The clicks as in migrations/0057_packs_one_row.sql, then the conversions of the hours passed from
-- conversions_from on, a seek per test by its time index.
DROP TRIGGER hour_compaction_moved;
CREATE TRIGGER hour_compaction_moved AFTER UPDATE OF through ON hour_compaction
BEGIN
  INSERT INTO test_stats_hourly (split_test_id, phase, hour, variant, clicks, visitors)
  SELECT p.split_test_id, k.value ->> 10, p.hour, k.value ->> 2, count(*), sum(k.value ->> 13)
  FROM split_tests AS t
    JOIN click_packs AS p ON p.split_test_id = t.id AND p.hour >= OLD.through AND p.hour < NEW.through
    CROSS JOIN json_each(p.clicks) AS k
  WHERE k.value ->> 4 = 0 AND k.value ->> 13 IS NOT NULL
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (split_test_id, phase, hour, variant)
    DO UPDATE SET clicks = clicks + excluded.clicks, visitors = visitors + excluded.visitors;
  INSERT INTO test_stats_hourly (split_test_id, phase, hour, variant, conversions, orders, revenue, revenue_squares)
  SELECT c.split_test_id, c.phase, c.timestamp - c.timestamp % 3600000, c.variant, count(*),
         count(CASE WHEN c.currency = t.currency THEN 1 END),
         coalesce(sum(CASE WHEN c.currency = t.currency THEN c.amount END), 0),
         coalesce(sum(CASE WHEN c.currency = t.currency THEN c.amount * c.amount END), 0)
  FROM split_tests AS t
    JOIN conversions AS c ON c.split_test_id = t.id AND c.timestamp >= max(OLD.through, NEW.conversions_from)
      AND c.timestamp < NEW.through
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (split_test_id, phase, hour, variant) DO UPDATE SET
    conversions = conversions + excluded.conversions, orders = orders + excluded.orders,
    revenue = revenue + excluded.revenue, revenue_squares = revenue_squares + excluded.revenue_squares;
END;

-- As in migrations/0059_conversions_one_row.sql, for a conversion the rollup counts already.
DROP TRIGGER conversions_value_changed;
CREATE TRIGGER conversions_value_changed AFTER UPDATE OF amount ON conversions
WHEN NEW.currency IS NOT NULL AND NEW.amount IS NOT OLD.amount
  AND NEW.currency = (SELECT currency FROM split_tests WHERE id = NEW.split_test_id)
  AND NEW.timestamp < (SELECT max(through, conversions_from) FROM hour_compaction)
BEGIN
  UPDATE test_stats_hourly
    SET revenue = revenue + NEW.amount - OLD.amount,
        revenue_squares = revenue_squares + NEW.amount * NEW.amount - OLD.amount * OLD.amount
    WHERE split_test_id = NEW.split_test_id
      AND phase = NEW.phase
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant;
END;
