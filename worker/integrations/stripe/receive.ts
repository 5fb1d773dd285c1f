import * as z from "zod";
import type { StripeOutcome } from "../../../contract/api";
import { STRIPE_MESSAGES } from "../../../contract/messages";
import { ApiError } from "../../errors";
import type { Background } from "../../lib/background";
import { log } from "../../observability/log";
import { chargeRefunded } from "./events/charge-refunded";
import { checkoutCompleted } from "./events/checkout-session-completed";
import { invoicePaid } from "./events/invoice-paid";
import { invoicePaymentPaid } from "./events/invoice-payment-paid";
import type { Workspace } from "./payments";
import { checkStripeSignature } from "./signature";

// Stripe, no code (issue #36, docs/integrations/stripe.md): the events Stripe sends to a workspace's
// endpoint become conversions through the server-side API's path (recordServerConversion, ./payments.ts), attributed
// to the visitor's SplitLink session that the checkout carries. A conversion's value is the sum of its
// Stripe payments less their refunds (the stripe_payments rows, migrations/0027_stripe.sql). One file
// per event in ./events/, the signature in ./signature.ts.

/** The largest event taken; Stripe's are a few KiB. */
export const STRIPE_MAX_BODY_BYTES = 256 * 1024;
/** How long an event id is remembered: well past Stripe's retries (3 days). */
const EVENT_ID_RETENTION_MS = 30 * 86_400_000;
/** Expired event ids one event deletes at most: the table stays bounded, each request's cost too. */
const EXPIRED_EVENTS_PER_REQUEST = 100;

// The parts of Stripe's objects SplitLink reads (https://docs.stripe.com/api); anything else is left.
const eventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.looseObject({}) }),
});
type StripeEvent = z.output<typeof eventSchema>;

/** A few of the rows of `table` older than the retention, deleted with each event. */
function deleteExpired(db: D1Database, table: "stripe_events" | "stripe_invoice_payments", now: number) {
  return db
    .prepare(
      `DELETE FROM ${table} WHERE rowid IN (
         SELECT rowid FROM ${table} WHERE received_at < ?1 ORDER BY received_at LIMIT ${EXPIRED_EVENTS_PER_REQUEST})`,
    )
    .bind(now - EVENT_ID_RETENTION_MS);
}

function handle(
  env: Env,
  ctx: Background,
  ws: Workspace,
  event: StripeEvent,
  now: number,
): Promise<StripeOutcome> | StripeOutcome {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return checkoutCompleted(env, ctx, ws, event.data.object, now);
    case "invoice.paid":
      return invoicePaid(env, ctx, ws, event.data.object, now);
    case "invoice_payment.paid":
      return invoicePaymentPaid(env, ws, event.data.object, now);
    case "charge.refunded":
      return chargeRefunded(env, ctx, ws, event.data.object, now);
    default:
      return "ignored";
  }
}

/**
 * Takes one event Stripe sent to a workspace's endpoint (its token): refused (400) when the endpoint is
 * not connected, the signature does not match or is stale, or the body is not an event; otherwise
 * counted at most once by its id and answered, whatever became of it (the status shows that).
 */
export async function receiveStripeEvent(
  env: Env,
  ctx: Background,
  token: string,
  signature: string | undefined,
  body: string,
  now = Date.now(),
): Promise<{ duplicate: boolean; outcome?: StripeOutcome }> {
  const db = env.DB;
  const connection = await db
    .prepare(
      `SELECT c.workspace_id AS id, c.signing_secret AS secret,
         (SELECT user_id FROM memberships WHERE workspace_id = c.workspace_id AND role = 'owner'
          ORDER BY created_at LIMIT 1) AS ownerId
       FROM stripe_connections AS c JOIN workspaces AS w ON w.id = c.workspace_id AND w.deleted_at IS NULL
       WHERE c.token = ?1 AND c.signing_secret IS NOT NULL AND c.secret_retired_at IS NULL`,
    )
    .bind(token)
    .first<Workspace & { secret: string }>();
  if (!connection) throw new ApiError("bad_request", STRIPE_MESSAGES.unknownEndpoint);
  const check = await checkStripeSignature(connection.secret, signature, body, Math.floor(now / 1000));
  if (check === "bad") throw new ApiError("invalid_signature", STRIPE_MESSAGES.badSignature);
  if (check === "stale") throw new ApiError("invalid_signature", STRIPE_MESSAGES.staleSignature);
  let event: StripeEvent;
  try {
    event = eventSchema.parse(JSON.parse(body));
  } catch {
    throw new ApiError("invalid_input", STRIPE_MESSAGES.badEvent);
  }
  const ws: Workspace = { id: connection.id, ownerId: connection.ownerId };
  const seen = await db
    .prepare("SELECT 1 AS seen FROM stripe_events WHERE workspace_id = ?1 AND event_id = ?2")
    .bind(ws.id, event.id)
    .first();
  if (seen) return { duplicate: true };
  // Each step below is idempotent (a payment by its key, a conversion by its Idempotency-Key, a refund
  // set), so an event that failed half-way is taken whole when Stripe retries it; it is marked seen last.
  const outcome = await handle(env, ctx, ws, event, now);
  await db.batch([
    db
      .prepare(
        "INSERT OR IGNORE INTO stripe_events (workspace_id, event_id, received_at) VALUES (?1, ?2, ?3)",
      )
      .bind(ws.id, event.id, now),
    deleteExpired(db, "stripe_events", now),
    deleteExpired(db, "stripe_invoice_payments", now),
    db
      .prepare(
        "UPDATE stripe_connections SET last_event_at = ?2, last_event_type = ?3, last_event_outcome = ?4 WHERE workspace_id = ?1",
      )
      .bind(ws.id, now, event.type, outcome),
  ]);
  log("info", "stripe_event", { workspaceId: ws.id, type: event.type, outcome });
  return { duplicate: false, outcome };
}
