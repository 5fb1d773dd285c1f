-- A pack written in one row, not two (issue #51, point 4). click_packs was a rowid table with a unique
-- key (split_test_id, hour, seq): each pack written cost D1 two rows, the row and its key entry, some
-- 0.35 of the 0.80 rows a click wrote all in (a deleted one counts once). Now click_packs is WITHOUT
-- ROWID on that key: one row each.
-- The packs written before stay in the table they are in, renamed click_packs_before (its key keeps its
-- name, click_packs_key), and the archive cron moves them into click_packs in steps
-- (worker/db/click-packs.ts, movePacksBefore): a shard's 30 days are millions of packs, more than one
-- statement does within D1's 30 s, and copying them at once would double the database. Until none is left:
-- - what reads a session's clicks, the clicks in time order (the view `clicks`) or the first click reads
--   both tables (worker/db/click-packs.ts);
-- - the session index and the archive wait, as they waited for the clicks not packed yet (0054);
-- - a new pack's seq comes after those of its test and hour in both tables, so a pack moved keeps its
--   seq, and a pack moved is no late click (click_packs_late).
-- The packs of the hours the hourly rollup does not count yet (from hour_compaction.through on, an hour
-- or so) move here at once: the hourly counts read click_packs alone (worker/db/hour-stats.ts).
-- A row of a WITHOUT ROWID table over about 1 KB keeps some 500 bytes on its page and the rest on
-- overflow pages, where a rowid table keeps up to 4 KB: the shard's writer packs a small write's clicks
-- to stay on the page (PACK_PAGE_BYTES, worker/db/click-packs.ts).
DROP VIEW clicks;
DROP VIEW packed_clicks;
DROP TRIGGER click_packs_late;
DROP TRIGGER hour_compaction_moved;
ALTER TABLE click_packs RENAME TO click_packs_before;

CREATE TABLE click_packs (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  hour INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  sessions BLOB NOT NULL,
  clicks TEXT NOT NULL,
  PRIMARY KEY (split_test_id, hour, seq)
) WITHOUT ROWID;

INSERT INTO click_packs (split_test_id, hour, seq, sessions, clicks)
  SELECT split_test_id, hour, seq, sessions, clicks FROM click_packs_before
  WHERE hour >= (SELECT through FROM hour_compaction);
DELETE FROM click_packs_before WHERE hour >= (SELECT through FROM hour_compaction);

-- As in 0054, over each table.
CREATE VIEW packed_clicks AS
  SELECT p.split_test_id, p.hour, p.sessions, p.hour + (c.value ->> 0) AS timestamp, c.value ->> 1 AS id,
         c.value ->> 2 AS variant, unhex(c.value ->> 3) AS session,
         CASE WHEN length(c.value ->> 3) = 32
              THEN substr(c.value ->> 3, 1, 8) || '-' || substr(c.value ->> 3, 9, 4) || '-' || substr(c.value ->> 3, 13, 4) || '-' || substr(c.value ->> 3, 17, 4) || '-' || substr(c.value ->> 3, 21)
              ELSE CAST(unhex(c.value ->> 3) AS TEXT) END AS session_id,
         c.value ->> 4 AS is_bot, c.value ->> 5 AS source, c.value ->> 6 AS device, c.value ->> 7 AS os,
         c.value ->> 8 AS country, c.value ->> 9 AS referrer_host, c.value ->> 10 AS phase,
         c.value ->> 11 AS first_of_address_hour, c.value ->> 12 AS first_of_session
  FROM click_packs AS p CROSS JOIN json_each(p.clicks) AS c;

CREATE VIEW packed_clicks_before AS
  SELECT p.split_test_id, p.hour, p.sessions, p.hour + (c.value ->> 0) AS timestamp, c.value ->> 1 AS id,
         c.value ->> 2 AS variant, unhex(c.value ->> 3) AS session,
         CASE WHEN length(c.value ->> 3) = 32
              THEN substr(c.value ->> 3, 1, 8) || '-' || substr(c.value ->> 3, 9, 4) || '-' || substr(c.value ->> 3, 13, 4) || '-' || substr(c.value ->> 3, 17, 4) || '-' || substr(c.value ->> 3, 21)
              ELSE CAST(unhex(c.value ->> 3) AS TEXT) END AS session_id,
         c.value ->> 4 AS is_bot, c.value ->> 5 AS source, c.value ->> 6 AS device, c.value ->> 7 AS os,
         c.value ->> 8 AS country, c.value ->> 9 AS referrer_host, c.value ->> 10 AS phase,
         c.value ->> 11 AS first_of_address_hour, c.value ->> 12 AS first_of_session
  FROM click_packs_before AS p CROSS JOIN json_each(p.clicks) AS c;

CREATE VIEW clicks AS
  SELECT * FROM packed_clicks UNION ALL SELECT * FROM packed_clicks_before UNION ALL SELECT * FROM unpacked_clicks;

-- As in 0054, after the packs of the click's test and hour in both tables.
CREATE TRIGGER clicks_insert INSTEAD OF INSERT ON clicks
BEGIN
  INSERT INTO click_packs (split_test_id, hour, seq, clicks, sessions)
  VALUES (NEW.split_test_id, NEW.timestamp - NEW.timestamp % 3600000,
          max(coalesce((SELECT max(seq) FROM click_packs
                        WHERE split_test_id = NEW.split_test_id AND hour = NEW.timestamp - NEW.timestamp % 3600000), 0),
              coalesce((SELECT max(seq) FROM click_packs_before
                        WHERE split_test_id = NEW.split_test_id AND hour = NEW.timestamp - NEW.timestamp % 3600000), 0)) + 1,
          json_array(json_array(NEW.timestamp % 3600000, NEW.id, NEW.variant, lower(hex(NEW.session)),
                                coalesce(NEW.is_bot, 0), NEW.source, NEW.device, NEW.os, NEW.country, NEW.referrer_host,
                                coalesce(NEW.phase, 1), coalesce(NEW.first_of_address_hour, 0),
                                coalesce(NEW.first_of_session, 0))),
          CASE WHEN coalesce(NEW.is_bot, 0) = 0 THEN NEW.session ELSE x'' END);
END;

-- As in 0055, but for a pack moved from click_packs_before as it was (still there while it is copied):
-- the days it is of were indexed with it.
CREATE TRIGGER click_packs_late AFTER INSERT ON click_packs
WHEN length(NEW.sessions) > 0
  AND (NEW.hour < (SELECT next_day FROM session_chunk_mark)
       OR EXISTS (SELECT 1 FROM session_chunks WHERE split_test_id = NEW.split_test_id AND day = NEW.hour))
  AND NOT EXISTS (SELECT 1 FROM click_packs_before
                  WHERE split_test_id = NEW.split_test_id AND hour = NEW.hour AND seq = NEW.seq
                    AND clicks = NEW.clicks)
BEGIN
  INSERT OR IGNORE INTO late_sessions (split_test_id, session, hour)
  SELECT NEW.split_test_id, unhex(k.value ->> 3), NEW.hour FROM json_each(NEW.clicks) AS k WHERE k.value ->> 4 = 0;
END;

-- As in 0056, over click_packs: the packs from `through` on are all there.
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
