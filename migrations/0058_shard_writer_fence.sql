-- One writer at a time for a shard's clicks, whichever object writes it (issue #51, point 4;
-- docs/architecture.md, "One writer per shard"). The writer decides the rules from what it remembers of
-- the shard between writes, which holds only if no other object wrote meanwhile. An object of the writers
-- claims the shard before its first write, taking the next generation; each of its writes inserts that
-- generation into shard_writer_fence first, and the trigger aborts the write when another object has
-- claimed the shard since (then it forgets what it remembered and claims again: worker/queue/shard-writer.ts).
-- So two objects may be handed a shard's clicks, as for the moment of a deploy that gives a shard's
-- clicks to another object (SHARDS_PER_WRITER), and their writes still follow one another.
-- The insert is never kept: checking the fence reads one row and writes none.
CREATE TABLE shard_writer (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generation INTEGER NOT NULL
);
INSERT INTO shard_writer (id, generation) VALUES (1, 0);

CREATE TABLE shard_writer_fence (generation INTEGER NOT NULL);

CREATE TRIGGER shard_writer_fenced BEFORE INSERT ON shard_writer_fence
BEGIN
  SELECT RAISE(ABORT, 'shard_writer_fenced') WHERE NEW.generation <> (SELECT generation FROM shard_writer WHERE id = 1);
  SELECT RAISE(IGNORE);
END;
