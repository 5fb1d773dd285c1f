import { eventsDb, LEGACY_SHARD } from "../db/shards";
import type { Budget } from "./budget";
import { deleteObjects } from "./store";

/** Rows one delete statement takes: a test with millions of events goes in many small steps. */
export const PURGE_CHUNK_ROWS = 5_000;
const TESTS_PER_RUN = 20;

export interface PurgeRun {
  tests: number;
  rows: number;
  workspaces: number;
  users: number;
}

// The per-event tables, and the rollup (a row per hour and variant); the rest goes with the test's row.
const CHUNKED = [
  "click_packs",
  "click_packs_before",
  "clicks_unpacked",
  "conversions",
  "metric_conversions",
  "late_sessions",
  "rule_visits",
  "session_chunks",
  "test_stats_hourly",
  "traffic_quality_events",
] as const;
type EventTable = (typeof CHUNKED)[number];
// A row is found by its key where it has no rowid.
const ROW_KEY: Record<EventTable, string> = {
  click_packs: "split_test_id, hour, seq",
  click_packs_before: "rowid",
  clicks_unpacked: "split_test_id, timestamp, id",
  conversions: "id",
  metric_conversions: "rowid",
  late_sessions: "split_test_id, session, hour",
  rule_visits: "rowid",
  session_chunks: "rowid",
  test_stats_hourly: "split_test_id, phase, hour, variant",
  traffic_quality_events: "split_test_id, timestamp, id",
};
const deleteChunk = (table: EventTable) =>
  `DELETE FROM ${table} WHERE (${ROW_KEY[table]}) IN (
    SELECT ${ROW_KEY[table]} FROM ${table} WHERE split_test_id = ?1 LIMIT ${PURGE_CHUNK_ROWS})`;

/**
 * Deletes what a deleted test leaves (services/split-tests.ts and services/account.ts mark it deleted,
 * and it is gone for everyone at once): its events and rollup in chunks, its R2 objects, then the
 * test's row; then the rows of deleted workspaces and accounts whose tests are all gone. Every step can be repeated,
 * so a run that stops anywhere, for the budget or a failure, is taken up by the next.
 */
export async function purgeDeleted(env: Env, budget: Budget): Promise<PurgeRun> {
  const run: PurgeRun = { tests: 0, rows: 0, workspaces: 0, users: 0 };
  if (budget.left < 1) return run;
  budget.spend();
  const { results: tests } = await env.DB.prepare(
    "SELECT id, shard FROM split_tests WHERE deleted_at IS NOT NULL ORDER BY deleted_at LIMIT ?1",
  )
    .bind(TESTS_PER_RUN)
    .all<{ id: string; shard: string }>();
  for (const { id, shard } of tests) {
    if (!(await purgeTest(env, id, shard, budget, run))) return run;
  }
  if (budget.left < 2) return run;
  budget.spend(2);
  // Their keys, endpoints and domains went when they were deleted (services/workspaces.ts).
  const workspaces = await env.DB.prepare(
    `DELETE FROM workspaces WHERE deleted_at IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM split_tests WHERE workspace_id = workspaces.id)`,
  ).run();
  run.workspaces = workspaces.meta.changes;
  const users = await env.DB.prepare(
    `DELETE FROM users WHERE deleted_at IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM split_tests WHERE user_id = users.id)`,
  ).run();
  run.users = users.meta.changes;
  return run;
}

async function purgeTest(
  env: Env,
  testId: string,
  shard: string,
  budget: Budget,
  run: PurgeRun,
): Promise<boolean> {
  // The events are in the test's shard (worker/db/shards.ts).
  const events = eventsDb(env, shard);
  for (const table of CHUNKED) {
    for (;;) {
      if (budget.left < 1) return false;
      budget.spend();
      const { meta } = await events.prepare(deleteChunk(table)).bind(testId).run();
      run.rows += meta.changes;
      if (meta.changes < PURGE_CHUNK_ROWS) break;
    }
  }
  if (!(await deleteObjects(env.ARCHIVE, testId, budget))) return false;
  if (budget.left < 1) return false;
  budget.spend();
  // Little is left for the cascade: what other features keep per test. The shard's copy goes first:
  // while the main row stays, a repeat of this run finds the test again.
  if (shard !== LEGACY_SHARD) {
    if (budget.left < 2) return false;
    budget.spend();
    await events.prepare("DELETE FROM split_tests WHERE id = ?1").bind(testId).run();
  }
  await env.DB.prepare("DELETE FROM split_tests WHERE id = ?1 AND deleted_at IS NOT NULL").bind(testId).run();
  run.tests += 1;
  return true;
}
