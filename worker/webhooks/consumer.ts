import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_SECONDS } from "../../contract/webhooks";
import { log } from "../observability/log";
import { type AttemptOptions, type AttemptOutcome, attemptDelivery } from "./deliver";
import { type WebhookMessage, webhookMessageSchema } from "./events";
import { type EndpointChange, logAttempt, recordAttempt } from "./record";

/** The wait before each retry, in seconds, and the attempts in all: the schedule of contract/webhooks.ts. */
export const RETRY_DELAYS_SECONDS = WEBHOOK_RETRY_DELAYS_SECONDS;
export { WEBHOOK_MAX_ATTEMPTS };

interface Endpoint {
  id: string;
  url: string;
  secret: string;
}

// One query for the whole batch; an endpoint deleted or disabled meanwhile is simply missing.
const ENDPOINTS =
  "SELECT id, url, secret FROM webhook_endpoints WHERE id IN (SELECT value FROM json_each(?1)) AND disabled_at IS NULL";

/**
 * Delivers a batch of the WEBHOOKS queue, each message on its own and all at once: a 2xx answer
 * acknowledges it; another status, a timeout or a network error retries it on the schedule above. A
 * message whose endpoint was deleted is dropped, and one whose URL is refused is not sent at all.
 * Every attempt is logged in webhook_deliveries and as one `webhook_delivery` log line. The messages
 * for Slack (a `destination` of "slack" or "slack-alert") take the same schedule, handed to `toSlack`
 * (worker/integrations/slack/deliver.ts, which worker/index.ts passes: this folder does not import the
 * integrations).
 */
export async function consumeWebhooks(
  batch: MessageBatch<unknown>,
  env: Env,
  { timeoutMs, toSlack }: Pick<AttemptOptions, "timeoutMs"> & { toSlack?: SlackConsumer } = {},
): Promise<void> {
  const pending: { message: Message<unknown>; body: WebhookMessage }[] = [];
  const forSlack: Message<unknown>[] = [];
  for (const message of batch.messages) {
    const parsed = webhookMessageSchema.safeParse(message.body);
    if (parsed.success) pending.push({ message, body: parsed.data });
    else if (toSlack && isForSlack(message.body)) forSlack.push(message);
    else {
      log("warn", "webhook_delivery_dropped", { messageId: message.id, reason: "malformed" });
      message.ack();
    }
  }
  await Promise.all([
    consumeToEndpoints(env, pending, timeoutMs),
    forSlack.length > 0 && toSlack ? toSlack(env, forSlack, timeoutMs) : undefined,
  ]);
}

/** What takes the batch's messages for Slack: each acknowledged or retried by it. */
export type SlackConsumer = (
  env: Env,
  messages: Message<unknown>[],
  timeoutMs: number | undefined,
) => Promise<void>;

const isForSlack = (body: unknown) =>
  typeof body === "object" &&
  body !== null &&
  "destination" in body &&
  (body.destination === "slack" || body.destination === "slack-alert");

/**
 * What follows an attempt, whatever its destination: acknowledged once delivered or given up (refused,
 * or the last attempt), else retried after the schedule's next wait.
 */
export function nextStep(
  outcome: Pick<AttemptOutcome, "delivered" | "refused">,
  attempt: number,
): { gaveUp: boolean; retryInSeconds?: number } {
  const gaveUp = !outcome.delivered && (outcome.refused || attempt >= WEBHOOK_MAX_ATTEMPTS);
  return {
    gaveUp,
    retryInSeconds: outcome.delivered || gaveUp ? undefined : RETRY_DELAYS_SECONDS[attempt - 1],
  };
}

export function settle(message: Message<unknown>, retryInSeconds: number | undefined): void {
  if (retryInSeconds === undefined) message.ack();
  else message.retry({ delaySeconds: retryInSeconds });
}

async function consumeToEndpoints(
  env: Env,
  pending: { message: Message<unknown>; body: WebhookMessage }[],
  timeoutMs: number | undefined,
): Promise<void> {
  if (pending.length === 0) return;

  const ids = [...new Set(pending.map(({ body }) => body.endpointId))];
  const { results } = await env.DB.prepare(ENDPOINTS).bind(JSON.stringify(ids)).all<Endpoint>();
  const endpoints = new Map(results.map((endpoint) => [endpoint.id, endpoint]));
  const options: AttemptOptions = { development: env.ENVIRONMENT === "development", timeoutMs };
  await Promise.all(
    pending.map(({ message, body }) => deliver(env, message, body, endpoints.get(body.endpointId), options)),
  );
}

async function deliver(
  env: Env,
  message: Message<unknown>,
  body: WebhookMessage,
  endpoint: Endpoint | undefined,
  options: AttemptOptions,
): Promise<void> {
  const fields = { endpointId: body.endpointId, eventId: body.eventId, type: body.type };
  if (!endpoint) {
    log("info", "webhook_delivery_dropped", { ...fields, reason: "endpoint_deleted" });
    message.ack();
    return;
  }
  const attempt = message.attempts;
  const outcome = await attemptDelivery(endpoint, body, options);
  const { gaveUp, retryInSeconds } = nextStep(outcome, attempt);
  const change: EndpointChange = outcome.delivered ? "delivered" : gaveUp ? "gave_up" : null;
  try {
    await recordAttempt(env.DB, endpoint.id, body, attempt, outcome, change);
  } catch (error) {
    // The attempt happened: its outcome decides, even when the log could not be written.
    log("warn", "webhook_delivery_not_logged", { ...fields, error });
  }

  settle(message, retryInSeconds);
  logAttempt({ endpointId: endpoint.id }, body, attempt, outcome, { retryInSeconds, gaveUp });
}
