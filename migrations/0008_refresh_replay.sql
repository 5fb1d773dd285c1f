-- The refresh secret a session had before its last rotation. Presented again, it was copied: the
-- session is revoked. Any other wrong secret (garbage) is refused without touching the session, so
-- no one who merely knows a session id can sign its owner out.
ALTER TABLE sessions ADD COLUMN previous_refresh_token_hash TEXT;
