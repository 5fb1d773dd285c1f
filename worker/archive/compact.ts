import { attributionWindowMs } from "../db/attribution";
import {
  DAY_MS,
  HOUR_MS,
  INDEX_DAY_STATEMENTS,
  INDEX_HOUR_STATEMENTS,
  indexNextDay,
  indexNextHour,
  MOVE_STEP_STATEMENTS,
  movePacksBefore,
  PACK_STEP_STATEMENTS,
  PACKS_BEFORE_A_STEP,
  packUnpackedClicks,
  sessionIndexDue,
  UNPACKED_A_STEP,
} from "../db/click-packs";
import { compactHours, HOUR_STEP_STATEMENTS } from "../db/hour-stats";
import { type CompactionRun, compactSegments } from "../db/segments";
import { allShards, eventsDb } from "../db/shards";
import type { Budget } from "./budget";

/**
 * Compacts the segment visitors of every shard's tests up to the start of the current UTC day
 * (worker/db/segments.ts), within the budget: shard by shard, from one that moves every hour, so a short
 * budget leaves no shard behind for good. The archive deletes no click of a test not compacted past it.
 */
export async function compactAllSegments(env: Env, budget: Budget, now = Date.now()): Promise<CompactionRun> {
  const run: CompactionRun = { statements: 0, slices: 0 };
  const until = now - (now % DAY_MS);
  for (const shard of shardsFrom(env, now)) {
    const done = await compactSegments(eventsDb(env, shard), until, budget.left);
    budget.spend(done.statements);
    run.statements += done.statements;
    run.slices += done.slices;
  }
  return run;
}

// An hour's clicks are added to the rollup this long after it ends: those of its last seconds are in by
// then (the writer holds them up to CLICK_HOLD_SECONDS), and one later is counted by the writer itself.
const HOURS_AFTER_MS = 5 * 60_000;

/**
 * Adds the clicks of the hours over to every shard's hourly rollup (worker/db/hour-stats.ts), within the
 * budget: answers the steps made. A shard left behind stays exact: testStats reads its packs meanwhile.
 */
export async function compactAllHours(env: Env, budget: Budget, now = Date.now()): Promise<number> {
  let steps = 0;
  for (const shard of shardsFrom(env, now)) {
    let more = true;
    while (more && budget.left >= HOUR_STEP_STATEMENTS) {
      budget.spend(HOUR_STEP_STATEMENTS);
      more = await compactHours(eventsDb(env, shard), now - HOURS_AFTER_MS);
      steps += 1;
    }
  }
  return steps;
}

/** Every shard, from one that moves every hour: a short budget leaves none behind for good. */
export function shardsFrom(env: Env, now: number) {
  const shards = allShards(env);
  const first = Math.floor(now / HOUR_MS) % shards.length;
  return [...shards.slice(first), ...shards.slice(0, first)];
}

// A day is indexed this long after it ends: the clicks of its last minutes are in by then, and one later
// gets a chunk of its own (migrations/0055_session_chunks.sql).
const INDEX_AFTER_MS = 15 * 60_000;

/**
 * Indexes the sessions of the days over on every shard (worker/db/click-packs.ts, session_chunks), a day
 * and a busy hour at most a shard and run, within the budget, and forgets the days past the attribution
 * window.
 */
export async function indexAllSessions(env: Env, budget: Budget, now = Date.now()): Promise<number> {
  let days = 0;
  const until = now - INDEX_AFTER_MS;
  const forgetBefore = now - attributionWindowMs(env) - DAY_MS;
  for (const shard of shardsFrom(env, now)) {
    if (budget.left < 1) break;
    budget.spend(1);
    const db = eventsDb(env, shard);
    const due = await sessionIndexDue(db, until);
    if (due.day && budget.left >= INDEX_DAY_STATEMENTS) {
      budget.spend(INDEX_DAY_STATEMENTS);
      if (await indexNextDay(db, until, forgetBefore)) days += 1;
    }
    if (due.hour && budget.left >= INDEX_HOUR_STATEMENTS) {
      budget.spend(INDEX_HOUR_STATEMENTS);
      await indexNextHour(db, until);
    }
  }
  return days;
}

/**
 * Packs the clicks written before their packs (migrations/0054_click_packs.sql) on every shard, a step at
 * a time, within the budget: answers how many moved.
 */
export function packAllUnpacked(env: Env, budget: Budget, now = Date.now()): Promise<number> {
  return inFullSteps(
    env,
    budget,
    shardsFrom(env, now),
    PACK_STEP_STATEMENTS,
    UNPACKED_A_STEP,
    packUnpackedClicks,
  );
}

/**
 * Moves the packs written before migrations/0057_packs_one_row.sql into click_packs on `shards` (those
 * the archive found some on), a step at a time, within the budget: answers how many moved.
 */
export function moveAllPacksBefore(env: Env, budget: Budget, shards: string[]): Promise<number> {
  return inFullSteps(env, budget, shards, MOVE_STEP_STATEMENTS, PACKS_BEFORE_A_STEP, movePacksBefore);
}

/**
 * Runs `step` on each shard while the budget has its `statements` and the last step was full (`full`
 * moved: more may be left); answers how many moved in all.
 */
async function inFullSteps(
  env: Env,
  budget: Budget,
  shards: string[],
  statements: number,
  full: number,
  step: (db: D1Database) => Promise<number>,
): Promise<number> {
  let moved = 0;
  for (const shard of shards) {
    while (budget.left >= statements) {
      budget.spend(statements);
      const stepped = await step(eventsDb(env, shard));
      moved += stepped;
      if (stepped < full) break;
    }
  }
  return moved;
}
