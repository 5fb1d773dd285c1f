-- A verification link signs in only the browser that signed up, and a sign-up again for an unverified
-- account sets its password only once the mailbox is proven (account pre-hijacking: someone who signs
-- up with another person's email must not end up signed in to the account that person then uses).
-- browser_hash: the SHA-256 of the sign-up answer's sl_signup cookie; password_hash: the password of a
-- sign-up again, which the link sets.
ALTER TABLE email_tokens ADD COLUMN browser_hash TEXT;
ALTER TABLE email_tokens ADD COLUMN password_hash TEXT;
