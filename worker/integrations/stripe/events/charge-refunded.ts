import * as z from "zod";
import type { StripeOutcome } from "../../../../contract/api";
import { fromStripeAmount } from "../../../../contract/currency";
import type { Background } from "../../../lib/background";
import { countRefund, recomputeValue, unlinkedInvoicePayments, type Workspace } from "../payments";

// charge.refunded: a payment's refunds taken off its conversion's value, and the visitor counted in the
// test's refund rate metrics (issue #48).

const chargeSchema = z.object({
  id: z.string(),
  amount_refunded: z.int(),
  currency: z.string(),
  payment_intent: z.string().nullish(),
});

export async function chargeRefunded(
  env: Env,
  ctx: Background,
  ws: Workspace,
  object: unknown,
  now: number,
): Promise<StripeOutcome> {
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
  if (!payment.conversionId) return "unknown_payment";
  await recomputeValue(env, ws.id, payment.conversionId);
  if (refunded.amount > 0) await countRefund(env, ctx, ws.id, payment.conversionId);
  return "refunded";
}
