-- Fewer bytes per click in D1 (issue #35, point 1). A click's session id was 36 characters, kept twice
-- (the row and the session index entry): now it is the UUID's 16 bytes (session), and session_id is a
-- virtual column that reads them back as the UUID, so nothing is stored for it (worker/db/session-bytes.ts
-- holds its expression, repeated here). A session id that was not a UUID keeps its characters, as bytes.
--
-- The address hash is 48 bits now, 8 characters instead of 16 (worker/redirect/session.ts). The new hash
-- of an address is the first 8 characters of its old one (the same HMAC, cut shorter), so the rows kept
-- are cut to match: an address's clicks and conversions before the deploy still count toward its limits.
CREATE TABLE clicks_next (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  timestamp INTEGER NOT NULL,
  id TEXT NOT NULL,
  variant TEXT NOT NULL CHECK (variant GLOB '[A-H]'),
  session BLOB NOT NULL,
  is_bot INTEGER NOT NULL DEFAULT 0,
  source TEXT,
  device TEXT,
  os TEXT,
  country TEXT,
  referrer_host TEXT,
  phase INTEGER NOT NULL DEFAULT 1,
  first_of_address_hour INTEGER NOT NULL DEFAULT 0,
  first_of_session INTEGER NOT NULL DEFAULT 0,
  session_id TEXT GENERATED ALWAYS AS (CASE WHEN length(session) = 16 THEN lower(substr(hex(session), 1, 8) || '-' || substr(hex(session), 9, 4) || '-' || substr(hex(session), 13, 4) || '-' || substr(hex(session), 17, 4) || '-' || substr(hex(session), 21)) ELSE CAST(session AS TEXT) END) VIRTUAL,
  PRIMARY KEY (split_test_id, timestamp, id)
) WITHOUT ROWID;
INSERT INTO clicks_next (split_test_id, timestamp, id, variant, session, is_bot, source, device, os, country,
                         referrer_host, phase, first_of_address_hour, first_of_session)
  SELECT split_test_id, timestamp, id, variant,
         coalesce((CASE WHEN lower(substr(hex(unhex(session_id, '-')), 1, 8) || '-' || substr(hex(unhex(session_id, '-')), 9, 4) || '-' || substr(hex(unhex(session_id, '-')), 13, 4) || '-' || substr(hex(unhex(session_id, '-')), 17, 4) || '-' || substr(hex(unhex(session_id, '-')), 21)) = session_id THEN unhex(session_id, '-') END),
                  CAST(session_id AS BLOB)),
         is_bot, substr(source, 1, 8), device, os, country, referrer_host, phase, first_of_address_hour,
         first_of_session
  FROM clicks;
DROP TABLE clicks;
ALTER TABLE clicks_next RENAME TO clicks;
CREATE INDEX clicks_test_session_idx ON clicks(split_test_id, session) WHERE is_bot = 0;
CREATE INDEX clicks_test_source_idx ON clicks(split_test_id, source, timestamp) WHERE first_of_address_hour = 1;

UPDATE conversions SET address = substr(address, 1, 8) WHERE length(address) > 8;
