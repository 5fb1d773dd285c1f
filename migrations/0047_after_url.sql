-- End to the campaign's after-page (issue #49 point 2): on_end 'url' sends everyone to after_url once the
-- test ends, and end_result 'url' says an end did. The CHECKs 0009 put on on_end and end_result cannot
-- take a new value in place: SQLite changes a CHECK only by rebuilding the table, and in D1 (foreign keys
-- on) dropping split_tests would delete every test's events by cascade. So each column is copied into one
-- with the wider CHECK, dropped (a column's own CHECK does not stop DROP COLUMN) and the copy renamed.
ALTER TABLE split_tests ADD COLUMN on_end_next TEXT NOT NULL DEFAULT 'keep'
  CHECK (on_end_next IN ('keep', 'control', 'promote', 'url'));
UPDATE split_tests SET on_end_next = on_end;
ALTER TABLE split_tests DROP COLUMN on_end;
ALTER TABLE split_tests RENAME COLUMN on_end_next TO on_end;

ALTER TABLE split_tests ADD COLUMN end_result_next TEXT
  CHECK (end_result_next IN ('kept', 'control', 'promoted', 'no_winner', 'url'));
UPDATE split_tests SET end_result_next = end_result;
ALTER TABLE split_tests DROP COLUMN end_result;
ALTER TABLE split_tests RENAME COLUMN end_result_next TO end_result;

ALTER TABLE split_tests ADD COLUMN after_url TEXT;
