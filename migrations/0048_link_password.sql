-- A password on a link (issue #49 point 3): the PBKDF2 hash of auth/password.ts, null for a link anyone
-- may open. Never answered by the API; the shards' copies of the row hold null (worker/db/shards.ts).
ALTER TABLE split_tests ADD COLUMN password_hash TEXT;
