import { DAY_MS } from "../db/attribution";
import { type CompactionRun, compactSegments } from "../db/segments";
import { allShards, eventsDb } from "../db/shards";
import type { Budget } from "./budget";

const HOUR_MS = 3_600_000;

/**
 * Compacts the segment visitors of every shard's tests up to the start of the current UTC day
 * (worker/db/segments.ts), within the budget: shard by shard, from one that moves every hour, so a short
 * budget leaves no shard behind for good. The archive deletes no click of a test not compacted past it.
 */
export async function compactAllSegments(env: Env, budget: Budget, now = Date.now()): Promise<CompactionRun> {
  const run: CompactionRun = { statements: 0, slices: 0 };
  const until = now - (now % DAY_MS);
  const shards = allShards(env);
  const first = Math.floor(now / HOUR_MS) % shards.length;
  for (const shard of [...shards.slice(first), ...shards.slice(0, first)]) {
    const done = await compactSegments(eventsDb(env, shard), until, budget.left);
    budget.spend(done.statements);
    run.statements += done.statements;
    run.slices += done.slices;
  }
  return run;
}
