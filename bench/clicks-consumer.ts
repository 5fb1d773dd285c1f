import { fileURLToPath } from "node:url";
import { type Unstable_Config, unstable_readConfig } from "wrangler";
import type { ClicksConsumer } from "./spread-types.ts";

const CONFIG = fileURLToPath(new URL("../wrangler.toml", import.meta.url));
const CLICKS_QUEUE = "splitlink-clicks";

type QueueConsumer = NonNullable<Unstable_Config["queues"]["consumers"]>[number];

/** How long a shard's writer holds the redirect's clicks in wrangler.toml's production environment. */
export function clickHoldSeconds(): number {
  const hold = unstable_readConfig({ config: CONFIG, env: "production" }).vars.CLICK_HOLD_SECONDS;
  if (typeof hold !== "number") throw new Error("wrangler.toml: no CLICK_HOLD_SECONDS in production");
  return hold;
}

/** The clicks queue's consumer batching in wrangler.toml's production environment. */
export function clicksConsumer(): ClicksConsumer {
  const consumers = unstable_readConfig({ config: CONFIG, env: "production" }).queues.consumers ?? [];
  const consumer = consumers.find((each: QueueConsumer) => each.queue === CLICKS_QUEUE);
  if (!consumer?.max_batch_size || consumer.max_batch_timeout === undefined)
    throw new Error(`wrangler.toml: no max_batch_size and max_batch_timeout for ${CLICKS_QUEUE}`);
  return { maxBatchSize: consumer.max_batch_size, maxBatchTimeoutSeconds: consumer.max_batch_timeout };
}
