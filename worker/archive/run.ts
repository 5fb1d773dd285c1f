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

/**
 * The archive cron (CRONS.archive): deleted tests and accounts are purged, dead letters asked for are
 * replayed, and events past the attribution window move to R2 — together within one invocation's limits.
 */
export async function runArchive(env: Env, now = Date.now()): Promise<void> {
  const budget = new Budget(QUERIES_PER_RUN);
  const purged = await purgeDeleted(env, budget.part(PURGE_SHARE));
  const replayed = await replayDeadLetters(env, Math.min(REPLAY_SHARE, budget.left));
  budget.spend(replayed.calls);
  const archived = await archiveEvents(env, budget, now);
  log("info", "archive_run", {
    purged,
    replayed,
    archived,
    spent: QUERIES_PER_RUN - budget.left,
  });
}
