-- A fraction of the writes (issue #35): the rollups of clicks and rule visits are counted by the queue
-- consumer once per batch and key (worker/queue/record.ts, worker/queue/rule-visits.ts), in the
-- transaction that inserts the events and only for the rows it inserts, instead of by a trigger per
-- event. Each trigger below did one to five row writes per event; the batch does one per key.
DROP TRIGGER clicks_rollup;
DROP TRIGGER clicks_segments;
DROP TRIGGER clicks_traffic_quality;
DROP TRIGGER clicks_address_sessions;
DROP TRIGGER rule_visits_counts;

-- The per-address session counter keyed by hour first: the consumer's check (test, address, hour) and
-- the archive cron's delete of the hours gone (hour < ?) both read the primary key, so the second
-- index, one more row written per new session, goes. The rows stay.
CREATE TABLE address_sessions_next (
  hour INTEGER NOT NULL,
  split_test_id TEXT NOT NULL,
  source TEXT NOT NULL,
  session_id TEXT NOT NULL,
  PRIMARY KEY (hour, split_test_id, source, session_id)
) WITHOUT ROWID;
INSERT INTO address_sessions_next (hour, split_test_id, source, session_id)
  SELECT hour, split_test_id, source, session_id FROM address_sessions;
DROP TABLE address_sessions;
ALTER TABLE address_sessions_next RENAME TO address_sessions;
