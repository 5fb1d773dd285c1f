-- The clicks' address index goes (issue #51, point 1): an entry for each counted session's first click
-- of an address, hour, phase and variant, about three quarters of a row written a click. The limit of
-- sessions per address and hour now reads the marked clicks (first_of_address_hour) of the test's hour,
-- a range of the clicks' key, once per hour the shard's writer has not seen (worker/queue/click-rules.ts);
-- the held-back visitors read them in one pass over the test (worker/services/analytics.ts).
DROP INDEX IF EXISTS clicks_test_source_idx;
