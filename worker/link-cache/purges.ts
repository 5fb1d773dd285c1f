import * as z from "zod";
import { forgetAtLocation, locationCacheOn } from "./location-cache";

// Every location's copy of a changed key is purged twice through the splitlink-link-purges queue: at
// once, and LINK_PURGE_AGAIN_SECONDS later. The second purge is for a location that refilled from its own
// KV copy in between, which KV keeps up to KV_CACHE_TTL_SECONDS (lookup.ts) after a change. The queue's
// consumer (services/link-purges.ts) purges by tag through Cloudflare's API, and a purge it refuses is
// retried; the queue's own failure is noted for the repair cron (writes.ts).

/** A purge message: the KV keys whose copies go (a domain's removal may name more, in several). */
const KEYS_A_MESSAGE = 100;
export const purgeMessageSchema = z.object({
  keys: z.array(z.string().max(1_000)).min(1).max(KEYS_A_MESSAGE),
});

/** Queues both purges of the keys' entries and drops them at this location now; throws if the queue fails. */
export async function purgeEverywhere(env: Env, keys: string[]): Promise<void> {
  if (!locationCacheOn(env) || keys.length === 0) return;
  await forgetAtLocation(env, keys);
  for (let at = 0; at < keys.length; at += KEYS_A_MESSAGE) {
    const body = { keys: keys.slice(at, at + KEYS_A_MESSAGE) };
    await env.LINK_PURGES.sendBatch([{ body }, { body, delaySeconds: env.LINK_PURGE_AGAIN_SECONDS }]);
  }
}
