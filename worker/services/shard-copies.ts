import { allShards, copyTestToShard, eventsDb } from "../db/shards";
import { log } from "../observability/log";

// The shards' copies of their tests' rows (worker/db/shards.ts, docs/architecture.md "Event shards").
// The main database is the truth: a change it committed stands even when the copy that follows fails (a
// shard down for a moment), and the repair cron, every five minutes, finds and rewrites the copies that
// differ from it.

/**
 * Copies the test to its shard after a change the main database committed. A failure is logged, not
 * thrown: the change was made and is answered as made; `repairShardCopies` rewrites the copy.
 */
export async function refreshShardCopy(env: Env, testId: string): Promise<void> {
  try {
    await copyTestToShard(env, testId);
  } catch (error) {
    log("warn", "shard_copy_failed", { testId, next: "repair_by_cron", error });
  }
}

/** What one run may do: copies a page, pages a shard, copies rewritten. */
export interface RepairLimits {
  page: number;
  pages: number;
  repairs: number;
}
// A page is one read batch in the shard and one in the main database; each copy rewritten two more D1
// calls. So 400 running tests a shard are checked every run; a larger shard is walked over several runs
// from where the last one stopped (CURSOR_KEY).
const LIMITS: RepairLimits = { page: 100, pages: 4, repairs: 20 };
/** Where the last run stopped, per shard, in KV (LINKS): written only when a run stops before the end. */
export const CURSOR_KEY = "cron:shard-copies";

// Only the copies the shard has as running matter: a copy the shard has completed counts nothing more,
// and a completed test never runs again, so a stale copy is always one the shard still runs (a test
// completed or deleted in the main database, or a running one changed). Through split_tests_open_idx.
const OPEN_COPIES = "SELECT * FROM split_tests WHERE completed_at IS NULL AND id > ?1 ORDER BY id LIMIT ?2";
const PAGE_IDS = "SELECT id FROM split_tests WHERE completed_at IS NULL AND id > ?1 ORDER BY id LIMIT ?2";
const ROWS_OF = "SELECT * FROM split_tests WHERE id IN (SELECT value FROM json_each(?1))";
// The phases and weight history, summed up: an optimised test gains a weight row every move, so
// reading them all each run would grow without end. A copy written before a change lacks its rows (the
// count and the newest differ); its weights_updated_at and phase differ as well.
const summary = (table: string, key: string, value: string, ids: string) =>
  `SELECT split_test_id AS id, count(*) || ':' || max(${key}) || ':' || sum(length(${value})) AS summary
   FROM ${table} WHERE split_test_id IN (${ids}) GROUP BY split_test_id`;
const IN_JSON = "SELECT value FROM json_each(?1)";
// A copy whose test is gone from the main database (purged while the copy was being written): it ends,
// so it counts nothing; it has no events the purge could still reach.
const END_ORPHANS = `UPDATE split_tests SET status = 'completed', completed_at = ?2, deleted_at = coalesce(deleted_at, ?2)
  WHERE id IN (SELECT value FROM json_each(?1)) AND completed_at IS NULL`;

/**
 * Columns a copy need not follow: the link's custom domain, path and password (a copy has none), and the main
 * database's own bookkeeping, which no statement of a shard reads. The autopilot sets
 * autopilot_checked_at on every running test each run: following it would rewrite every copy.
 */
const NOT_COMPARED = new Set([
  "custom_domain_id",
  "custom_slug",
  "password_hash",
  "autopilot_checked_at",
  "verdict_alerted_at",
  "srm_alerted_at",
]);

type Row = Record<string, unknown>;

/** Whether the shard's copy holds what the main database says of the test, phases and weights included. */
function sameCopy(main: Row, copy: Row, mainSummary: string[], copySummary: string[]): boolean {
  for (const [column, value] of Object.entries(main))
    if (!NOT_COMPARED.has(column) && copy[column] !== value) return false;
  return mainSummary.every((summary, i) => summary === copySummary[i]);
}

const summaries = (rows: Row[] | undefined) =>
  new Map((rows ?? []).map((row) => [String(row.id), String(row.summary)]));

export interface ShardCopyRun {
  checked: number;
  repaired: string[];
  ended: string[];
}

/**
 * One page of a shard's running copies after `after`, compared with the main database: where the next
 * page starts, whether there may be one, and whether this one was done (false: read it again).
 */
async function repairPage(
  env: Env,
  shard: string,
  after: string,
  run: ShardCopyRun,
  now: number,
  limits: RepairLimits,
): Promise<{ last: string; more: boolean; complete: boolean }> {
  const db = eventsDb(env, shard);
  const [page, phases, weights] = await db.batch<Row>([
    db.prepare(OPEN_COPIES).bind(after, limits.page),
    db.prepare(summary("test_phases", "phase", "variants", PAGE_IDS)).bind(after, limits.page),
    db.prepare(summary("weight_history", "since", "weights", PAGE_IDS)).bind(after, limits.page),
  ]);
  const copies = page?.results ?? [];
  if (copies.length === 0) return { last: after, more: false, complete: true };
  const ids = JSON.stringify(copies.map((copy) => copy.id));
  const [mainRows, mainPhases, mainWeights] = await env.DB.batch<Row>([
    env.DB.prepare(ROWS_OF).bind(ids),
    env.DB.prepare(summary("test_phases", "phase", "variants", IN_JSON)).bind(ids),
    env.DB.prepare(summary("weight_history", "since", "weights", IN_JSON)).bind(ids),
  ]);
  const truth = new Map((mainRows?.results ?? []).map((row) => [String(row.id), row]));
  const [copyPhases, copyWeights] = [summaries(phases?.results), summaries(weights?.results)];
  const [truePhases, trueWeights] = [summaries(mainPhases?.results), summaries(mainWeights?.results)];
  const orphans: string[] = [];
  const stale: string[] = [];
  for (const copy of copies) {
    const id = String(copy.id);
    const main = truth.get(id);
    if (!main) orphans.push(id);
    else if (
      !sameCopy(
        main,
        copy,
        [truePhases.get(id) ?? "", trueWeights.get(id) ?? ""],
        [copyPhases.get(id) ?? "", copyWeights.get(id) ?? ""],
      )
    )
      stale.push(id);
  }
  run.checked += copies.length;
  if (orphans.length > 0) {
    await db.prepare(END_ORPHANS).bind(JSON.stringify(orphans), now).run();
    run.ended.push(...orphans);
  }
  // A change made meanwhile may write its own copy before this older one lands: the copy then differs
  // again and the next run rewrites it.
  const repairs = stale.slice(0, Math.max(0, limits.repairs - run.repaired.length));
  for (const id of repairs) {
    await copyTestToShard(env, id);
    run.repaired.push(id);
  }
  // Over this run's share: the page is read again next run, its repaired copies then equal.
  if (repairs.length < stale.length) return { last: after, more: true, complete: false };
  return { last: String(copies.at(-1)?.id), more: copies.length === limits.page, complete: true };
}

/**
 * The repair cron (every five minutes, with the KV repairs): in each event shard, the copies of the
 * tests it still runs, a page at a time, compared with the main database; those that differ are
 * rewritten, those of a test no longer there end. A shard that fails is logged and left for the next
 * run; the others go on.
 */
export async function repairShardCopies(env: Env, now = Date.now(), limits = LIMITS): Promise<ShardCopyRun> {
  const run: ShardCopyRun = { checked: 0, repaired: [], ended: [] };
  const shards = allShards(env).slice(1);
  if (shards.length === 0) return run;
  // KV down: every shard from its start, as far as the run goes.
  const stored = await env.LINKS.get<Record<string, string>>(CURSOR_KEY, "json").catch(() => null);
  const cursors: Record<string, string> = {};
  for (const shard of shards) {
    let after = stored?.[shard] ?? "";
    try {
      for (let pages = 0; ; pages++) {
        if (pages === limits.pages) {
          cursors[shard] = after;
          break;
        }
        const { last, more, complete } = await repairPage(env, shard, after, run, now, limits);
        if (!complete) {
          cursors[shard] = after;
          break;
        }
        after = last;
        if (!more) break;
      }
    } catch (error) {
      // Starts again from where it was.
      if (stored?.[shard]) cursors[shard] = stored[shard];
      log("error", "shard_copies_not_repaired", { shard, error });
    }
  }
  try {
    if (Object.keys(cursors).length > 0) await env.LINKS.put(CURSOR_KEY, JSON.stringify(cursors));
    else if (stored) await env.LINKS.delete(CURSOR_KEY);
  } catch (error) {
    log("warn", "shard_copies_cursor_not_saved", { error });
  }
  if (run.repaired.length > 0 || run.ended.length > 0)
    log("warn", "shard_copies_repaired", {
      checked: run.checked,
      repaired: run.repaired,
      ended: run.ended,
    });
  return run;
}
