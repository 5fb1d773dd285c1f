import { cloudflareConfig, PURGE_TAGS_PER_REQUEST, purgeCacheByTags } from "../domains/cloudflare";
import { forgetAtLocation, purgeTag } from "../link-cache/location-cache";
import { purgeMessageSchema } from "../link-cache/purges";
import { log } from "../observability/log";

/**
 * The consumer of splitlink-link-purges (queued by link-cache/purges.ts): one purge request a hundred
 * tags for the whole batch. Cloudflare's refusal (its rate limit included) retries the batch; the
 * consumer's location drops its copies itself.
 */
export async function consumePurges(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const keys = new Set<string>();
  for (const message of batch.messages) {
    const body = purgeMessageSchema.safeParse(message.body);
    if (body.success) for (const key of body.data.keys) keys.add(key);
    else log("warn", "link_purge_dropped", { id: message.id });
  }
  const config = cloudflareConfig(env);
  if (!config || keys.size === 0) return batch.ackAll();
  await forgetAtLocation(env, [...keys]);
  const tags = [...keys].map((key) => purgeTag(env, key));
  try {
    for (let at = 0; at < tags.length; at += PURGE_TAGS_PER_REQUEST)
      await purgeCacheByTags(config, tags.slice(at, at + PURGE_TAGS_PER_REQUEST));
    // Silent when done: the queue's metrics count its batches, and a line for each (the second purge comes
    // after its change is long answered) only adds volume to the logs.
    batch.ackAll();
  } catch (error) {
    log("warn", "link_purge_failed", { keys: keys.size, attempts: batch.messages[0]?.attempts, error });
    batch.retryAll();
  }
}
