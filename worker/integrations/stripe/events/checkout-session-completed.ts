import * as z from "zod";
import type { StripeOutcome } from "../../../../contract/api";
import { fromStripeAmount, stripeAmountTooLarge } from "../../../../contract/currency";
import type { Background } from "../../../lib/background";
import { addPayment, metadataSchema, sessionIn, type Workspace } from "../payments";

// checkout.session.completed, and checkout.session.async_payment_succeeded for a payment that cleared later.

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

export async function checkoutCompleted(
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
