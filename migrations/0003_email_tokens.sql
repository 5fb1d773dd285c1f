-- Email verification and password reset.
-- When the user proved they own their email (followed a verification or reset link); NULL until then.
ALTER TABLE users ADD COLUMN email_verified_at INTEGER;

-- Single-use links sent by email. Only the SHA-256 of the token is stored, like refresh tokens:
-- a leaked database gives no usable link. A link is used once (used_at) and only before expires_at.
CREATE TABLE email_tokens (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  token_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE UNIQUE INDEX email_tokens_hash_idx ON email_tokens(token_hash);
CREATE INDEX email_tokens_user_idx ON email_tokens(user_id, purpose);
