import * as z from "zod";
import type { StripeOutcome } from "../../../../contract/api";
import { fromStripeAmount, stripeAmountTooLarge } from "../../../../contract/currency";
import type { Background } from "../../../lib/background";
import { addPayment, metadataSchema, sessionIn, type Workspace } from "../payments";

// invoice.paid: a subscription's payment, its first (the checkout's own) or a renewal.

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

export async function invoicePaid(
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
