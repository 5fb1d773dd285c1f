-- A click's hourly counts written once an hour, not once a write (issue #51, point 4). The shard's writer
-- upserted test_stats_hourly's clicks and visitors for every test, phase, hour and variant of each write:
-- about two rows written for every three clicks, most of D1's rows. Now:
-- - a pack's click carries its phase visitor (a 14th field, worker/db/click-packs.ts) beside the rest;
-- - hour_compaction.through: test_stats_hourly counts every click of the hours before it. The archive
--   cron moves it on once an hour is over (worker/db/hour-stats.ts), and moving it adds the clicks of
--   the packs of the hours it passes to test_stats_hourly, an upsert per key an hour (the trigger below,
--   in the same statement);
-- - a click of an hour before `through` (late, or redelivered) is counted by the writer as before;
-- - a reader adds to the rollup the clicks of the packs from `through` on that carry their phase visitor
--   (worker/db/hour-stats.ts, testStats; a click packed before this migration carries none: the rollup
--   holds it already).
-- A database that holds clicks starts at the next hour: the current one's are in the rollup already.
CREATE TABLE hour_compaction (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  through INTEGER NOT NULL
);
INSERT INTO hour_compaction (id, through)
  SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM click_packs) OR EXISTS (SELECT 1 FROM clicks_unpacked)
                   OR EXISTS (SELECT 1 FROM test_stats_hourly)
                 THEN (CAST(strftime('%s', 'now') AS INTEGER) * 1000 / 3600000 + 1) * 3600000
                 ELSE 0 END;

-- The human clicks of the packs of the hours passed that carry their phase visitor, a seek per test.
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
END;
