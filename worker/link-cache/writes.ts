import { and, asc, eq } from "drizzle-orm";
import { type Db, getDb } from "../db/client";
import { cacheRepairs } from "../db/schema";
import { log } from "../observability/log";
import { deleteLinkKeys, keysOf, loadByKey, loadTrafficRules, putLink, toCachedHost } from "./entries";
import { hostKey, trafficRulesKey } from "./keys";
import { DERIVED_ENTRY_TTL_SECONDS, forgetInIsolate } from "./lookup";
import { purgeEverywhere } from "./purges";

// Each repair is three D1 queries (read, read again, delete the note), a KV write and the purges'
// messages; on the free plan an invocation may make 50 D1 queries. What one cron run leaves waits for
// the next.
const REPAIRS_PER_RUN = 15;

// One statement for any number of keys (D1 binds at most 100 parameters); a key failing again
// keeps one row, with the newer time.
const NOTE_REPAIRS = `INSERT INTO cache_repairs (key, failed_at)
  SELECT value, ?2 FROM json_each(?1) WHERE true
  ON CONFLICT (key) DO UPDATE SET failed_at = excluded.failed_at`;

/**
 * Runs a KV update that follows a D1 change, then purges the keys from every location's cache. KV
 * entries do not expire, so should KV or the purges' queue be down the keys are noted for the cron to
 * rewrite from D1 and purge (`kv_write_failed`, `link_purge_not_queued`): the change stands (the caller
 * answers as usual), and the redirect follows it once they are back instead of serving the old state.
 */
async function updateCache(env: Env, keys: string[], update: () => Promise<unknown>): Promise<void> {
  forgetInIsolate(keys);
  try {
    await update();
  } catch (error) {
    // No purge: the locations would only refill from KV's old entry; the repair purges after its rewrite.
    return noteRepairs(env, keys, "kv_write_failed", error);
  }
  try {
    await purgeEverywhere(env, keys);
  } catch (error) {
    await noteRepairs(env, keys, "link_purge_not_queued", error);
  }
}

/** Notes the keys for the repair cron, after what failed. */
async function noteRepairs(env: Env, keys: string[], failed: string, error: unknown): Promise<void> {
  log("warn", failed, { keys, next: "repair_by_cron", error });
  try {
    await env.DB.prepare(NOTE_REPAIRS).bind(JSON.stringify(keys), Date.now()).run();
  } catch (noteError) {
    log("error", "kv_repair_not_noted", { keys, error: noteError });
  }
}

/** Caches a created or changed test under all its keys. */
export function storeLink(env: Env, test: Parameters<typeof putLink>[1]): Promise<void> {
  return updateCache(env, keysOf(test), () => putLink(env.LINKS, test));
}

/** Drops a deleted test from KV and from this isolate's memory. */
export function removeLink(env: Env, test: Parameters<typeof keysOf>[0]): Promise<void> {
  return updateCache(env, keysOf(test), () => deleteLinkKeys(env.LINKS, test));
}

/** Caches a custom domain's current status and fallback for the redirect. */
export function storeHost(
  env: Env,
  hostname: string,
  host: Parameters<typeof toCachedHost>[0],
): Promise<void> {
  const key = hostKey(hostname);
  const value = JSON.stringify(toCachedHost(host));
  return updateCache(env, [key], () => env.LINKS.put(key, value));
}

/** Drops a deleted custom domain, and the keys of the tests that lived on it, from KV and this isolate. */
export function removeHost(env: Env, hostname: string, linkKeys: string[] = []): Promise<void> {
  const keys = [hostKey(hostname), ...linkKeys];
  return updateCache(env, keys, () => Promise.all(keys.map((key) => env.LINKS.delete(key))));
}

/** Rewrites one key from D1; false when D1 changed meanwhile, so the key needs another run. */
async function rewriteFromD1(env: Env, db: Db, key: string): Promise<boolean> {
  const truth = JSON.stringify(await loadByKey(db, key));
  if (truth !== "null") await env.LINKS.put(key, truth);
  else await env.LINKS.delete(key);
  forgetInIsolate([key]);
  await purgeEverywhere(env, [key]);
  // A change made during the rewrite may have reached KV before the older state written here.
  return JSON.stringify(await loadByKey(db, key)) === truth;
}

/** The cron: rewrites each noted key from D1, or deletes it where D1 has nothing for it. */
export async function repairCache(env: Env): Promise<void> {
  const db = getDb(env.DB);
  const noted = await db
    .select()
    .from(cacheRepairs)
    .orderBy(asc(cacheRepairs.failedAt))
    .limit(REPAIRS_PER_RUN);
  let repaired = 0;
  let lastError: unknown;
  for (const { key, failedAt } of noted) {
    try {
      if (!(await rewriteFromD1(env, db, key))) continue;
      // A key that failed again meanwhile keeps its note for the next run.
      await db
        .delete(cacheRepairs)
        .where(and(eq(cacheRepairs.key, key), eq(cacheRepairs.failedAt, failedAt)));
      repaired += 1;
    } catch (error) {
      lastError = error;
    }
  }
  if (noted.length > 0) {
    const left = noted.length - repaired;
    log(left > 0 ? "warn" : "info", "kv_repaired", { repaired, left, error: lastError });
  }
}

/** Caches a workspace's traffic rules and members for the redirect after either changed. */
export function storeTrafficRules(env: Env, workspaceId: string): Promise<void> {
  const key = trafficRulesKey(workspaceId);
  return updateCache(env, [key], async () => {
    const entry = await loadTrafficRules(getDb(env.DB), workspaceId);
    await env.LINKS.put(key, JSON.stringify(entry), { expirationTtl: DERIVED_ENTRY_TTL_SECONDS });
  });
}
