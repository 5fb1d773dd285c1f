-- Many clicks to a row (issue #51, point 1). D1 bills a row written whatever its size, and a click row
-- plus its session index entry were two of them. Now:
-- - click_packs holds every click (counted, bot and burst), many to a row: one pack per test and clock
--   hour for each write of the shard's writer (worker/queue/record.ts), its clicks a JSON array of
--   arrays in the order of worker/db/click-packs.ts (the time as milliseconds into the hour, the session
--   as the hex of its bytes), and the bytes of its counted clicks' sessions one after another
--   (`sessions`): a session's clicks are found by the packs whose `sessions` hold its bytes (instr),
--   then unpacked, which is what the session index did. What reads a test's clicks in time order (the
--   archive, the export, the held-back visitors, the segments' compaction) reads its packs hour by hour.
-- - clicks, the clicks one per row as they were, is a view over the packs (packed_clicks), with each
--   pack's hour and sessions, and over the clicks not packed yet (unpacked_clicks); an insert into it
--   packs each click alone (a trigger). SQLite reads a compound view joined to another table whole, so
--   a query that joins the clicks reads the two apart (worker/db/click-packs.ts, eachClicks).
-- A pack holds at most 200 clicks (PACK_CLICKS, worker/db/click-packs.ts: a session's lookup unpacks
-- the packs that hold it). Packs are a rowid table: in a WITHOUT ROWID one, a row of a kilobyte or more
-- spills to an overflow page it barely fills.
CREATE TABLE click_packs (
  id INTEGER PRIMARY KEY,
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  hour INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  sessions BLOB NOT NULL,
  clicks TEXT NOT NULL
);
CREATE UNIQUE INDEX click_packs_key ON click_packs(split_test_id, hour, seq);

-- The clicks already written move into packs in steps, not here: a shard's 30 days (tens of millions of
-- clicks) are far more than one statement does within D1's 30 s. They stay in clicks_unpacked, with
-- their key and session index, which the view below reads as well, and the archive cron packs them, the
-- first rows of their key at a time (worker/db/click-packs.ts, packUnpackedClicks), until none is left.
ALTER TABLE clicks RENAME TO clicks_unpacked;

-- The order of a pack's fields is worker/db/click-packs.ts's (packedClick).
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

CREATE VIEW unpacked_clicks AS
  SELECT u.split_test_id, u.timestamp - u.timestamp % 3600000 AS hour,
         CASE WHEN u.is_bot = 0 THEN u.session ELSE x'' END AS sessions, u.timestamp, u.id, u.variant, u.session,
         u.session_id, u.is_bot, u.source, u.device, u.os, u.country, u.referrer_host, u.phase,
         u.first_of_address_hour, u.first_of_session
  FROM clicks_unpacked AS u;

CREATE VIEW clicks AS SELECT * FROM packed_clicks UNION ALL SELECT * FROM unpacked_clicks;

CREATE TRIGGER clicks_insert INSTEAD OF INSERT ON clicks
BEGIN
  INSERT INTO click_packs (split_test_id, hour, seq, clicks, sessions)
  VALUES (NEW.split_test_id, NEW.timestamp - NEW.timestamp % 3600000,
          coalesce((SELECT max(seq) FROM click_packs
                    WHERE split_test_id = NEW.split_test_id AND hour = NEW.timestamp - NEW.timestamp % 3600000), 0) + 1,
          json_array(json_array(NEW.timestamp % 3600000, NEW.id, NEW.variant, lower(hex(NEW.session)),
                                coalesce(NEW.is_bot, 0), NEW.source, NEW.device, NEW.os, NEW.country, NEW.referrer_host,
                                coalesce(NEW.phase, 1), coalesce(NEW.first_of_address_hour, 0),
                                coalesce(NEW.first_of_session, 0))),
          CASE WHEN coalesce(NEW.is_bot, 0) = 0 THEN NEW.session ELSE x'' END);
END;
