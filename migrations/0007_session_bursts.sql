-- Forged traffic: a click that opened a new visitor session carries `source`, a keyed hash of its
-- address for that test (never the address itself). Past NEW_SESSIONS_PER_ADDRESS_HOUR new sessions of
-- one test from one address within an hour (worker/queue/record.ts), a click is recorded with
-- is_bot = 2 (flagged) and, like a bot's (is_bot = 1), left out of every statistic: the rollup, the
-- visitors and the conversions all count is_bot = 0 only.
ALTER TABLE clicks ADD COLUMN source TEXT;
CREATE INDEX clicks_test_source_idx ON clicks(split_test_id, source, timestamp) WHERE source IS NOT NULL;
