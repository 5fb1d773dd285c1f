-- Trust (issue #30): no outsider decides a test, and no real conversion is lost.

-- Arms of a test created from now on are drawn with a secret of its own (worker/redirect/variant.ts), so
-- nobody can compute a session's arm offline. Tests created before keep NULL and their visitors' arms.
ALTER TABLE split_tests ADD COLUMN bucket_secret TEXT;

-- Which conversions count: 'all' (the tag's beacons and the server-side API) or 'server' (API keys only).
ALTER TABLE split_tests ADD COLUMN conversion_sources TEXT NOT NULL DEFAULT 'all'
  CHECK (conversion_sources IN ('all', 'server'));

-- How a conversion arrived, and the keyed hash of the address of the click it was credited to (the
-- click's `source`): a test counts at most CONVERSIONS_PER_ADDRESS_DAY beacon conversions of visitors
-- from one address a day (worker/queue/limits.ts).
ALTER TABLE conversions ADD COLUMN source TEXT NOT NULL DEFAULT 'beacon' CHECK (source IN ('beacon', 'server'));
ALTER TABLE conversions ADD COLUMN address TEXT;
CREATE INDEX conversions_test_address_idx ON conversions(split_test_id, address, timestamp)
  WHERE address IS NOT NULL;

-- The sessions of a test that counted from one address in one hour (the address as the click's keyed
-- hash, an IPv6 address by its /64): at most SESSIONS_PER_ADDRESS_HOUR a key, however the sessions were
-- made. A click of any other session from that address in that hour is recorded flagged (is_bot = 2).
-- The check reads at most that many rows, never the clicks. The archive cron deletes the hours before
-- the last one (worker/archive/run.ts).
CREATE TABLE address_sessions (
  split_test_id TEXT NOT NULL,
  source TEXT NOT NULL,
  hour INTEGER NOT NULL,
  session_id TEXT NOT NULL,
  PRIMARY KEY (split_test_id, source, hour, session_id)
) WITHOUT ROWID;
CREATE INDEX address_sessions_hour_idx ON address_sessions(hour);

CREATE TRIGGER clicks_address_sessions AFTER INSERT ON clicks
WHEN NEW.is_bot = 0 AND NEW.source IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO address_sessions (split_test_id, source, hour, session_id)
    VALUES (NEW.split_test_id, NEW.source, NEW.timestamp - NEW.timestamp % 3600000, NEW.session_id);
END;

-- clicks_test_source_idx (0007) now covers every person's click: the decisions find what an address
-- brought each variant through it (worker/services/analytics.ts, heldBackOf).

-- What SplitLink did not count of a test, and why (trafficQuality in the analytics): visits (bots and
-- link previews, bursts from one address, paused or completed) and conversions (no click, outside the
-- window, duplicate, rate-limited, per-address limit, not from the server). Counted by the queue
-- consumer once per batch and reason.
CREATE TABLE traffic_quality (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  events INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (split_test_id, reason)
) WITHOUT ROWID;

CREATE TRIGGER clicks_traffic_quality AFTER INSERT ON clicks WHEN NEW.is_bot <> 0
BEGIN
  INSERT INTO traffic_quality (split_test_id, reason, events)
    VALUES (NEW.split_test_id, CASE NEW.is_bot WHEN 1 THEN 'bot' ELSE 'burst' END, 1)
    ON CONFLICT (split_test_id, reason) DO UPDATE SET events = events + 1;
END;

-- The clicks flagged or made by bots before now, so the counts start complete.
INSERT INTO traffic_quality (split_test_id, reason, events)
  SELECT split_test_id, CASE is_bot WHEN 1 THEN 'bot' ELSE 'burst' END, count(*)
  FROM clicks WHERE is_bot <> 0 GROUP BY split_test_id, is_bot;

-- The currency is the owner's: no conversion sets it any more, and one in another currency than the
-- test's (or on a test without one) counts as a conversion with its value set aside: kept on the row,
-- left out of the revenue (the other_currency count in traffic_quality says how many).
DROP TRIGGER conversions_currency_set;
DROP TRIGGER conversions_currency_check;
CREATE TRIGGER conversions_other_currency AFTER INSERT ON conversions
WHEN NEW.currency IS NOT NULL AND NEW.currency IS NOT (SELECT currency FROM split_tests WHERE id = NEW.split_test_id)
BEGIN
  INSERT INTO traffic_quality (split_test_id, reason, events) VALUES (NEW.split_test_id, 'other_currency', 1)
    ON CONFLICT (split_test_id, reason) DO UPDATE SET events = events + 1;
END;

DROP TRIGGER conversions_rollup;
CREATE TRIGGER conversions_rollup AFTER INSERT ON conversions
BEGIN
  INSERT OR IGNORE INTO test_stats_hourly (split_test_id, hour, variant)
    VALUES (NEW.split_test_id, NEW.timestamp - NEW.timestamp % 3600000, NEW.variant);
  UPDATE test_stats_hourly
    SET conversions = conversions + 1,
        orders = orders + 1,
        revenue = revenue + NEW.amount,
        revenue_squares = revenue_squares + NEW.amount * NEW.amount
    WHERE split_test_id = NEW.split_test_id
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant
      AND NEW.currency IS NOT NULL
      AND NEW.currency = (SELECT currency FROM split_tests WHERE id = NEW.split_test_id);
  UPDATE test_stats_hourly
    SET conversions = conversions + 1
    WHERE split_test_id = NEW.split_test_id
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant
      AND (NEW.currency IS NULL
           OR NEW.currency IS NOT (SELECT currency FROM split_tests WHERE id = NEW.split_test_id));
END;
