import {
  INDEX_DAY_STATEMENTS,
  INDEX_HOUR_STATEMENTS,
  MOVE_STEP_STATEMENTS,
  PACK_STEP_STATEMENTS,
} from "../db/click-packs";
import { HOUR_STEP_STATEMENTS } from "../db/hour-stats";
import { log } from "../observability/log";
import { replayDeadLetters } from "../queue/dead-letters";
import { archiveEvents } from "./archive";
import { Budget } from "./budget";
import {
  compactAllHours,
  compactAllSegments,
  indexAllSessions,
  moveAllPacksBefore,
  packAllUnpacked,
} from "./compact";
import { purgeDeleted } from "./purge";

/** D1 statements, R2 calls and queue sends one run may make: the free plan's D1 limit per invocation. */
export const QUERIES_PER_RUN = 50;
// Deletions the users asked for come first, but leave the archive room to keep up.
const PURGE_SHARE = 30;
const REPLAY_SHARE = 6;
// After the archive, which waits for them: the clicks written before their packs, up to four steps a run
// (a shard with none left answers in its first).
const UNPACK_SHARE = 4 * PACK_STEP_STATEMENTS;
// After the archive, which waits for them and says which shards hold them: the packs written before
// 0057, up to four steps a run, taken from what the session index would spend (it waits for them too).
const MOVE_SHARE = 4 * MOVE_STEP_STATEMENTS;
// The segment compaction: a look per shard, and a batch of three statements for each 100 tests due
// (once a day); the archive keeps room for its read, write and delete.
const COMPACTION_SHARE = 8;
// The hours' clicks added to the rollup, before the archive, which waits for them: a statement a step,
// three steps a run (a shard up to date answers in one; a step adds every hour over unless they hold
// many packs).
const HOURS_SHARE = 3 * HOUR_STEP_STATEMENTS;
// The session index, after the archive: a look at each of a few shards, a day and an hour of one.
const SESSION_INDEX_SHARE = 4 + INDEX_DAY_STATEMENTS + INDEX_HOUR_STATEMENTS;

/**
 * The archive cron (CRONS.archive): deleted tests and accounts are purged, dead letters asked for are
 * replayed, the segment visitors of the days before today and the clicks of the hours over are
 * compacted, events past the attribution window move to R2 (after the compactions: they read their
 * clicks), clicks written before their packs are packed and packs written before 0057 moved, and the
 * sessions of the days over are indexed —
 * together within one invocation's limits.
 */
export async function runArchive(env: Env, now = Date.now()): Promise<void> {
  const budget = new Budget(QUERIES_PER_RUN);
  const purged = await purgeDeleted(env, budget.part(PURGE_SHARE));
  const replayed = await replayDeadLetters(env, Math.min(REPLAY_SHARE, budget.left));
  budget.spend(replayed.calls);
  const compacted = await compactAllSegments(env, budget.part(COMPACTION_SHARE), now);
  const hours = await compactAllHours(env, budget.part(HOURS_SHARE), now);
  const archived = await archiveEvents(
    env,
    budget.part(budget.left - UNPACK_SHARE - SESSION_INDEX_SHARE),
    now,
  );
  const packed = await packAllUnpacked(env, budget.part(UNPACK_SHARE), now);
  const moved = await moveAllPacksBefore(env, budget.part(MOVE_SHARE), archived.packsBefore);
  const indexed = await indexAllSessions(env, budget, now);
  log("info", "archive_run", {
    purged,
    replayed,
    packed,
    moved,
    compacted,
    hours,
    indexed,
    archived,
    spent: QUERIES_PER_RUN - budget.left,
  });
}
