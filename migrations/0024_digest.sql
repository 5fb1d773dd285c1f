-- The weekly digest (issue #34): the week (its Monday, 00:00 UTC, in ms) of the last digest a member got
-- for a workspace, claimed before the email goes out, so a cron that runs twice sends it once.
ALTER TABLE memberships ADD COLUMN digest_sent_week INTEGER;
