import type { Background } from "../lib/background";
import { log } from "../observability/log";

// The location's tier between the isolate's map and KV: the Cache API (caches.default), one per
// Cloudflare location, shared by its isolates, and free to read where KV bills each read. It keeps an
// entry an hour, because every change purges it everywhere by its Cache-Tag (writes.ts, purges.ts): at
// once, and again once KV's own copy at a location can no longer be older than the change
// (LINK_PURGE_AGAIN_SECONDS). Purging needs Cloudflare's API, so a deployment without CF_API_TOKEN (local
// runs) has no such tier and reads KV as before. On workers.dev the Cache API keeps nothing; the
// redirect then reads KV, as without it.

/** How long a location keeps an entry when every change purges it. */
export const LOCATION_CACHE_TTL_SECONDS = 60 * 60;

/**
 * The tier exists only where a change can purge it from every location: with Cloudflare's API configured,
 * as domains/cloudflare.ts `cloudflareConfig` reads it (not imported: the redirect's startup keeps the
 * API client out, and link-cache may not import domains).
 */
export const locationCacheOn = (env: Env): boolean =>
  Boolean((env as { CF_API_TOKEN?: string }).CF_API_TOKEN) && env.CF_ZONE_ID !== "";

/** Where the location keeps a key's entry: on the app's own host, the zone's; the path is nobody's page. */
export const locationCacheUrl = (env: Env, key: string) =>
  `https://${env.APP_HOST}/__link-cache/${encodeURIComponent(key)}`;

/** The Cache-Tag of a KV key's entry, per deployment (staging and production may share a zone). */
export const purgeTag = (env: Env, key: string) => `${env.APP_HOST}/${key}`;

/** The entry this location keeps for `key`, or undefined; a failing cache is a miss. */
export async function readAtLocation<T>(env: Env, key: string): Promise<T | undefined> {
  if (!locationCacheOn(env)) return undefined;
  try {
    const kept = await caches.default.match(locationCacheUrl(env, key));
    return kept ? ((await kept.json()) as T) : undefined;
  } catch (error) {
    log("warn", "location_cache_read_failed", { key, next: "reading KV", error });
    return undefined;
  }
}

/** Keeps `value` at this location for LOCATION_CACHE_TTL_SECONDS, without making the visitor wait. */
export function keepAtLocation(env: Env, ctx: Background, key: string, value: unknown): void {
  if (!locationCacheOn(env)) return;
  const entry = new Response(JSON.stringify(value), {
    headers: {
      "content-type": "application/json",
      "cache-control": `max-age=${LOCATION_CACHE_TTL_SECONDS}`,
      "cache-tag": purgeTag(env, key),
    },
  });
  ctx.waitUntil(
    caches.default
      .put(locationCacheUrl(env, key), entry)
      .catch((error: unknown) => log("warn", "location_cache_write_failed", { key, error })),
  );
}

/** Drops the keys' entries at this location only (purges.ts purges them everywhere). */
export async function forgetAtLocation(env: Env, keys: string[]): Promise<void> {
  if (!locationCacheOn(env)) return;
  await Promise.all(keys.map((key) => caches.default.delete(locationCacheUrl(env, key))));
}
