import { createHmac } from "node:crypto";

/** Stripe's Stripe-Signature for a body: t and the hex HMAC-SHA256 of "t.body", keyed with the secret. */
export function stripeSignature(secret: string, body: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

/** A paid Checkout of the split link's visitor (`client_reference_id`), as Stripe sends the event. */
export function checkoutCompleted(sessionId: string, amountTotal: number, currency: string): string {
  const unique = crypto.randomUUID().replaceAll("-", "");
  return JSON.stringify({
    id: `evt_${unique}`,
    object: "event",
    api_version: "2025-03-31.basil",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: "checkout.session.completed",
    data: {
      object: {
        id: `cs_test_${unique.slice(0, 12)}`,
        object: "checkout.session",
        amount_total: amountTotal,
        currency,
        client_reference_id: sessionId,
        metadata: {},
        mode: "payment",
        payment_intent: `pi_${unique.slice(12, 24)}`,
        payment_status: "paid",
        subscription: null,
      },
    },
  });
}

/** Posts the body to the workspace's Stripe endpoint URL, signed with `secret`. */
export function sendToStripeEndpoint(endpointUrl: string, secret: string, body: string): Promise<Response> {
  return fetch(endpointUrl, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": stripeSignature(secret, body) },
    body,
  });
}
