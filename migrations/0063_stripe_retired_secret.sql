-- A Stripe signing secret retired because the member who pasted it left (0038) stays refused after a
-- disconnect: before this, disconnecting forgot it, and it could be pasted again, by an editor too,
-- so whoever left could sign events again. The disconnect now keeps its SHA-256 (base64url) here until
-- an owner pastes a new secret.
ALTER TABLE stripe_connections ADD COLUMN retired_secret_sha256 TEXT;
