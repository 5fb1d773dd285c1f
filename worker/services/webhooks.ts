import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type {
  CreatedWebhookResponse,
  CreateWebhookInput,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
} from "../../contract/api";
import { WEBHOOK_MESSAGES } from "../../contract/messages";
import { WEBHOOK_PING_TYPE } from "../../contract/webhooks";
import { type Db, getDb } from "../db/client";
import { type WebhookEndpoint as EndpointRow, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { ApiError } from "../errors";
import { log } from "../observability/log";
import { attemptDelivery } from "../webhooks/deliver";
import { queueDeliveries, webhookEvent } from "../webhooks/events";
import { DELIVERY_LOG_SIZE, logAttempt, recordAttempt } from "../webhooks/record";
import { generateWebhookSecret } from "../webhooks/signature";
import { type WebhookUrlProblem, webhookUrlProblem } from "../webhooks/url-policy";
import { assertBelowQuota } from "./quotas";
import type { Creator } from "./workspaces";

const URL_PROBLEM_MESSAGES: Record<WebhookUrlProblem, string> = {
  invalid: WEBHOOK_MESSAGES.urlInvalid,
  not_https: WEBHOOK_MESSAGES.urlNotHttps,
  private: WEBHOOK_MESSAGES.urlPrivate,
};

const isDevelopment = (env: Env) => env.ENVIRONMENT === "development";

function toClientEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    status: row.status,
    createdAt: row.createdAt,
    failingSince: row.failingSince,
    lastSuccessAt: row.lastSuccessAt,
    disabledAt: row.disabledAt,
  };
}

export async function listWebhooks(db: Db, workspaceId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toClientEndpoint);
}

/** A new endpoint; the answer is the only time its signing secret leaves the Worker. */
export async function createWebhook(
  env: Env,
  creator: Creator,
  input: CreateWebhookInput,
): Promise<CreatedWebhookResponse> {
  const problem = webhookUrlProblem(input.url, isDevelopment(env));
  if (problem) throw new ApiError("invalid_input", URL_PROBLEM_MESSAGES[problem]);
  const db = getDb(env.DB);
  const [held] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, creator.workspaceId));
  assertBelowQuota("webhooks", held?.n ?? 0);
  const row: EndpointRow = {
    id: crypto.randomUUID(),
    userId: creator.userId,
    workspaceId: creator.workspaceId,
    url: input.url,
    events: input.events,
    secret: generateWebhookSecret(),
    status: "active",
    disabledAt: null,
    createdAt: Date.now(),
    failingSince: null,
    lastSuccessAt: null,
  };
  await db.insert(webhookEndpoints).values(row);
  return { webhook: toClientEndpoint(row), secret: row.secret };
}

/**
 * An owner turns an endpoint disabled by its creator's removal back on; the owner counts as its creator
 * from then on. False when it was not disabled (nothing changed); 404 for another workspace's id.
 */
export async function enableWebhook(db: Db, creator: Creator, id: string): Promise<boolean> {
  await ownedWebhook(db, creator.workspaceId, id);
  const rows = await db
    .update(webhookEndpoints)
    .set({ disabledAt: null, userId: creator.userId })
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.workspaceId, creator.workspaceId),
        isNotNull(webhookEndpoints.disabledAt),
      ),
    )
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Deleting an endpoint also drops its log and every delivery still waiting in the queue. */
export async function deleteWebhook(db: Db, workspaceId: string, id: string): Promise<void> {
  const [deleted] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .returning({ id: webhookEndpoints.id });
  if (!deleted) throw new ApiError("not_found", WEBHOOK_MESSAGES.notFound);
}

async function ownedWebhook(db: Db, workspaceId: string, id: string): Promise<EndpointRow> {
  const row = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .get();
  if (!row) throw new ApiError("not_found", WEBHOOK_MESSAGES.notFound);
  return row;
}

/** The endpoint's newest delivery attempts, newest first. */
export async function listDeliveries(db: Db, workspaceId: string, id: string): Promise<WebhookDelivery[]> {
  await ownedWebhook(db, workspaceId, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE);
  return rows.map(({ endpointId: _, ...row }) => ({
    ...row,
    delivered: row.statusCode !== null && row.statusCode >= 200 && row.statusCode < 300,
  }));
}

/**
 * "Send test event": one `webhook.ping` delivery made at once, without the queue, so the answer can
 * say how it went. Logged like every attempt; a success makes a failing endpoint active again, a
 * failure is not retried and changes nothing else.
 */
export async function sendTestEvent(env: Env, workspaceId: string, id: string): Promise<WebhookDelivery> {
  const endpoint = await ownedWebhook(getDb(env.DB), workspaceId, id);
  // Turned off when its creator left: nothing is sent to it, a test event neither, until an owner says so.
  if (endpoint.disabledAt !== null)
    throw new ApiError("webhook_disabled", WEBHOOK_MESSAGES.testWhileDisabled);
  const event = webhookEvent(WEBHOOK_PING_TYPE, {
    webhook: { id: endpoint.id, url: endpoint.url, events: endpoint.events },
    message: "A test event from SplitLink: your endpoint is reachable.",
  });
  const outcome = await attemptDelivery(endpoint, event, { development: isDevelopment(env) });
  const delivery = await recordAttempt(
    env.DB,
    endpoint.id,
    event,
    1,
    outcome,
    outcome.delivered ? "delivered" : null,
  );
  logAttempt({ endpointId: endpoint.id }, event, 1, outcome);
  return delivery;
}

/**
 * Sends an event to every endpoint of the workspace subscribed to its type: builds the envelope
 * `{ id, type, createdAt, data }` once and queues one delivery per endpoint (the WEBHOOKS queue signs,
 * sends and retries each); `event` when the caller built it already (an alert's, which Slack shares).
 * One indexed query when the workspace has no endpoint. Never throws: a failure is logged, and what the
 * caller did stands.
 */
export async function sendWebhookEvent(
  env: Env,
  workspaceId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  event = webhookEvent(type, data),
): Promise<void> {
  try {
    const endpoints = await getDb(env.DB)
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.workspaceId, workspaceId),
          isNull(webhookEndpoints.disabledAt),
          sql`EXISTS (SELECT 1 FROM json_each(${webhookEndpoints.events}) WHERE value = ${type})`,
        ),
      );
    if (endpoints.length === 0) return;
    await queueDeliveries(env.WEBHOOKS, [{ endpointIds: endpoints.map(({ id }) => id), event }]);
  } catch (error) {
    log("warn", "webhook_events_not_queued", { type, workspaceId, error });
  }
}
