import type { WebhookDelivery } from "../../contract/api";
import { log } from "../observability/log";
import type { AttemptOutcome } from "./deliver";
import type { WebhookMessage } from "./events";

/** The delivery log keeps this many attempts per endpoint; older ones are deleted as new ones come. */
export const DELIVERY_LOG_SIZE = 50;

/** What an attempt changes about its endpoint: a success makes it active, a given-up delivery failing. */
export type EndpointChange = "delivered" | "gave_up" | null;

// Inserts nothing when the endpoint was deleted meanwhile (instead of failing on the foreign key).
const INSERT_DELIVERY = `INSERT INTO webhook_deliveries
    (endpoint_id, event_id, type, attempt, status_code, error, duration_ms, attempted_at)
  SELECT id, ?2, ?3, ?4, ?5, ?6, ?7, ?8 FROM webhook_endpoints WHERE id = ?1
  RETURNING id`;

// The integer id grows with every insert: everything below the newest DELIVERY_LOG_SIZE goes.
const PRUNE_DELIVERIES = `DELETE FROM webhook_deliveries WHERE endpoint_id = ?1 AND id <= (
    SELECT id FROM webhook_deliveries WHERE endpoint_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)`;

const MARK_DELIVERED = `UPDATE webhook_endpoints
  SET status = 'active', failing_since = NULL, last_success_at = ?2 WHERE id = ?1`;

const MARK_FAILING = `UPDATE webhook_endpoints
  SET status = 'failing', failing_since = coalesce(failing_since, ?2) WHERE id = ?1`;

/**
 * Logs one attempt and applies what it changes about the endpoint, in one D1 batch. Answers the
 * attempt as the delivery log shows it.
 */
export async function recordAttempt(
  db: D1Database,
  endpointId: string,
  message: Pick<WebhookMessage, "eventId" | "type">,
  attempt: number,
  outcome: AttemptOutcome,
  change: EndpointChange,
): Promise<WebhookDelivery> {
  const statements = [
    db
      .prepare(INSERT_DELIVERY)
      .bind(
        endpointId,
        message.eventId,
        message.type,
        attempt,
        outcome.statusCode,
        outcome.error,
        outcome.durationMs,
        outcome.attemptedAt,
      ),
    db.prepare(PRUNE_DELIVERIES).bind(endpointId, DELIVERY_LOG_SIZE),
  ];
  if (change === "delivered")
    statements.push(db.prepare(MARK_DELIVERED).bind(endpointId, outcome.attemptedAt));
  if (change === "gave_up") statements.push(db.prepare(MARK_FAILING).bind(endpointId, outcome.attemptedAt));
  const [inserted] = await db.batch<{ id: number }>(statements);
  return {
    id: inserted?.results[0]?.id ?? 0,
    eventId: message.eventId,
    type: message.type,
    attempt,
    delivered: outcome.delivered,
    statusCode: outcome.statusCode,
    error: outcome.error,
    durationMs: outcome.durationMs,
    attemptedAt: outcome.attemptedAt,
  };
}

/**
 * The structured log line of an attempt, to a webhook endpoint (`webhook_delivery`, `endpointId`) or a
 * Slack connection (`slack_delivery`, `connectionId`). Its `outcome` is delivered, refused (address
 * rules), retrying (in `retryInSeconds`), gave_up (after the last retry) or failed (a test event, never
 * retried).
 */
export function logAttempt(
  destination: { endpointId: string } | { connectionId: string },
  message: Pick<WebhookMessage, "eventId" | "type">,
  attempt: number,
  outcome: AttemptOutcome,
  next: { retryInSeconds?: number; gaveUp?: boolean } = {},
): void {
  const result = outcome.delivered
    ? "delivered"
    : outcome.refused
      ? "refused"
      : next.gaveUp
        ? "gave_up"
        : next.retryInSeconds !== undefined
          ? "retrying"
          : "failed";
  log(
    outcome.delivered ? "info" : "warn",
    "endpointId" in destination ? "webhook_delivery" : "slack_delivery",
    {
      ...destination,
      eventId: message.eventId,
      type: message.type,
      attempt,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      outcome: result,
      retryInSeconds: next.retryInSeconds,
    },
  );
}
