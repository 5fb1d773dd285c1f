import * as z from "zod";
import type { StripeOutcome } from "../../../../contract/api";
import type { Workspace } from "../payments";

// API versions from 2025-03-31 link an invoice to its payment intent with an InvoicePayment.
const invoicePaymentSchema = z.object({
  invoice: z.string(),
  payment: z.object({ payment_intent: z.string().nullish() }),
});

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
export async function invoicePaymentPaid(
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
