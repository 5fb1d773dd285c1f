// The webhook events and their retry schedule: plain constants (no zod), for the Worker's consumer, the
// texts of contract/messages/ and the web's forms and guide alike.

/** The events a webhook endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  "test.verdict",
  "test.completed",
  "test.srm_detected",
  "conversion.recorded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send test event" delivers: not subscribable, it goes only to the endpoint being tried. */
export const WEBHOOK_PING_TYPE = "webhook.ping";

/**
 * The wait before each retry of a webhook delivery, in seconds; none above the 12 hours Queues can delay
 * a message. After the last retry the delivery is given up and the endpoint marked failing;
 * wrangler.toml's max_retries is above their number, so the runtime never drops a message before this
 * schedule does. The one list: the consumer (`worker/webhooks/consumer.ts`) follows it, and the texts
 * (`WEBHOOK_MESSAGES`, the OpenAPI document) and docs/webhooks.md, "Retries", state it.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [60, 300, 1_800, 7_200, 18_000, 36_000, 43_200] as const;
/** The first try and every retry. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/**
 * The JSON body of every webhook delivery, signed in the `SplitLink-Signature` header. Every retry
 * sends the same id and body; `createdAt` is ISO 8601. The tests' events carry `data.test`
 * (`{ id, name, slug, tags }`, tags lower-case in alphabetical order) and: `test.verdict` the verdict's `winner` (a label) and its optional
 * `winnerName` (null without one); `test.completed` `endedBy`, `result`, the promoted `winner` (or
 * null) and its `winnerName`; `test.srm_detected` its `pValue`; `conversion.recorded` the conversion's
 * `variant`, `sessionId`, `conversionId`, `occurredAt`, `testId`, and `amount` (major units) with its
 * `currency` when valued. `webhook.ping` carries `webhook` and `message` instead of `test` (docs/webhooks.md,
 * "Event data", which tests/worker/docs-contract.test.ts checks against real deliveries).
 */
export interface WebhookEvent<Data = Record<string, unknown>> {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_PING_TYPE;
  createdAt: string;
  data: Data;
}
