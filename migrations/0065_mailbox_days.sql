-- The emails SplitLink sent each mailbox today at one requester's request (a sign-up or a reset from an
-- address, an invitation or a verification resend from a user): the per-minute limits alone let one
-- address send a mailbox some 4,000 emails a day. Counted per requester, so a stranger who reaches the
-- cap never stops the mailbox's owner's own reset. Keyed by day first, so the limit's own statement
-- deletes the days before.
CREATE TABLE mailbox_days (
  day INTEGER NOT NULL,
  email TEXT NOT NULL,
  requester TEXT NOT NULL,
  mails INTEGER NOT NULL,
  PRIMARY KEY (day, email, requester)
) WITHOUT ROWID;
