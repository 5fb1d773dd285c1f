-- A session's clicks without scanning its test's packs (issue #51, point 1). click_packs holds no entry
-- a session: finding one meant reading the `sessions` of every pack of its test in the window, some
-- 16 MB at a million clicks. The session index says which hours a session has counted clicks in, so a
-- lookup reads only those hours' packs (worker/db/click-packs.ts):
-- - session_chunks: what the archive cron builds once a UTC day is over, for each test, its counted
--   sessions sorted, each as its bytes then the hours of the day it has counted clicks in (a bit mask,
--   as 8 decimal digits), some 150 to a chunk; the chunk that may hold a session is the last one of its
--   day that starts at or before it.
-- - session_chunk_mark.next_day: the days before it are indexed; the packs from it on are read whole,
--   but for the hours indexed alone: an hour of a test with 1,000 sessions or more (HOUR_SESSIONS) gets
--   chunks of its own once it is over (their `day` the hour's start, next_hour the next to look at),
--   until its day is indexed.
-- - late_sessions: each counted session of a pack written into an indexed day or hour (a late or
--   redelivered event), with its hour (click_packs_late), so no click is ever out of reach.
-- The index may name more than is there (clicks the archive moved), never less: the packs decide.
CREATE TABLE session_chunks (
  id INTEGER PRIMARY KEY,
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  day INTEGER NOT NULL,
  first_session BLOB NOT NULL,
  entries BLOB NOT NULL
);
CREATE INDEX session_chunks_start ON session_chunks(split_test_id, day, first_session);

CREATE TABLE session_chunk_mark (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  next_day INTEGER NOT NULL,
  next_hour INTEGER NOT NULL
);
INSERT INTO session_chunk_mark (id, next_day, next_hour) VALUES (1, 0, 0);

CREATE TABLE late_sessions (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  session BLOB NOT NULL,
  hour INTEGER NOT NULL,
  PRIMARY KEY (split_test_id, session, hour)
) WITHOUT ROWID;

CREATE TRIGGER click_packs_late AFTER INSERT ON click_packs
WHEN length(NEW.sessions) > 0
  AND (NEW.hour < (SELECT next_day FROM session_chunk_mark)
       OR EXISTS (SELECT 1 FROM session_chunks WHERE split_test_id = NEW.split_test_id AND day = NEW.hour))
BEGIN
  INSERT OR IGNORE INTO late_sessions (split_test_id, session, hour)
  SELECT NEW.split_test_id, unhex(k.value ->> 3), NEW.hour FROM json_each(NEW.clicks) AS k WHERE k.value ->> 4 = 0;
END;
