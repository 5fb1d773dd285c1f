-- Two-factor sign-in (issue #45, point 4). A user's TOTP secret is kept encrypted (AES-GCM under a key
-- derived from JWT_SECRET: worker/auth/secret-box.ts), so a read of the database alone does not give
-- it away. It is set at setup and counts once enabled (totp_enabled_at); totp_last_step is the time
-- step of the last code accepted, so a code works once. Recovery codes are kept as SHA-256 hashes.
ALTER TABLE users ADD COLUMN totp_secret TEXT;
ALTER TABLE users ADD COLUMN totp_enabled_at INTEGER;
ALTER TABLE users ADD COLUMN totp_last_step INTEGER;

CREATE TABLE recovery_codes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at INTEGER,
  PRIMARY KEY (user_id, code_hash)
);

-- An owner can require two-factor sign-in of everyone in a workspace.
ALTER TABLE workspaces ADD COLUMN require_two_factor INTEGER NOT NULL DEFAULT 0;
