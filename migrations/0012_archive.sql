-- Years of clicks (issue #23): raw events past the attribution window move to R2 (worker/archive/),
-- deletions of big tests and accounts finish in chunks, and dead-lettered events are kept.
-- 0009 to 0011 belong to other changes.

-- A deleted test is gone for its owner and its visitors at once (every read of split_tests that
-- serves them asks for deleted_at IS NULL); the archive cron then deletes its events, rollup
-- and R2 objects in chunks, and the row last.
ALTER TABLE split_tests ADD COLUMN deleted_at INTEGER;
CREATE INDEX split_tests_deleted_idx ON split_tests(deleted_at) WHERE deleted_at IS NOT NULL;

-- A deleted account keeps its row, under an email no one can type, until its tests are purged.
ALTER TABLE users ADD COLUMN deleted_at INTEGER;

-- Events the queue consumer could not take, with why (the message the consumer sent to the dead-letter
-- queue, or the event itself when the Queues runtime moved it there). `npm run dead-letters:replay`
-- sets replay_requested_at; the next archive cron sends those back to the click queue and deletes them.
CREATE TABLE dead_letters (
  message_id TEXT PRIMARY KEY NOT NULL,
  reason TEXT NOT NULL,
  body TEXT NOT NULL,
  dead_lettered_at INTEGER NOT NULL,
  replay_requested_at INTEGER
);
CREATE INDEX dead_letters_replay_idx ON dead_letters(replay_requested_at) WHERE replay_requested_at IS NOT NULL;
