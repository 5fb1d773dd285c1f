-- SplitLink schema. Times are milliseconds since the epoch (the client shape's createdAt).
CREATE TABLE users (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  refresh_token_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sessions_user_idx ON sessions(user_id);

CREATE TABLE custom_domains (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  domain TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'pending_validation', 'active', 'error')),
  verification_message TEXT,
  created_at INTEGER NOT NULL,
  http_fallback INTEGER NOT NULL DEFAULT 0,
  cf_hostname_id TEXT,
  cf_route_id TEXT,
  validation_token TEXT,
  validation_url TEXT,
  origin_server TEXT,
  origin_sni TEXT
);
CREATE INDEX custom_domains_user_created_idx ON custom_domains(user_id, created_at DESC);
CREATE INDEX custom_domains_status_idx ON custom_domains(status);

CREATE TABLE split_tests (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  url_a TEXT NOT NULL,
  url_b TEXT NOT NULL,
  conversion_url TEXT,
  created_at INTEGER NOT NULL,
  custom_domain_id TEXT REFERENCES custom_domains(id) ON DELETE SET NULL,
  custom_slug TEXT,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'completed')),
  winner_variant TEXT CHECK (winner_variant IN ('A', 'B'))
);
-- /r/{slug} must resolve to exactly one test.
CREATE UNIQUE INDEX split_tests_slug_idx ON split_tests(slug);
CREATE INDEX split_tests_user_created_idx ON split_tests(user_id, created_at DESC);
CREATE UNIQUE INDEX split_tests_domain_custom_slug_idx ON split_tests(custom_domain_id, custom_slug)
  WHERE custom_slug IS NOT NULL;

CREATE TABLE clicks (
  id TEXT PRIMARY KEY NOT NULL,
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  variant TEXT NOT NULL CHECK (variant IN ('A', 'B')),
  session_id TEXT NOT NULL,
  is_bot INTEGER NOT NULL DEFAULT 0,
  timestamp INTEGER NOT NULL
);
CREATE INDEX clicks_test_time_idx ON clicks(split_test_id, timestamp);
CREATE INDEX clicks_test_session_idx ON clicks(split_test_id, session_id);

CREATE TABLE conversions (
  id TEXT PRIMARY KEY NOT NULL,
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  variant TEXT NOT NULL CHECK (variant IN ('A', 'B')),
  session_id TEXT NOT NULL,
  timestamp INTEGER NOT NULL
);
-- One conversion per test and visitor, enforced here rather than by a read-then-write race.
CREATE UNIQUE INDEX conversions_test_session_idx ON conversions(split_test_id, session_id);
CREATE INDEX conversions_test_time_idx ON conversions(split_test_id, timestamp);

-- Counts per test, hour (ms at the start of the hour) and variant; the dashboard and charts read only this.
CREATE TABLE test_stats_hourly (
  split_test_id TEXT NOT NULL REFERENCES split_tests(id) ON DELETE CASCADE,
  hour INTEGER NOT NULL,
  variant TEXT NOT NULL CHECK (variant IN ('A', 'B')),
  clicks INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  conversions INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (split_test_id, hour, variant)
);

-- The rollup follows the raw rows inside the very statement that inserts them: a redelivered
-- event that inserts nothing (INSERT OR IGNORE on its id) counts nothing either.
-- A visitor is a session's first human click of a test.
CREATE TRIGGER clicks_rollup AFTER INSERT ON clicks WHEN NEW.is_bot = 0
BEGIN
  INSERT OR IGNORE INTO test_stats_hourly (split_test_id, hour, variant)
    VALUES (NEW.split_test_id, NEW.timestamp - NEW.timestamp % 3600000, NEW.variant);
  UPDATE test_stats_hourly
    SET clicks = clicks + 1,
        visitors = visitors + NOT EXISTS (
          SELECT 1 FROM clicks
          WHERE split_test_id = NEW.split_test_id AND session_id = NEW.session_id AND is_bot = 0 AND id <> NEW.id
        )
    WHERE split_test_id = NEW.split_test_id
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant;
END;

CREATE TRIGGER conversions_rollup AFTER INSERT ON conversions
BEGIN
  INSERT OR IGNORE INTO test_stats_hourly (split_test_id, hour, variant)
    VALUES (NEW.split_test_id, NEW.timestamp - NEW.timestamp % 3600000, NEW.variant);
  UPDATE test_stats_hourly
    SET conversions = conversions + 1
    WHERE split_test_id = NEW.split_test_id
      AND hour = NEW.timestamp - NEW.timestamp % 3600000
      AND variant = NEW.variant;
END;
