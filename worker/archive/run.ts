import { allShards, eventsDb } from "../db/shards";
import { log } from "../observability/log";
import { replayDeadLetters } from "../queue/dead-letters";
import { archiveEvents } from "./archive";
import { Budget } from "./budget";
import { purgeDeleted } from "./purge";

/** D1 statements, R2 calls and queue sends one run may make: the free plan's D1 limit per invocation. */
export const QUERIES_PER_RUN = 50;
// Deletions the users asked for come first, but leave the archive room to keep up.
const PURGE_SHARE = 30;
const REPLAY_SHARE = 6;
const HOUR_MS = 3_600_000;

/**
 * The archive cron (CRONS.archive): deleted tests and accounts are purged, dead letters asked for are
 * replayed, and events past the attribution window move to R2 — together within one invocation's limits.
 */
export async function runArchive(env: Env, now = Date.now()): Promise<void> {
  const budget = new Budget(QUERIES_PER_RUN);
  const purged = await purgeDeleted(env, budget.part(PURGE_SHARE));
  const replayed = await replayDeadLetters(env, Math.min(REPLAY_SHARE, budget.left));
  budget.spend(replayed.calls);
  const addressHours = await forgetAddressHours(env, now);
  // One statement in each shard.
  budget.spend(allShards(env).length);
  const archived = await archiveEvents(env, budget, now);
  log("info", "archive_run", {
    purged,
    replayed,
    archived,
    addressHours,
    spent: QUERIES_PER_RUN - budget.left,
  });
}

/**
 * The sessions counted per address and hour matter only in their hour (queue/record.ts): those of hours
 * before the last are deleted, through the primary key (hour first). Answers how many rows went.
 */
async function forgetAddressHours(env: Env, now: number): Promise<number> {
  // In every shard at once: each keeps its tests' counters.
  const deleted = await Promise.all(
    allShards(env).map(async (shard) => {
      const { meta } = await eventsDb(env, shard)
        .prepare("DELETE FROM address_sessions WHERE hour < ?1")
        .bind(now - (now % HOUR_MS) - HOUR_MS)
        .run();
      return meta.changes;
    }),
  );
  return deleted.reduce((sum, changes) => sum + changes, 0);
}
