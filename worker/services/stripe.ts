import * as z from "zod";
import type { StripeOutcome } from "../../contract/api";
import { fromStripeAmount, stripeAmountTooLarge } from "../../contract/currency";
import { STRIPE_MESSAGES } from "../../contract/messages";
import { timingSafeEqual } from "../auth/crypto";
import { sessionBytes } from "../db/session-bytes";
import { allShards, eventsDb } from "../db/shards";
import { ApiError } from "../errors";
import type { Background } from "../lib/background";
import { isSessionId } from "../lib/session-id";
import { log } from "../observability/log";
import { enqueueEvent } from "../queue/producer";
import { signatureHex } from "../webhooks/signature";
import { recordServerConversion } from "./conversions";

// Stripe, no code (issue #36, docs/integrations/stripe.md): the events Stripe sends to a workspace's
// endpoint become conversions through the server-side API's path (recordServerConversion), attributed
// to the visitor's SplitLink session that the checkout carries. A conversion's value is the sum of its
// Stripe payments less their refunds (the stripe_payments rows, migrations/0027_stripe.sql).

/** Stripe's default tolerance: a signature whose time is further from now is refused. */
export const STRIPE_TOLERANCE_SECONDS = 300;
/** The largest event taken; Stripe's are a few KiB. */
export const STRIPE_MAX_BODY_BYTES = 256 * 1024;
/** How long an event id is remembered: well past Stripe's retries (3 days). */
const EVENT_ID_RETENTION_MS = 30 * 86_400_000;
/** Expired event ids one event deletes at most: the table stays bounded, each request's cost too. */
const EXPIRED_EVENTS_PER_REQUEST = 100;

const encoder = new TextEncoder();

/**
 * Stripe's scheme (https://docs.stripe.com/webhooks#verify-manually): `Stripe-Signature: t=<unix
 * seconds>,v1=<hex>[,v1=…][,v0=…]`, each v1 the hex HMAC-SHA256 of "<t>.<raw body>" keyed with the whole
 * secret (whsec_ included). Any v1 may match (Stripe sends two while a secret is being rolled); v0 is
 * a test-mode scheme nobody should trust. A matching signature too far from now is stale: a captured
 * event cannot be replayed later.
 */
export async function checkStripeSignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
): Promise<"ok" | "bad" | "stale"> {
  let time: number | null = null;
  const signatures: string[] = [];
  for (const part of (header ?? "").split(",")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === "t" && value !== undefined && /^\d{1,12}$/.test(value)) time = Number(value);
    else if (name === "v1" && value !== undefined) signatures.push(value);
  }
  if (time === null || signatures.length === 0) return "bad";
  const expected = encoder.encode(await signatureHex(secret, body, time));
  let matched = false;
  // Every one compared, a match or not: the time taken tells nothing of which.
  for (const signature of signatures)
    if (timingSafeEqual(encoder.encode(signature), expected)) matched = true;
  if (!matched) return "bad";
  return Math.abs(nowSeconds - time) <= STRIPE_TOLERANCE_SECONDS ? "ok" : "stale";
}

// The parts of Stripe's objects SplitLink reads (https://docs.stripe.com/api); anything else is left.
const eventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.looseObject({}) }),
});
type StripeEvent = z.output<typeof eventSchema>;

const metadataSchema = z.record(z.string(), z.unknown()).nullish();

const checkoutSessionSchema = z.object({
  id: z.string(),
  amount_total: z.int().nullish(),
  currency: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  metadata: metadataSchema,
  payment_intent: z.string().nullish(),
  payment_status: z.string().nullish(),
  mode: z.string().nullish(),
  subscription: z.string().nullish(),
});

const invoiceSchema = z.object({
  id: z.string(),
  amount_paid: z.int(),
  currency: z.string(),
  billing_reason: z.string().nullish(),
  subscription: z.string().nullish(),
  // Older API versions; newer ones keep it in the invoice's payments.
  payment_intent: z.string().nullish(),
  subscription_details: z.object({ metadata: metadataSchema }).nullish(),
  parent: z
    .object({
      subscription_details: z
        .object({ metadata: metadataSchema, subscription: z.string().nullish() })
        .nullish(),
    })
    .nullish(),
});

// API versions from 2025-03-31 link an invoice to its payment intent with an InvoicePayment.
const invoicePaymentSchema = z.object({
  invoice: z.string(),
  payment: z.object({ payment_intent: z.string().nullish() }),
});

const chargeSchema = z.object({
  id: z.string(),
  amount_refunded: z.int(),
  currency: z.string(),
  payment_intent: z.string().nullish(),
});

/** The first of the values that is a SplitLink session id (a merchant may use client_reference_id for its own ids). */
function sessionIn(...values: unknown[]): string | null {
  for (const value of values) if (typeof value === "string" && isSessionId(value)) return value;
  return null;
}

interface Workspace {
  id: string;
  /** Whose Idempotency-Keys the conversions use: the workspace's first owner. */
  ownerId: string | null;
}

/** One Stripe payment of a visitor: its value in ISO 4217 minor units, or null when its currency is unknown. */
interface Payment {
  /** The payment intent, the checkout session or invoice, or "{subscription}:first" (see the migration). */
  key: string;
  sessionId: string;
  paymentIntent: string | null;
  /** The invoice that paid it, if one did. */
  invoice: string | null;
  value: { amount: number; currency: string } | null;
}

// The workspace's test whose link the session clicked last, as a person; deleted tests are no one's.
// Run on every event shard (each holds a copy of its tests' rows); the latest click wins.
const CLICKED_TEST = `SELECT t.id, c.timestamp AS at FROM split_tests AS t
  JOIN clicks AS c ON c.split_test_id = t.id AND c.session = ${sessionBytes("?2")}
  WHERE t.workspace_id = ?1 AND t.deleted_at IS NULL AND c.is_bot = 0
  ORDER BY c.timestamp DESC LIMIT 1`;

async function clickedTest(env: Env, workspaceId: string, sessionId: string): Promise<string | null> {
  const found = await Promise.all(
    allShards(env).map((shard) =>
      eventsDb(env, shard)
        .prepare(CLICKED_TEST)
        .bind(workspaceId, sessionId)
        .first<{ id: string; at: number }>(),
    ),
  );
  let latest: { id: string; at: number } | null = null;
  for (const row of found) if (row && (!latest || row.at > latest.at)) latest = row;
  return latest?.id ?? null;
}

// A conversion's value is its payments (in its currency) less their refunds: summed where the payments
// are (the main database), then set on the conversion in whichever shard holds it. Only a conversion of
// a test of the workspace, and only one with a value.
const PAYMENT_SUMS = `SELECT currency, max(0, sum(amount - refunded)) AS amount FROM stripe_payments
  WHERE workspace_id = ?1 AND conversion_id = ?2 GROUP BY currency`;
const SET_VALUE = `UPDATE conversions SET amount = coalesce(
    (SELECT s.value ->> 'amount' FROM json_each(?3) AS s WHERE s.value ->> 'currency' = conversions.currency), 0)
  WHERE id = ?2 AND currency IS NOT NULL
    AND EXISTS (SELECT 1 FROM split_tests WHERE id = conversions.split_test_id AND workspace_id = ?1)`;

async function recomputeValue(env: Env, workspaceId: string, conversionId: string): Promise<void> {
  const { results } = await env.DB.prepare(PAYMENT_SUMS).bind(workspaceId, conversionId).all();
  const sums = JSON.stringify(results);
  await Promise.all(
    allShards(env).map((shard) =>
      eventsDb(env, shard).prepare(SET_VALUE).bind(workspaceId, conversionId, sums).run(),
    ),
  );
}

// The payment intent is the event's, else the one invoice_payment.paid linked to the invoice (?9) before.
const UPSERT_PAYMENT = `INSERT INTO stripe_payments
    (workspace_id, payment_key, session_id, conversion_id, payment_intent, currency, amount, created_at, invoice)
  VALUES (?1, ?2, ?3, ?4,
          coalesce(?5, (SELECT payment_intent FROM stripe_invoice_payments WHERE workspace_id = ?1 AND invoice = ?9)),
          ?6, ?7, ?8, ?9)
  ON CONFLICT (workspace_id, payment_key) DO UPDATE
    SET conversion_id = coalesce(conversion_id, excluded.conversion_id),
        payment_intent = coalesce(payment_intent, excluded.payment_intent),
        invoice = coalesce(invoice, excluded.invoice)`;

/**
 * Adds a payment to the visitor's conversion: the first one records the conversion (with its value)
 * through the server-side API's path; a later one (a renewal) adds its value to that conversion. The same
 * payment reported twice (a subscription's first payment: checkout and first invoice) counts once.
 */
async function addPayment(
  env: Env,
  ctx: Background,
  ws: Workspace,
  payment: Payment,
  now: number,
): Promise<StripeOutcome> {
  const db = env.DB;
  const [known, earlier] = await db.batch<{ conversionId: string | null }>([
    db
      .prepare(
        "SELECT conversion_id AS conversionId FROM stripe_payments WHERE workspace_id = ?1 AND payment_key = ?2",
      )
      .bind(ws.id, payment.key),
    db
      .prepare(
        "SELECT conversion_id AS conversionId FROM stripe_payments WHERE workspace_id = ?1 AND session_id = ?2 AND conversion_id IS NOT NULL LIMIT 1",
      )
      .bind(ws.id, payment.sessionId),
  ]);
  const store = (conversionId: string | null) =>
    payment.value
      ? db
          .prepare(UPSERT_PAYMENT)
          .bind(
            ws.id,
            payment.key,
            payment.sessionId,
            conversionId,
            payment.paymentIntent,
            payment.value.currency,
            payment.value.amount,
            now,
            payment.invoice,
          )
      : null;

  if (known?.results[0]?.conversionId) {
    await store(null)?.run();
    return "already_counted";
  }
  const existing = earlier?.results[0]?.conversionId;
  if (existing) {
    const write = store(existing);
    if (write) {
      await write.run();
      await recomputeValue(env, ws.id, existing);
    }
    return "value_added";
  }

  const testId = await clickedTest(env, ws.id, payment.sessionId);
  if (!testId || !ws.ownerId) return "no_click";
  let answer: Awaited<ReturnType<typeof recordServerConversion>>;
  try {
    answer = await recordServerConversion(
      env,
      { workspaceId: ws.id, userId: ws.ownerId },
      `stripe:${payment.key}`,
      { testId, sessionId: payment.sessionId, ...(payment.value ?? {}) },
      now,
    );
  } catch (error) {
    if (error instanceof ApiError) return "not_counted";
    throw error;
  }
  if (answer.pending) enqueueEvent(env, ctx, { type: "conversion", ...answer.pending });
  // 200: the session had its conversion before (a beacon's, say), which Stripe's value does not change.
  if (answer.status === 200) return "already_counted";
  const conversionId = answer.body.conversion.id;
  const write = store(conversionId);
  if (write) {
    await write.run();
    await recomputeValue(env, ws.id, conversionId);
  }
  return "counted";
}

async function checkoutCompleted(
  env: Env,
  ctx: Background,
  ws: Workspace,
  object: unknown,
  now: number,
): Promise<StripeOutcome> {
  const parsed = checkoutSessionSchema.safeParse(object);
  if (!parsed.success) return "ignored";
  const session = parsed.data;
  // An amount no order has (past MAX_AMOUNT, as the beacon refuses) counts nothing, not even the order.
  if (session.amount_total != null && stripeAmountTooLarge(session.amount_total, session.currency ?? ""))
    return "ignored";
  // Paid later (a bank debit): checkout.session.async_payment_succeeded comes then.
  if (session.payment_status === "unpaid") return "unpaid";
  const sessionId = sessionIn(session.client_reference_id, session.metadata?.splitlink_session);
  if (!sessionId) return "not_attributed";
  if (session.subscription)
    await env.DB.prepare(
      "INSERT OR IGNORE INTO stripe_subscriptions (workspace_id, subscription_id, session_id) VALUES (?1, ?2, ?3)",
    )
      .bind(ws.id, session.subscription, sessionId)
      .run();
  const key =
    session.mode === "subscription" && session.subscription
      ? `${session.subscription}:first`
      : (session.payment_intent ?? session.id);
  const value =
    session.amount_total != null && session.currency
      ? fromStripeAmount(session.amount_total, session.currency)
      : null;
  return addPayment(
    env,
    ctx,
    ws,
    { key, sessionId, paymentIntent: session.payment_intent ?? null, invoice: null, value },
    now,
  );
}

async function invoicePaid(
  env: Env,
  ctx: Background,
  ws: Workspace,
  object: unknown,
  now: number,
): Promise<StripeOutcome> {
  const parsed = invoiceSchema.safeParse(object);
  if (!parsed.success) return "ignored";
  const invoice = parsed.data;
  if (stripeAmountTooLarge(invoice.amount_paid, invoice.currency)) return "ignored";
  const details = invoice.parent?.subscription_details;
  const subscription = invoice.subscription ?? details?.subscription ?? null;
  let sessionId = sessionIn(
    invoice.subscription_details?.metadata?.splitlink_session,
    details?.metadata?.splitlink_session,
  );
  if (!sessionId && subscription)
    sessionId = await env.DB.prepare(
      "SELECT session_id FROM stripe_subscriptions WHERE workspace_id = ?1 AND subscription_id = ?2",
    )
      .bind(ws.id, subscription)
      .first<string>("session_id");
  if (!sessionId) return "not_attributed";
  // The first invoice of a subscription is the checkout's own payment: one key for both, counted once.
  const key =
    subscription && invoice.billing_reason === "subscription_create" ? `${subscription}:first` : invoice.id;
  return addPayment(
    env,
    ctx,
    ws,
    {
      key,
      sessionId,
      paymentIntent: invoice.payment_intent ?? null,
      invoice: invoice.id,
      value: fromStripeAmount(invoice.amount_paid, invoice.currency),
    },
    now,
  );
}

/**
 * An invoice paid without a payment intent (a charge of the older Charges API, or a payment recorded
 * outside Stripe): no charge.refunded can name it. Stored as its "payment intent", it marks the payment as
 * not waiting for one, so the card does not ask for invoice_payment.paid because of it.
 */
const NO_PAYMENT_INTENT = "";

/**
 * invoice_payment.paid: the invoice's payment intent, which API versions from 2025-03-31 no longer put on
 * the invoice, so that charge.refunded finds the payment. Kept for an invoice.paid still to come, and set
 * on the payment if invoice.paid came first.
 */
async function invoicePaymentPaid(
  env: Env,
  ws: Workspace,
  object: unknown,
  now: number,
): Promise<StripeOutcome> {
  const parsed = invoicePaymentSchema.safeParse(object);
  if (!parsed.success) return "ignored";
  const paymentIntent = parsed.data.payment.payment_intent || NO_PAYMENT_INTENT;
  const db = env.DB;
  await db.batch([
    db
      .prepare(
        `INSERT INTO stripe_invoice_payments (workspace_id, invoice, payment_intent, received_at)
           VALUES (?1, ?2, ?3, ?4) ON CONFLICT (workspace_id, invoice) DO NOTHING`,
      )
      .bind(ws.id, parsed.data.invoice, paymentIntent, now),
    db
      .prepare(
        `UPDATE stripe_payments SET payment_intent = ?3
           WHERE workspace_id = ?1 AND invoice = ?2 AND payment_intent IS NULL`,
      )
      .bind(ws.id, parsed.data.invoice, paymentIntent),
  ]);
  return paymentIntent === NO_PAYMENT_INTENT ? "paid_without_payment_intent" : "payment_linked";
}

/**
 * The workspace's invoice payments received by `receivedBefore` that no invoice_payment.paid linked to
 * their payment intent, after the last one that was (at most 100): on API versions from 2025-03-31 these
 * are subscription payments whose refunds cannot be found, because invoice_payment.paid is not selected in
 * Stripe. Those before a linked one are left out: the event comes now, and those will never be linked.
 */
export async function unlinkedInvoicePayments(
  db: D1Database,
  workspaceId: string,
  receivedBefore: number,
): Promise<number> {
  const row = await db
    .prepare(
      `SELECT count(*) AS unlinked FROM (
         SELECT 1 FROM stripe_payments
         WHERE workspace_id = ?1 AND invoice IS NOT NULL AND payment_intent IS NULL AND created_at <= ?2
           AND created_at > coalesce((SELECT max(created_at) FROM stripe_payments
                                      WHERE workspace_id = ?1 AND invoice IS NOT NULL AND payment_intent IS NOT NULL), 0)
         LIMIT 100)`,
    )
    .bind(workspaceId, receivedBefore)
    .first<number>("unlinked");
  return row ?? 0;
}

async function chargeRefunded(env: Env, ws: Workspace, object: unknown, now: number): Promise<StripeOutcome> {
  const parsed = chargeSchema.safeParse(object);
  if (!parsed.success || !parsed.data.payment_intent) return "unknown_payment";
  const charge = parsed.data;
  const refunded = fromStripeAmount(charge.amount_refunded, charge.currency);
  const db = env.DB;
  const payment = await db
    .prepare(
      "SELECT payment_key AS paymentKey, conversion_id AS conversionId, currency FROM stripe_payments WHERE workspace_id = ?1 AND payment_intent = ?2 LIMIT 1",
    )
    .bind(ws.id, charge.payment_intent)
    .first<{ paymentKey: string; conversionId: string | null; currency: string }>();
  if (!payment)
    return (await unlinkedInvoicePayments(db, ws.id, now)) > 0
      ? "invoice_payment_missing"
      : "unknown_payment";
  if (!refunded || refunded.currency !== payment.currency) return "unknown_payment";
  // amount_refunded is Stripe's running total: set, so a second event for the same refund changes nothing.
  await db
    .prepare(
      "UPDATE stripe_payments SET refunded = min(amount, ?3) WHERE workspace_id = ?1 AND payment_key = ?2",
    )
    .bind(ws.id, payment.paymentKey, refunded.amount)
    .run();
  if (payment.conversionId) await recomputeValue(env, ws.id, payment.conversionId);
  return payment.conversionId ? "refunded" : "unknown_payment";
}

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
      return chargeRefunded(env, ws, event.data.object, now);
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
