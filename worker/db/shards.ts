// Event shards (docs/architecture.md, "Event shards"): a test's clicks, conversions, rule visits, sightings
// and rollups live in one D1 database, its shard, named by its binding: EVENTS_<n>, or DB for the tests
// made before shards (their events stayed where they were: migrations/0030_event_shards.sql). The main
// database, DB, keeps everything else and each test's shard, chosen once at creation.
//
// Every database runs the same migrations, so the event SQL reads a test's row where its events are:
// each shard keeps a copy of its tests' rows (split_tests, test_phases, weight_history), made at creation
// and refreshed after every change (copyTestToShard; one that failed is found and rewritten by the repair
// cron, worker/services/shard-copies.ts). Its owner and workspace are stand-in rows of the
// same ids and nothing else (the shard holds no account data; the foreign keys hold), and it has no
// domain or custom path.

import { startSegmentCompaction } from "./segments";

/** The shard of every test made before event shards: the main database. */
export const LEGACY_SHARD = "DB";

const EVENT_SHARD = /^EVENTS_\d+$/;

/** A binding name that may name a test's shard. */
export function isShardName(name: string): boolean {
  return name === LEGACY_SHARD || EVENT_SHARD.test(name);
}

function binding(env: Env, name: string): D1Database | undefined {
  const value = (env as unknown as Record<string, unknown>)[name];
  return typeof value === "object" && value !== null && "prepare" in value
    ? (value as D1Database)
    : undefined;
}

/** The database that holds the events of a test on `shard`. */
export function eventsDb(env: Env, shard: string): D1Database {
  const db = isShardName(shard) ? binding(env, shard) : undefined;
  if (!db) throw new Error(`The event shard ${shard} is not bound`);
  return db;
}

/** The one writer of `shard`'s clicks (worker/queue/shard-writer.ts, docs/architecture.md). */
export function shardWriter(env: Env, shard: string) {
  return env.SHARD_WRITERS.get(env.SHARD_WRITERS.idFromName(writerName(shard, env.SHARDS_PER_WRITER)));
}

/**
 * The name of the object that writes `shard`: EVENTS_<n> with the shards after it up to `shardsPerWriter`
 * share the object of the first (EVENTS_0 and EVENTS_1 EVENTS_0's, for two), since an object held all
 * day costs as much however few clicks it writes; DB has its own.
 */
export function writerName(shard: string, shardsPerWriter = 1): string {
  const n = EVENT_SHARD.test(shard) ? Number(shard.slice(7)) : undefined;
  return n === undefined ? shard : `EVENTS_${n - (n % shardsPerWriter)}`;
}

/** Every database that may hold events: the main one (its older tests') and every EVENTS_<n> bound. */
export function allShards(env: Env): string[] {
  const bound = Object.keys(env)
    .filter((name) => EVENT_SHARD.test(name) && binding(env, name))
    .sort((a, b) => Number(a.slice(7)) - Number(b.slice(7)));
  return [LEGACY_SHARD, ...bound];
}

/**
 * The shards new tests go to: EVENT_SHARDS (checked by worker/config.ts), else every EVENTS_<n> bound,
 * else the main database (a deployment without shards works as before).
 */
export function openShards(env: Env): string[] {
  const listed = parseShardList(env.EVENT_SHARDS);
  if (listed.length > 0) return listed;
  const bound = allShards(env).slice(1);
  return bound.length > 0 ? bound : [LEGACY_SHARD];
}

/** EVENT_SHARDS' names, in order, without blanks (DB too: a deployment may keep new tests' events there). */
export function parseShardList(value: unknown): string[] {
  if (typeof value !== "string") return [];
  return value
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

/** Groups `items` by the shard `shardOf` gives each, keeping their order within a shard. */
export function byShard<T>(items: readonly T[], shardOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const shard = shardOf(item);
    const group = groups.get(shard);
    if (group) group.push(item);
    else groups.set(shard, [item]);
  }
  return groups;
}

// Running tests per open shard: the partial index of migrations/0030_event_shards.sql answers it.
const RUNNING_PER_SHARD = `SELECT shard, count(*) AS tests FROM split_tests
  WHERE completed_at IS NULL AND deleted_at IS NULL AND shard IN (SELECT value FROM json_each(?1))
  GROUP BY shard`;

/**
 * The shard for a new test: of the open shards, the one with the fewest running tests (the first listed
 * on a tie), so a shard just added takes the new tests until it has caught up.
 */
export async function shardForNewTest(env: Env): Promise<string> {
  const open = openShards(env);
  if (open.length === 1) return open[0] as string;
  const { results } = await env.DB.prepare(RUNNING_PER_SHARD)
    .bind(JSON.stringify(open))
    .all<{ shard: string; tests: number }>();
  const running = new Map(results.map((row) => [row.shard, row.tests]));
  let best = open[0] as string;
  for (const shard of open) if ((running.get(shard) ?? 0) < (running.get(best) ?? 0)) best = shard;
  return best;
}

// A user's and a workspace's stand-ins in a shard: their ids, for the foreign keys of the test copies and
// idempotency keys there. No one signs in to a shard: its users have no email of theirs and no password.
const STAND_IN_USER = `INSERT OR IGNORE INTO users (id, email, password_hash, created_at)
  VALUES (?1, ?1 || '@events-shard.invalid', '', 0)`;
const STAND_IN_WORKSPACE = "INSERT OR IGNORE INTO workspaces (id, name, created_at) VALUES (?1, '', 0)";

/** The stand-in of the user (worker/services/conversions.ts keeps their idempotency keys in the shard). */
export function standInUser(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare(STAND_IN_USER).bind(userId);
}

/** What a shard's copy of a test has instead of the main database's values (no link, no password). */
const COPY_OVERRIDES: Record<string, unknown> = {
  custom_domain_id: null,
  custom_slug: null,
  password_hash: null,
};

const quoted = (column: string) => `"${column.replaceAll('"', '""')}"`;

/** Inserts `rows` of `table` (as SELECT * gave them) from one JSON parameter. */
function insertRows(db: D1Database, table: string, rows: Record<string, unknown>[]): D1PreparedStatement[] {
  const columns = Object.keys(rows[0] ?? {});
  if (columns.length === 0) return [];
  return [
    db
      .prepare(
        `INSERT INTO ${table} (${columns.map(quoted).join(", ")})
         SELECT ${columns.map((c) => `value ->> '$.${c}'`).join(", ")} FROM json_each(?1)`,
      )
      .bind(JSON.stringify(rows)),
  ];
}

/**
 * Makes the test's shard copy match the main database: its row, phases and weight history (nothing for
 * a test on the main database, or one no longer there). Called after the test is made (`created`: with
 * the start of its segment compaction, in the same batch, before any of its events can be counted) and
 * after every change of it; it writes the whole copy, so a repeat does no harm.
 */
export async function copyTestToShard(
  env: Env,
  testId: string,
  { created = false }: { created?: boolean } = {},
): Promise<void> {
  const [tests, phases, weights] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT * FROM split_tests WHERE id = ?1").bind(testId),
    env.DB.prepare("SELECT * FROM test_phases WHERE split_test_id = ?1").bind(testId),
    env.DB.prepare("SELECT * FROM weight_history WHERE split_test_id = ?1").bind(testId),
  ]);
  const test = tests?.results[0];
  const shard = typeof test?.shard === "string" ? test.shard : LEGACY_SHARD;
  if (!test || shard === LEGACY_SHARD) return;
  const db = eventsDb(env, shard);
  const row = { ...test, ...COPY_OVERRIDES };
  const columns = Object.keys(row);
  const updates = columns.filter((c) => c !== "id").map((c) => `${quoted(c)} = excluded.${quoted(c)}`);
  await db.batch([
    standInUser(db, String(test.user_id)),
    ...(test.workspace_id ? [db.prepare(STAND_IN_WORKSPACE).bind(test.workspace_id)] : []),
    db
      .prepare(
        `INSERT INTO split_tests (${columns.map(quoted).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})
         ON CONFLICT (id) DO UPDATE SET ${updates.join(", ")}`,
      )
      .bind(...columns.map((c) => row[c] ?? null)),
    db.prepare("DELETE FROM test_phases WHERE split_test_id = ?1").bind(testId),
    ...insertRows(db, "test_phases", phases?.results ?? []),
    db.prepare("DELETE FROM weight_history WHERE split_test_id = ?1").bind(testId),
    ...insertRows(db, "weight_history", weights?.results ?? []),
    ...(created ? [startSegmentCompaction(db, testId, Number(test.created_at))] : []),
  ]);
}

/** The shard of each of `testIds` that exists, by id, in one query (a test's shard never changes). */
export async function shardsOf(env: Env, testIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...new Set(testIds)];
  if (ids.length === 0) return new Map();
  const { results } = await env.DB.prepare(
    "SELECT id, shard FROM split_tests WHERE id IN (SELECT value FROM json_each(?1))",
  )
    .bind(JSON.stringify(ids))
    .all<{ id: string; shard: string }>();
  return new Map(results.map((row) => [row.id, row.shard]));
}
