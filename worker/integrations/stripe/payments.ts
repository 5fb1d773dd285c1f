import * as z from "zod";
import type { StripeOutcome } from "../../../contract/api";
import { packed, sessionClicks } from "../../db/click-packs";
import { checkedSessionBytes } from "../../db/session-bytes";
import { allShards, eventsDb } from "../../db/shards";
import { ApiError } from "../../errors";
import type { Background } from "../../lib/background";
import { eventId } from "../../lib/ids";
import { isSessionId } from "../../lib/session-id";
import { enqueueEvent } from "../../queue/producer";
import { recordServerConversion } from "../../services/conversions";

// What every Stripe event that pays or refunds shares: the visitor's session, the payments kept per
// workspace (the stripe_payments rows, migrations/0027_stripe.sql) and the conversion they add up to.

/** Where Stripe's objects keep the checkout's SplitLink session (`splitlink_session`). */
export const metadataSchema = z.record(z.string(), z.unknown()).nullish();

/** The first of the values that is a SplitLink session id (a merchant may use client_reference_id for its own ids). */
export function sessionIn(...values: unknown[]): string | null {
  for (const value of values) if (typeof value === "string" && isSessionId(value)) return value;
  return null;
}

/** The connected workspace an event is for. */
export interface Workspace {
  id: string;
  /** Whose Idempotency-Keys the conversions use: the workspace's first owner. */
  ownerId: string | null;
}

/** One Stripe payment of a visitor: its value in ISO 4217 minor units, or null when its currency is unknown. */
export interface Payment {
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
// The session id is in the redirect's form (sessionIn).
const CLICKED_TEST = `SELECT id, at FROM (
    SELECT t.id, (SELECT max(${packed.timestamp}) FROM ${sessionClicks("t.id", checkedSessionBytes("?2"))}) AS at
    FROM split_tests AS t WHERE t.workspace_id = ?1 AND t.deleted_at IS NULL)
  WHERE at IS NOT NULL ORDER BY at DESC LIMIT 1`;

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

export async function recomputeValue(env: Env, workspaceId: string, conversionId: string): Promise<void> {
  const { results } = await env.DB.prepare(PAYMENT_SUMS).bind(workspaceId, conversionId).all();
  const sums = JSON.stringify(results);
  await Promise.all(
    allShards(env).map((shard) =>
      eventsDb(env, shard).prepare(SET_VALUE).bind(workspaceId, conversionId, sums).run(),
    ),
  );
}

// The refunded sale's test and visitor, and the test's refund rate metrics, in the shard that holds it.
const REFUNDED_SALE = `SELECT c.split_test_id AS testId, c.session_id AS sessionId, c.timestamp,
    (SELECT json_group_array(m.value ->> '$.name') FROM json_each(t.metrics) AS m
     WHERE m.value ->> '$.kind' = 'refunds') AS metrics
  FROM conversions AS c JOIN split_tests AS t ON t.id = c.split_test_id
  WHERE c.id = ?2 AND t.workspace_id = ?1`;

/**
 * Counts the refunded sale's visitor in each refund rate metric of its test: through the queue as the
 * server's conversion of that metric, at the sale's time (so in the sale's phase and variant), once per
 * visitor however many refunds follow.
 */
export async function countRefund(env: Env, ctx: Background, workspaceId: string, conversionId: string) {
  const found = await Promise.all(
    allShards(env).map((shard) =>
      eventsDb(env, shard)
        .prepare(REFUNDED_SALE)
        .bind(workspaceId, conversionId)
        .first<{ testId: string; sessionId: string; timestamp: number; metrics: string }>(),
    ),
  );
  for (const sale of found) {
    if (!sale) continue;
    for (const metric of JSON.parse(sale.metrics) as string[])
      enqueueEvent(env, ctx, {
        type: "conversion",
        id: eventId(),
        testId: sale.testId,
        sessionId: sale.sessionId,
        timestamp: sale.timestamp,
        metric,
        source: "server",
      });
  }
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
export async function addPayment(
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
