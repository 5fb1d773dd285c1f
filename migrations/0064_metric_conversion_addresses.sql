-- A secondary or guardrail metric's beacon conversions obey the primary's per-address rule: at most
-- CONVERSIONS_PER_ADDRESS_DAY a day per test and metric for the visitors of one address (contract/trust.ts,
-- withinAddressLimit in worker/db/attribution.ts), and a guardrail holds a winner only if it still proves
-- it worse without what the addresses that sent the most of it brought (worker/services/analytics.ts).
-- So a metric's conversion keeps its click's address, as the primary's does (0016_trust.sql): the keyed
-- hash of the click's address for that test, never the address.
--
-- Adding a column with no default rewrites no row, and the index starts empty (the rows so far have no
-- address): a database already holding conversions migrates in one pass over the table's rows, reading.
-- Those rows count towards no address's limit and are held back from no decision: their clicks' addresses
-- are in the packs, where finding each would be a scan of its test's clicks.
-- A metric conversion written is its row and four index entries where it was three (its id's key, its
-- visitor's, its time's): the address's is one more row written, for one whose click has an address.
ALTER TABLE metric_conversions ADD COLUMN address TEXT;
CREATE INDEX metric_conversions_test_address_idx ON metric_conversions(split_test_id, metric, address, timestamp)
  WHERE address IS NOT NULL;
