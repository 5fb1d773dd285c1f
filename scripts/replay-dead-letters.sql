-- Marks every kept dead letter for replay: the next archive cron (every 15 minutes) sends them back to the
-- click queue and deletes them here. Run once the cause is fixed: `npm run dead-letters:replay` (local),
-- `npm run dead-letters:replay -- --remote --env production` (docs/operations.md, "Dead letters").
UPDATE dead_letters SET replay_requested_at = unixepoch() * 1000 WHERE replay_requested_at IS NULL;
