import type { Db } from "../db/client";
import type { Background } from "../lib/background";
import { onDemand } from "../lib/on-demand";
import { log } from "../observability/log";
import type { CachedHost, CachedLink, CachedTestWorkspace, CachedTrafficRules } from "./entries";
import { IsolateCache } from "./isolate-cache";
import { domainSlugKey, hostKey, slugKey, testWorkspaceKey, trafficRulesKey } from "./keys";
import { keepAtLocation, readAtLocation } from "./location-cache";

/**
 * How long KV keeps an entry at a location: its shortest, so that an edit is everywhere within about a
 * minute, with the isolate's 20 s (ISOLATE_CACHE_TTL_MS) and, where the location keeps entries too, its
 * second purge 40 s after the change (purges.ts).
 */
export const KV_CACHE_TTL_SECONDS = 30;
/**
 * How long an entry KV does not rewrite on every change lives: a workspace's traffic rules (rewritten
 * when the rules or its members change; the day is the net under a change that did not say so) and a
 * test's workspace (which never changes; the day lets a deleted test's entry go).
 */
export const DERIVED_ENTRY_TTL_SECONDS = 24 * 60 * 60;
// null marks a known miss, so a mistyped link does not hit D1 on every request of an isolate.
type Cached = CachedLink | CachedHost | CachedTrafficRules | CachedTestWorkspace;
const memory = new IsolateCache<Cached | null>();
const loadD1Loaders = onDemand(() => Promise.all([import("./entries"), import("../db/client")]));

type Loaders = typeof import("./entries");

/** Entries written before variants existed (urlA, urlB) are read as misses and rewritten from D1. */
const isCurrentLink = (entry: CachedLink) => Array.isArray(entry.variants);

/**
 * In-isolate map, then the location's cache (location-cache.ts), then KV, then D1 (refilling the
 * location and KV without waiting). drizzle and the tables load with the first miss, not at startup: a
 * hit needs neither. An entry that `usable` refuses (written by an older version of the Worker) counts
 * as a miss.
 */
async function readThrough<T extends Cached>(
  env: Env,
  ctx: Background,
  key: string,
  load: (loaders: Loaders, db: Db) => Promise<T | null>,
  usable: (entry: T) => boolean = () => true,
  expirationTtl?: number,
): Promise<T | null> {
  const remembered = memory.get(key);
  if (remembered !== undefined) return remembered as T | null;

  const kept = await readAtLocation<T>(env, key);
  if (kept && usable(kept)) {
    memory.set(key, kept);
    return kept;
  }
  const cached = await readKv<T>(env, key);
  if (cached && usable(cached)) {
    memory.set(key, cached);
    keepAtLocation(env, ctx, key, cached);
    return cached;
  }
  const [loaders, { getDb }] = await loadD1Loaders();
  const loaded = await load(loaders, getDb(env.DB));
  memory.set(key, loaded);
  if (!loaded) return null;
  keepAtLocation(env, ctx, key, loaded);
  ctx.waitUntil(
    env.LINKS.put(key, JSON.stringify(loaded), expirationTtl ? { expirationTtl } : {}).catch(
      (error: unknown) => log("warn", "kv_refill_failed", { key, error }),
    ),
  );
  return loaded;
}

/** KV is a cache: when it fails, the redirect goes on to D1 rather than failing the visitor. */
async function readKv<T>(env: Env, key: string): Promise<T | null> {
  try {
    return await env.LINKS.get<T>(key, { type: "json", cacheTtl: KV_CACHE_TTL_SECONDS });
  } catch (error) {
    log("warn", "kv_read_failed", { key, next: "reading D1", error });
    return null;
  }
}

export function findLinkBySlug(env: Env, ctx: Background, slug: string) {
  return readThrough(
    env,
    ctx,
    slugKey(slug),
    (loaders, db) => loaders.loadLinkBySlug(db, slug),
    isCurrentLink,
  );
}

export function findLinkOnDomain(env: Env, ctx: Background, domainId: string, path: string) {
  return readThrough(
    env,
    ctx,
    domainSlugKey(domainId, path),
    (loaders, db) => loaders.loadLinkOnDomain(db, domainId, path),
    isCurrentLink,
  );
}

export function findHost(env: Env, ctx: Background, hostname: string) {
  return readThrough(env, ctx, hostKey(hostname), (loaders, db) => loaders.loadHost(db, hostname));
}

/**
 * A workspace's traffic rules and members, read with its link: a KV entry per workspace, rewritten when
 * the rules or the members change (link-cache/writes.ts `storeTrafficRules`).
 */
export function findTrafficRules(env: Env, ctx: Background, workspaceId: string) {
  return readThrough(
    env,
    ctx,
    trafficRulesKey(workspaceId),
    (loaders, db) => loaders.loadTrafficRules(db, workspaceId),
    (entry) => Array.isArray(entry.members),
    DERIVED_ENTRY_TTL_SECONDS,
  );
}

/** The workspace of a test, for a beacon that names only the test: no D1 read once cached. */
export function findTestWorkspace(env: Env, ctx: Background, testId: string) {
  return readThrough(
    env,
    ctx,
    testWorkspaceKey(testId),
    (loaders, db) => loaders.loadTestWorkspace(db, testId),
    (entry) => entry.workspaceId !== undefined,
    DERIVED_ENTRY_TTL_SECONDS,
  );
}

/** Forget what this isolate remembers of keys that just changed (the other isolates expire within seconds). */
export function forgetInIsolate(keys: string[]): void {
  for (const key of keys) memory.delete(key);
}
