-- A bot's or a burst's click counted on its test's traffic quality once an hour, not once a write (issue
-- #51, point 4), as migrations/0056_hour_compaction.sql did for the clicks' hourly counts. The shard's
-- writer upserted traffic_quality for each test and reason of a write's flagged clicks: some 2.3 rows
-- written a hundred clicks, a write every hold of a shard's 20 tests or more. Every click is in its pack,
-- flagged (is_bot, the fifth field: 1 a bot, 2 a burst) or not, so now:
-- - moving hour_compaction.through adds the flagged clicks of the hours it passes to traffic_quality, an
--   upsert per test and reason (the trigger below, beside the clicks' and the conversions');
-- - a flagged click of an hour before the mark (late) is counted by the writer as before;
-- - a reader adds the flagged clicks of the packs from the mark on (worker/db/hour-stats.ts,
--   UNCOUNTED_OF_TEST).
-- hour_compaction.flagged_from: the writer counted the flagged clicks of the hours before it itself. A
-- database that holds clicks starts at the next hour: the current one's are counted already, and the
-- version before this one, still running while the new one deploys, counts them as it did.
ALTER TABLE hour_compaction ADD COLUMN flagged_from INTEGER NOT NULL DEFAULT 0;
UPDATE hour_compaction SET flagged_from =
  CASE WHEN EXISTS (SELECT 1 FROM click_packs) OR EXISTS (SELECT 1 FROM traffic_quality WHERE reason IN ('bot', 'burst'))
       THEN (CAST(strftime('%s', 'now') AS INTEGER) * 1000 / 3600000 + 1) * 3600000
       ELSE 0 END;

-- The clicks and the conversions as in migrations/0060_conversion_hours.sql, then the flagged clicks of
-- the hours passed from flagged_from on.
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
  INSERT INTO traffic_quality (split_test_id, reason, events)
  SELECT p.split_test_id, CASE k.value ->> 4 WHEN 1 THEN 'bot' ELSE 'burst' END, count(*)
  FROM split_tests AS t
    JOIN click_packs AS p ON p.split_test_id = t.id AND p.hour >= max(OLD.through, NEW.flagged_from)
      AND p.hour < NEW.through
    CROSS JOIN json_each(p.clicks) AS k
  WHERE k.value ->> 4 <> 0
  GROUP BY 1, 2
  ON CONFLICT (split_test_id, reason) DO UPDATE SET events = events + excluded.events;
END;
