import { SLACK_WEBHOOK_HOST, slackWebhookUrlProblem } from "../../../contract/api/integrations";
import { SLACK_MESSAGES } from "../../../contract/messages";
import { log } from "../../observability/log";
import { nextStep, settle } from "../../webhooks/consumer";
import { type AttemptOutcome, WEBHOOK_TIMEOUT_MS, WEBHOOK_USER_AGENT } from "../../webhooks/deliver";
import { type SlackMessage, slackAlertSchema, slackMessageSchema } from "../../webhooks/events";
import { DELIVERY_LOG_SIZE, logAttempt } from "../../webhooks/record";
import { queueSlackAlertMessage } from "./alert";

// Slack alerts go through the webhooks' queue with their retry schedule (worker/webhooks/consumer.ts
// hands them here); what differs is here: where the POST goes, how Slack's answer reads, and the
// connection's log and status.

/** A workspace's Slack connection as a delivery needs it. */
export interface SlackTarget {
  id: string;
  webhookUrl: string;
}

/** How much of Slack's error answer (`no_service`, `channel_is_archived`, …) the status keeps. */
const ERROR_BODY_MAX = 100;

/**
 * Where a stored webhook URL is posted: its path on SLACK_WEBHOOK_ORIGIN (Slack's own unless the
 * deployment says otherwise, as the tests' fake does). Null when the URL is not Slack's incoming
 * webhook form: nothing but hooks.slack.com/services/… is ever sent to, whatever was stored.
 */
export function slackPostUrl(webhookUrl: string, env: Pick<Env, "SLACK_WEBHOOK_ORIGIN">): string | null {
  if (slackWebhookUrlProblem(webhookUrl) !== null) return null;
  const origin = env.SLACK_WEBHOOK_ORIGIN || `https://${SLACK_WEBHOOK_HOST}`;
  return `${origin.replace(/\/+$/, "")}${new URL(webhookUrl).pathname}`;
}

/**
 * One POST of the message to Slack. 2xx (Slack says `200 ok`) is delivered. Another 4xx than 429 means
 * the webhook is gone or refuses the message (`404 no_service`, `410 channel_is_archived`, `403
 * action_prohibited`, …): `refused`, so it is not retried. 429, 5xx, 3xx (not followed), a timeout or
 * a network error are retried.
 */
export async function attemptSlack(
  target: SlackTarget,
  body: string,
  env: Pick<Env, "SLACK_WEBHOOK_ORIGIN">,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<AttemptOutcome> {
  const attemptedAt = Date.now();
  const outcome = (fields: Pick<AttemptOutcome, "delivered" | "statusCode" | "error" | "refused">) => ({
    ...fields,
    durationMs: Date.now() - attemptedAt,
    attemptedAt,
  });
  const url = slackPostUrl(target.webhookUrl, env);
  if (!url)
    return outcome({ delivered: false, statusCode: null, error: SLACK_MESSAGES.urlNotSlack, refused: true });
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": WEBHOOK_USER_AGENT },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const status = response.status;
    if (status >= 200 && status < 300) {
      await response.body?.cancel();
      return outcome({ delivered: true, statusCode: status, error: null, refused: false });
    }
    const answer = (await response.text().catch(() => ""))
      .replace(/[^\x20-\x7e]/g, "")
      .trim()
      .slice(0, ERROR_BODY_MAX);
    const gone = status >= 400 && status < 500 && status !== 429;
    return outcome({
      delivered: false,
      statusCode: status,
      error: SLACK_MESSAGES.answered(status, answer),
      refused: gone,
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return outcome({
      delivered: false,
      statusCode: null,
      error: timedOut
        ? SLACK_MESSAGES.timedOut(timeoutMs / 1000)
        : SLACK_MESSAGES.networkError(error instanceof Error ? error.message : String(error)),
      refused: false,
    });
  }
}

/**
 * What an attempt changes about the connection besides its last delivery or failure: a success makes it
 * active; a message given up after its last retry makes it failing; Slack saying the webhook is gone
 * makes it broken.
 */
export type SlackChange = "delivered" | "gave_up" | "broken" | null;

// Inserts nothing when the connection was removed or replaced meanwhile.
const INSERT_DELIVERY = `INSERT INTO slack_deliveries
    (connection_id, event_id, type, attempt, delivered, status_code, error, duration_ms, attempted_at)
  SELECT id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 FROM slack_connections WHERE id = ?1`;
const PRUNE_DELIVERIES = `DELETE FROM slack_deliveries WHERE connection_id = ?1 AND id <= (
    SELECT id FROM slack_deliveries WHERE connection_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)`;
const MARK_DELIVERED = "UPDATE slack_connections SET status = 'active', last_delivered_at = ?2 WHERE id = ?1";
const MARK_FAILED = `UPDATE slack_connections SET last_failure_at = ?2, last_failure = ?3,
    status = CASE ?4 WHEN 'gave_up' THEN 'failing' WHEN 'broken' THEN 'broken' ELSE status END
  WHERE id = ?1`;

/** Logs one attempt and applies what it changes about the connection, in one D1 batch. */
export async function recordSlackAttempt(
  db: D1Database,
  connectionId: string,
  message: Pick<SlackMessage, "eventId" | "type">,
  attempt: number,
  outcome: AttemptOutcome,
  change: SlackChange,
): Promise<void> {
  await db.batch([
    db
      .prepare(INSERT_DELIVERY)
      .bind(
        connectionId,
        message.eventId,
        message.type,
        attempt,
        outcome.delivered ? 1 : 0,
        outcome.statusCode,
        outcome.error,
        outcome.durationMs,
        outcome.attemptedAt,
      ),
    db.prepare(PRUNE_DELIVERIES).bind(connectionId, DELIVERY_LOG_SIZE),
    outcome.delivered
      ? db.prepare(MARK_DELIVERED).bind(connectionId, outcome.attemptedAt)
      : db.prepare(MARK_FAILED).bind(connectionId, outcome.attemptedAt, outcome.error, change),
  ]);
}

// One query for the batch's connections; one removed or replaced meanwhile is simply missing.
const CONNECTIONS =
  "SELECT id, webhook_url AS webhookUrl FROM slack_connections WHERE id IN (SELECT value FROM json_each(?1)) AND disabled_at IS NULL";
// The (connection, event) pairs already delivered: a redelivered message is not posted again.
const DELIVERED = `SELECT connection_id AS connectionId, event_id AS eventId FROM slack_deliveries
  WHERE delivered = 1 AND connection_id IN (SELECT value FROM json_each(?1))
    AND event_id IN (SELECT value FROM json_each(?2))`;

/** The batch's connections by id, and the keys (`connection event`) of what was already delivered. */
export async function slackTargetsOf(
  db: D1Database,
  messages: readonly Pick<SlackMessage, "connectionId" | "eventId">[],
): Promise<{ targets: Map<string, SlackTarget>; delivered: Set<string> }> {
  const ids = JSON.stringify([...new Set(messages.map((m) => m.connectionId))]);
  const events = JSON.stringify([...new Set(messages.map((m) => m.eventId))]);
  const [connections, done] = await db.batch<Record<string, string>>([
    db.prepare(CONNECTIONS).bind(ids),
    db.prepare(DELIVERED).bind(ids, events),
  ]);
  return {
    targets: new Map(
      (connections?.results ?? []).map((row) => [row.id ?? "", row as unknown as SlackTarget] as const),
    ),
    delivered: new Set((done?.results ?? []).map((row) => slackDeliveryKey(row as never))),
  };
}

export const slackDeliveryKey = (message: Pick<SlackMessage, "connectionId" | "eventId">) =>
  `${message.connectionId} ${message.eventId}`;

/**
 * The webhooks' queue's messages for Slack (worker/webhooks/consumer.ts): an alert to word is worded and
 * its message queued (./alert.ts); a message is posted.
 */
export async function consumeSlack(
  env: Env,
  messages: Message<unknown>[],
  timeoutMs: number | undefined,
): Promise<void> {
  const pending: { message: Message<unknown>; body: SlackMessage }[] = [];
  const alerts: Promise<void>[] = [];
  for (const message of messages) {
    const slack = slackMessageSchema.safeParse(message.body);
    if (slack.success) {
      pending.push({ message, body: slack.data });
      continue;
    }
    const alert = slackAlertSchema.safeParse(message.body);
    if (alert.success) alerts.push(wordAlert(env, message, alert.data));
    else {
      log("warn", "slack_delivery_dropped", { messageId: message.id, reason: "malformed" });
      message.ack();
    }
  }
  await Promise.all([consumeToSlack(env, pending, timeoutMs), ...alerts]);
}

async function wordAlert(
  env: Env,
  message: Message<unknown>,
  alert: Parameters<typeof queueSlackAlertMessage>[1],
): Promise<void> {
  try {
    await queueSlackAlertMessage(env, alert);
    message.ack();
  } catch (error) {
    log("warn", "slack_alert_not_queued", { testId: alert.testId, kind: alert.alert.kind, error });
    settle(message, nextStep({ delivered: false, refused: false }, message.attempts).retryInSeconds);
  }
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
