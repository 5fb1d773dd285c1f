-- The emails SplitLink sent each mailbox today at someone's request (a sign-up, a reset, an invitation, a
-- verification resend), whoever asked: the per-minute limits alone let one address send a mailbox some
-- 4,000 emails a day. Keyed by day first, so the limit's own statement deletes the days before.
CREATE TABLE mailbox_days (
  day INTEGER NOT NULL,
  email TEXT NOT NULL,
  mails INTEGER NOT NULL,
  PRIMARY KEY (day, email)
) WITHOUT ROWID;
