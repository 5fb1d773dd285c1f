import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_SECONDS } from "../../contract/webhooks";
import { log } from "../observability/log";
import { type AttemptOptions, type AttemptOutcome, attemptDelivery } from "./deliver";
import { type SlackMessage, slackMessageSchema, type WebhookMessage, webhookMessageSchema } from "./events";
import { type EndpointChange, logAttempt, recordAttempt } from "./record";
import {
  attemptSlack,
  recordSlackAttempt,
  type SlackChange,
  type SlackTarget,
  slackDeliveryKey,
  slackTargetsOf,
} from "./slack";

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
 * Every attempt is logged in webhook_deliveries and as one `webhook_delivery` log line. Slack messages
 * (`destination: "slack"`) take the same schedule to the workspace's incoming webhook (./slack.ts).
 */
export async function consumeWebhooks(
  batch: MessageBatch<unknown>,
  env: Env,
  { timeoutMs }: Pick<AttemptOptions, "timeoutMs"> = {},
): Promise<void> {
  const pending: { message: Message<unknown>; body: WebhookMessage }[] = [];
  const toSlack: { message: Message<unknown>; body: SlackMessage }[] = [];
  for (const message of batch.messages) {
    const slack = slackMessageSchema.safeParse(message.body);
    if (slack.success) {
      toSlack.push({ message, body: slack.data });
      continue;
    }
    const parsed = webhookMessageSchema.safeParse(message.body);
    if (parsed.success) pending.push({ message, body: parsed.data });
    else {
      log("warn", "webhook_delivery_dropped", { messageId: message.id, reason: "malformed" });
      message.ack();
    }
  }
  await Promise.all([consumeToEndpoints(env, pending, timeoutMs), consumeToSlack(env, toSlack, timeoutMs)]);
}

/**
 * What follows an attempt, whatever its destination: acknowledged once delivered or given up (refused,
 * or the last attempt), else retried after the schedule's next wait.
 */
function nextStep(outcome: AttemptOutcome, attempt: number): { gaveUp: boolean; retryInSeconds?: number } {
  const gaveUp = !outcome.delivered && (outcome.refused || attempt >= WEBHOOK_MAX_ATTEMPTS);
  return {
    gaveUp,
    retryInSeconds: outcome.delivered || gaveUp ? undefined : RETRY_DELAYS_SECONDS[attempt - 1],
  };
}

function settle(message: Message<unknown>, retryInSeconds: number | undefined): void {
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

/**
 * Slack messages, on the same schedule: one whose connection was removed or replaced is dropped, and
 * one already delivered (the queue may deliver a message twice) is not posted again.
 */
async function consumeToSlack(
  env: Env,
  pending: { message: Message<unknown>; body: SlackMessage }[],
  timeoutMs: number | undefined,
): Promise<void> {
  if (pending.length === 0) return;
  const { targets, delivered } = await slackTargetsOf(
    env.DB,
    pending.map(({ body }) => body),
  );
  await Promise.all(
    pending.map(({ message, body }) =>
      deliverToSlack(env, message, body, targets.get(body.connectionId), delivered, timeoutMs),
    ),
  );
}

async function deliverToSlack(
  env: Env,
  message: Message<unknown>,
  body: SlackMessage,
  target: SlackTarget | undefined,
  delivered: Set<string>,
  timeoutMs: number | undefined,
): Promise<void> {
  const fields = { connectionId: body.connectionId, eventId: body.eventId, type: body.type };
  if (!target || delivered.has(slackDeliveryKey(body))) {
    log("info", "slack_delivery_dropped", {
      ...fields,
      reason: target ? "already_delivered" : "disconnected",
    });
    message.ack();
    return;
  }
  const attempt = message.attempts;
  const outcome = await attemptSlack(target, body.body, env, timeoutMs);
  const { gaveUp, retryInSeconds } = nextStep(outcome, attempt);
  const change: SlackChange = outcome.delivered
    ? "delivered"
    : outcome.refused
      ? "broken"
      : gaveUp
        ? "gave_up"
        : null;
  try {
    await recordSlackAttempt(env.DB, target.id, body, attempt, outcome, change);
  } catch (error) {
    log("warn", "slack_delivery_not_logged", { ...fields, error });
  }
  settle(message, retryInSeconds);
  logAttempt({ connectionId: target.id }, body, attempt, outcome, { retryInSeconds, gaveUp });
}
