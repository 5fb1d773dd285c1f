import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type {
  ConnectStripeResponse,
  IntegrationListResponse,
  StripeStatusResponse,
  TestAnalyticsResponse,
  TestResponse,
} from "../../contract/api";
import { STRIPE_MESSAGES } from "../../contract/messages";
import {
  addMember,
  Client,
  type CreatedTest,
  clickedVisitor,
  createTest,
  errorOf,
  eventsOf,
  eventually,
  signedUpClient,
} from "./helpers";

// Stripe, no code (issue #36, point 1): Stripe's documented event payloads, signed here with Web Crypto
// as Stripe signs them, sent to the endpoint URL that connecting answers.

const encoder = new TextEncoder();

/** A signing secret as Stripe's dashboard shows one. */
function stripeSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${btoa(String.fromCharCode(...bytes)).replace(/[^A-Za-z0-9]/g, "")}`;
}

/** Stripe's v1 signature: hex HMAC-SHA256 of "<t>.<body>", keyed with the whole secret as UTF-8. */
async function v1(secret: string, body: string, t: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${t}.${body}`)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;

/** A Stripe event envelope (https://docs.stripe.com/api/events/object). */
function stripeEvent(type: string, object: Record<string, unknown>, id = randomId("evt")) {
  return {
    id,
    object: "event",
    api_version: "2025-03-31.basil",
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** checkout.session.completed (https://docs.stripe.com/api/checkout/sessions/object). */
function checkoutCompleted(fields: Record<string, unknown> = {}, id?: string) {
  return stripeEvent(
    "checkout.session.completed",
    {
      id: randomId("cs_test"),
      object: "checkout.session",
      amount_subtotal: 2000,
      amount_total: 2000,
      currency: "usd",
      client_reference_id: null,
      customer: randomId("cus"),
      metadata: {},
      mode: "payment",
      payment_intent: randomId("pi"),
      payment_status: "paid",
      status: "complete",
      subscription: null,
      ...fields,
    },
    id,
  );
}

/** invoice.paid (https://docs.stripe.com/api/invoices/object), the basil shape with `parent`. */
function invoicePaid(fields: Record<string, unknown> = {}) {
  return stripeEvent("invoice.paid", {
    id: randomId("in"),
    object: "invoice",
    amount_due: 1500,
    amount_paid: 1500,
    billing_reason: "subscription_cycle",
    currency: "eur",
    customer: randomId("cus"),
    parent: null,
    status: "paid",
    ...fields,
  });
}

/**
 * invoice_payment.paid (https://docs.stripe.com/api/invoice-payment/object): how API versions from
 * 2025-03-31 tell which payment intent paid an invoice.
 */
/** invoice_payment.paid: paid by `payment`, a payment intent's id or Stripe's whole `payment` object. */
function invoicePaymentPaid(invoice: string, payment: string | Record<string, unknown>) {
  return stripeEvent("invoice_payment.paid", {
    id: randomId("inpay"),
    object: "invoice_payment",
    amount_paid: 1500,
    amount_requested: 1500,
    currency: "eur",
    invoice,
    is_default: true,
    payment: typeof payment === "string" ? { type: "payment_intent", payment_intent: payment } : payment,
    status: "paid",
    status_transitions: { canceled_at: null, paid_at: nowSeconds() },
  });
}

const invoiceIdOf = (event: ReturnType<typeof invoicePaid>) => String(event.data.object.id);

/** charge.refunded (https://docs.stripe.com/api/charges/object). */
function chargeRefunded(paymentIntent: string, amountRefunded: number, fields: Record<string, unknown> = {}) {
  return stripeEvent("charge.refunded", {
    id: randomId("ch"),
    object: "charge",
    amount: 2000,
    amount_captured: 2000,
    amount_refunded: amountRefunded,
    currency: "usd",
    payment_intent: paymentIntent,
    refunded: amountRefunded >= 2000,
    ...fields,
  });
}

interface Marketer {
  client: Client;
  userId: string;
  test: CreatedTest;
  secret: string;
  /** The endpoint URL's path, /integrations/stripe/{token}. */
  path: string;
  endpointUrl: string;
}

/** A marketer with a test (revenue in `currency`) who connected Stripe in Settings. */
async function connectedMarketer(currency = "USD"): Promise<Marketer> {
  const { client, userId } = await signedUpClient();
  const test = await createTest(client, { currency });
  const secret = stripeSecret();
  const response = await client.json("PUT", "/api/integrations/stripe", { signingSecret: secret });
  expect(response.status).toBe(200);
  const { endpointUrl } = (await response.json()) as ConnectStripeResponse;
  return { client, userId, test, secret, endpointUrl, path: new URL(endpointUrl).pathname };
}

/** Stripe delivering an event: signed now with the secret unless the test says otherwise. */
async function deliver(
  m: Pick<Marketer, "path" | "secret">,
  event: unknown,
  { t = nowSeconds(), signature }: { t?: number; signature?: string } = {},
): Promise<Response> {
  const body = JSON.stringify(event);
  const header = signature ?? `t=${t},v1=${await v1(m.secret, body, t)}`;
  // Stripe's own address: not one of the visitors'.
  return new Client().fetch(m.path, {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header },
    body,
  });
}

/** The test page's figures: every variant's conversions, orders and revenue (major units). */
async function figures(m: Pick<Marketer, "client" | "test">) {
  const response = await m.client.fetch(`/api/tests/${m.test.slug}`);
  const { test } = (await response.json()) as TestResponse;
  return test.stats.arms.reduce(
    (sum, arm) => ({
      conversions: sum.conversions + arm.conversions,
      orders: sum.orders + arm.orders,
      revenue: sum.revenue + arm.revenue,
    }),
    { conversions: 0, orders: 0, revenue: 0 },
  );
}

async function conversionRows(testId: string) {
  const { results } = await (await eventsOf(testId))
    .prepare(
      "SELECT session_id AS sessionId, variant, amount, currency, source FROM conversions WHERE split_test_id = ?",
    )
    .bind(testId)
    .all();
  return results;
}

async function stripeStatus(client: Client) {
  const response = await client.fetch("/api/integrations/stripe");
  expect(response.status).toBe(200);
  return ((await response.json()) as StripeStatusResponse).stripe;
}

const NOTHING = { conversions: 0, orders: 0, revenue: 0 };

describe("a signed checkout.session.completed", () => {
  it("counts one conversion with its value for the visitor of the test, under their variant", async () => {
    const m = await connectedMarketer();
    const visitor = await clickedVisitor(m.test);
    const response = await deliver(m, checkoutCompleted({ client_reference_id: visitor.sessionId }));
    expect(response.status).toBe(200);

    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 20 });
    expect(await conversionRows(m.test.id)).toEqual([
      {
        sessionId: visitor.sessionId,
        variant: visitor.variant,
        amount: 2000,
        currency: "USD",
        source: "server",
      },
    ]);
    const status = await stripeStatus(m.client);
    expect(status.lastEvent).toMatchObject({ type: "checkout.session.completed", outcome: "counted" });
  });

  it("counts nothing more when Stripe sends the same event again", async () => {
    const m = await connectedMarketer();
    const visitor = await clickedVisitor(m.test);
    const event = checkoutCompleted({ client_reference_id: visitor.sessionId });
    expect((await deliver(m, event)).status).toBe(200);
    const replay = await deliver(m, event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ received: true, duplicate: true });
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 20 });
  });

  it("is attributed through metadata.splitlink_session when client_reference_id is not a SplitLink session", async () => {
    const m = await connectedMarketer();
    const visitor = await clickedVisitor(m.test);
    const event = checkoutCompleted({
      client_reference_id: "order-8812",
      metadata: { splitlink_session: visitor.sessionId },
    });
    expect((await deliver(m, event)).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 20 });
  });

  it("converts a zero-decimal currency's amount as it is (JPY)", async () => {
    const m = await connectedMarketer("JPY");
    const visitor = await clickedVisitor(m.test);
    const event = checkoutCompleted({
      client_reference_id: visitor.sessionId,
      amount_total: 4500,
      currency: "jpy",
    });
    expect((await deliver(m, event)).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 4500 });
  });

  it("counts nothing for a session without attribution or an unpaid one, and the status says why", async () => {
    const m = await connectedMarketer();
    const visitor = await clickedVisitor(m.test);
    expect((await deliver(m, checkoutCompleted())).status).toBe(200);
    expect((await stripeStatus(m.client)).lastEvent?.outcome).toBe("not_attributed");
    const unpaid = checkoutCompleted({ client_reference_id: visitor.sessionId, payment_status: "unpaid" });
    expect((await deliver(m, unpaid)).status).toBe(200);
    expect((await stripeStatus(m.client)).lastEvent?.outcome).toBe("unpaid");
    expect(await figures(m)).toEqual(NOTHING);
  });

  it("counts nothing for an amount past the beacon's cap (1,000,000,000 major units), on a checkout or an invoice", async () => {
    const m = await connectedMarketer();
    const visitor = await clickedVisitor(m.test);
    for (const event of [
      checkoutCompleted({ client_reference_id: visitor.sessionId, amount_total: 9007199254740991 }),
      checkoutCompleted({ client_reference_id: visitor.sessionId, amount_total: 100_000_000_001 }),
      invoicePaid({
        amount_paid: 9007199254740991,
        currency: "usd",
        billing_reason: "subscription_create",
        parent: {
          type: "subscription_details",
          subscription_details: {
            metadata: { splitlink_session: visitor.sessionId },
            subscription: randomId("sub"),
          },
        },
      }),
    ])
      expect((await deliver(m, event)).status).toBe(200);
    expect(await figures(m)).toEqual(NOTHING);
    // The cap itself is an amount.
    const atCap = checkoutCompleted({
      client_reference_id: visitor.sessionId,
      amount_total: 100_000_000_000,
    });
    expect((await deliver(m, atCap)).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 1_000_000_000 });
  });

  it("counts nothing for a session of another workspace's test", async () => {
    const victim = await connectedMarketer();
    const victimVisitor = await clickedVisitor(victim.test);
    const attacker = await connectedMarketer();
    const response = await deliver(
      attacker,
      checkoutCompleted({ client_reference_id: victimVisitor.sessionId }),
    );
    expect(response.status).toBe(200);
    expect(await figures(victim)).toEqual(NOTHING);
    expect(await figures(attacker)).toEqual(NOTHING);
    expect(await conversionRows(victim.test.id)).toEqual([]);
    expect((await stripeStatus(attacker.client)).lastEvent?.outcome).toBe("no_click");
    // The victim's own Stripe still counts that visitor's order.
    const own = await deliver(victim, checkoutCompleted({ client_reference_id: victimVisitor.sessionId }));
    expect(own.status).toBe(200);
    expect(await figures(victim)).toEqual({ conversions: 1, orders: 1, revenue: 20 });
  });
});

describe("the endpoint refuses what Stripe did not sign", () => {
  it("answers 400 and counts nothing for a wrong, missing or tampered signature", async () => {
    const m = await connectedMarketer();
    const visitor = await clickedVisitor(m.test);
    const event = checkoutCompleted({ client_reference_id: visitor.sessionId });
    const body = JSON.stringify(event);
    const t = nowSeconds();
    const attempts = [
      { signature: `t=${t},v1=${await v1(stripeSecret(), body, t)}` },
      { signature: `t=${t},v1=${"0".repeat(64)}` },
      { signature: "" },
      { signature: `v1=${await v1(m.secret, body, t)}` },
      // v0 is not trusted, even when it is right.
      { signature: `t=${t},v0=${await v1(m.secret, body, t)}` },
      // Signed for another body.
      { signature: `t=${t},v1=${await v1(m.secret, JSON.stringify({ ...event, id: "evt_other" }), t)}` },
    ];
    for (const attempt of attempts) {
      const response = await deliver(m, event, attempt);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: "invalid_signature",
        message: STRIPE_MESSAGES.badSignature,
      });
    }
    expect(await figures(m)).toEqual(NOTHING);
    expect((await stripeStatus(m.client)).lastEvent).toBeNull();
    // The same event, signed, still counts: the refusals did not mark it seen.
    expect((await deliver(m, event)).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 20 });
  });

  it("answers 400 for a signature older or newer than 5 minutes", async () => {
    const m = await connectedMarketer();
    const visitor = await clickedVisitor(m.test);
    const event = checkoutCompleted({ client_reference_id: visitor.sessionId });
    for (const t of [nowSeconds() - 310, nowSeconds() + 310]) {
      const response = await deliver(m, event, { t });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(STRIPE_MESSAGES.staleSignature);
    }
    expect(await figures(m)).toEqual(NOTHING);
    // Within the tolerance it counts.
    expect((await deliver(m, event, { t: nowSeconds() - 200 })).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 20 });
  });

  it("takes any matching v1 among several, as while a secret is being rolled", async () => {
    const m = await connectedMarketer();
    const visitor = await clickedVisitor(m.test);
    const event = checkoutCompleted({ client_reference_id: visitor.sessionId });
    const body = JSON.stringify(event);
    const t = nowSeconds();
    const signature = `t=${t},v1=${await v1(stripeSecret(), body, t)},v1=${await v1(m.secret, body, t)}`;
    expect((await deliver(m, event, { signature })).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 20 });
  });

  it("answers 400 for an unknown or disconnected endpoint, and 413 for a body past 256 KiB", async () => {
    const m = await connectedMarketer();
    const visitor = await clickedVisitor(m.test);
    const event = checkoutCompleted({ client_reference_id: visitor.sessionId });
    const unknown = await deliver({ ...m, path: "/integrations/stripe/not-a-token" }, event);
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe(STRIPE_MESSAGES.unknownEndpoint);

    const huge = await deliver(m, { ...event, padding: "x".repeat(300 * 1024) });
    expect(huge.status).toBe(413);

    expect((await m.client.json("DELETE", "/api/integrations/stripe")).status).toBe(200);
    expect((await deliver(m, event)).status).toBe(400);
    expect(await figures(m)).toEqual(NOTHING);
  });

  it("answers 200 to an event type it does not use, and ignores it", async () => {
    const m = await connectedMarketer();
    const visitor = await clickedVisitor(m.test);
    const event = stripeEvent("customer.created", {
      id: randomId("cus"),
      object: "customer",
      metadata: { splitlink_session: visitor.sessionId },
    });
    const response = await deliver(m, event);
    expect(response.status).toBe(200);
    expect(await figures(m)).toEqual(NOTHING);
    const status = await stripeStatus(m.client);
    expect(status.lastEvent).toMatchObject({ type: "customer.created", outcome: "ignored" });
  });
});

describe("charge.refunded", () => {
  it("takes the value back, set to Stripe's running total: partial, repeated, then full", async () => {
    const m = await connectedMarketer();
    const visitor = await clickedVisitor(m.test);
    const paymentIntent = randomId("pi");
    const checkout = checkoutCompleted({
      client_reference_id: visitor.sessionId,
      payment_intent: paymentIntent,
    });
    expect((await deliver(m, checkout)).status).toBe(200);

    expect((await deliver(m, chargeRefunded(paymentIntent, 500))).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 15 });
    expect((await stripeStatus(m.client)).lastEvent?.outcome).toBe("refunded");
    // Another event of the same refund state (its own id) sets the same value again.
    expect((await deliver(m, chargeRefunded(paymentIntent, 500))).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 15 });
    expect((await deliver(m, chargeRefunded(paymentIntent, 2000))).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 0 });

    // The exports agree with the page: the raw row and the daily rollup.
    expect(await conversionRows(m.test.id)).toEqual([
      expect.objectContaining({ sessionId: visitor.sessionId, amount: 0, currency: "USD" }),
    ]);
    const daily = await (await m.client.fetch(`/api/tests/${m.test.id}/export/daily.csv`)).text();
    const [header = "", ...lines] = daily.trim().split("\n");
    const revenueColumn = header.split(",").indexOf("revenue");
    expect(lines.map((line) => line.split(",")[revenueColumn])).toContain("0.00");
    const events = await (await m.client.fetch(`/api/tests/${m.test.id}/export/events.csv`)).text();
    expect(events).not.toContain("20.00");
  });

  it("counts the refunded visitor once in the test's refund rate, in the sale's variant (#48)", async () => {
    const m = await connectedMarketer();
    const test = await createTest(m.client, {
      currency: "USD",
      metrics: [{ name: "Refund rate", role: "guardrail", kind: "refunds", better: "lower" }],
    });
    const visitor = await clickedVisitor(test);
    const paymentIntent = randomId("pi");
    const checkout = checkoutCompleted({
      client_reference_id: visitor.sessionId,
      payment_intent: paymentIntent,
    });
    expect((await deliver(m, checkout)).status).toBe(200);
    const refunds = async () => {
      const { results } = await (await eventsOf(test.id))
        .prepare(
          "SELECT metric, variant, session_id AS sessionId FROM metric_conversions WHERE split_test_id = ?",
        )
        .bind(test.id)
        .all();
      return results;
    };
    expect(await refunds()).toEqual([]);
    expect((await deliver(m, chargeRefunded(paymentIntent, 500))).status).toBe(200);
    expect((await deliver(m, chargeRefunded(paymentIntent, 2000))).status).toBe(200);
    const expected = [{ metric: "Refund rate", variant: visitor.variant, sessionId: visitor.sessionId }];
    expect(await eventually(async () => ((await refunds()).length ? refunds() : null))).toEqual(expected);
    const analytics = await (await m.client.fetch(`/api/tests/${test.slug}/analytics`)).json();
    const rate = (analytics as TestAnalyticsResponse).analytics.metrics[0];
    expect(rate?.arms.find((arm) => arm.label === visitor.variant)?.value).toBe(1);
  });

  it("changes nothing for a payment SplitLink did not count", async () => {
    const m = await connectedMarketer();
    const visitor = await clickedVisitor(m.test);
    expect((await deliver(m, checkoutCompleted({ client_reference_id: visitor.sessionId }))).status).toBe(
      200,
    );
    expect((await deliver(m, chargeRefunded(randomId("pi"), 2000))).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 20 });
    expect((await stripeStatus(m.client)).lastEvent?.outcome).toBe("unknown_payment");
  });
});

describe("invoice.paid for subscriptions", () => {
  /** A checkout that started a subscription, its first invoice, and a renewal. */
  function subscription(sessionId: string) {
    const id = randomId("sub");
    const checkout = checkoutCompleted({
      mode: "subscription",
      subscription: id,
      payment_intent: null,
      amount_total: 1500,
      currency: "eur",
      client_reference_id: sessionId,
    });
    const parent = { type: "subscription_details", subscription_details: { metadata: {}, subscription: id } };
    const first = invoicePaid({ billing_reason: "subscription_create", parent });
    const nextRenewal = () => invoicePaid({ billing_reason: "subscription_cycle", parent });
    return { id, checkout, first, renewal: nextRenewal(), nextRenewal };
  }

  /** A subscriber's checkout and first renewal, on an API version whose invoices carry no payment intent. */
  async function renewedSubscriber(m: Awaited<ReturnType<typeof connectedMarketer>>) {
    const visitor = await clickedVisitor(m.test);
    const sub = subscription(visitor.sessionId);
    expect((await deliver(m, sub.checkout)).status).toBe(200);
    expect((await deliver(m, sub.renewal)).status).toBe(200);
    return sub;
  }

  /** Makes the invoice's payment two hours old: Stripe's link would have come long since. */
  const ageInvoicePayment = (invoice: string) =>
    env.DB.prepare("UPDATE stripe_payments SET created_at = created_at - 7200000 WHERE invoice = ?")
      .bind(invoice)
      .run();

  it("counts the checkout's first payment once (not again with the first invoice) and adds each renewal", async () => {
    const m = await connectedMarketer("EUR");
    const visitor = await clickedVisitor(m.test);
    const sub = subscription(visitor.sessionId);
    expect((await deliver(m, sub.checkout)).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 15 });
    expect((await deliver(m, sub.first)).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 15 });
    expect((await stripeStatus(m.client)).lastEvent?.outcome).toBe("already_counted");
    // The renewal carries no session: the subscription the checkout started names it.
    expect((await deliver(m, sub.renewal)).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 30 });
    expect((await stripeStatus(m.client)).lastEvent?.outcome).toBe("value_added");
  });

  it("counts the first payment once when the first invoice comes before the checkout", async () => {
    const m = await connectedMarketer("EUR");
    const visitor = await clickedVisitor(m.test);
    const sub = subscription(visitor.sessionId);
    // A subscription made in code carries the session in its metadata.
    const first = invoicePaid({
      billing_reason: "subscription_create",
      parent: {
        type: "subscription_details",
        subscription_details: { metadata: { splitlink_session: visitor.sessionId }, subscription: sub.id },
      },
    });
    expect((await deliver(m, first)).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 15 });
    expect((await deliver(m, sub.checkout)).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 15 });
  });

  it("takes a refunded payment's value back on API versions from 2025-03-31, whichever of invoice.paid and invoice_payment.paid comes first", async () => {
    const m = await connectedMarketer("EUR");
    const visitor = await clickedVisitor(m.test);
    const sub = subscription(visitor.sessionId);
    const refund = (paymentIntent: string) =>
      chargeRefunded(paymentIntent, 1500, { amount: 1500, amount_captured: 1500, currency: "eur" });
    const [firstPayment, renewalPayment] = [randomId("pi"), randomId("pi")];
    // The basil invoices carry no payment_intent (the helper sends none).
    expect(sub.first.data.object).not.toHaveProperty("payment_intent");
    expect((await deliver(m, sub.checkout)).status).toBe(200);
    // The first invoice, then its payment.
    expect((await deliver(m, sub.first)).status).toBe(200);
    expect((await deliver(m, invoicePaymentPaid(invoiceIdOf(sub.first), firstPayment))).status).toBe(200);
    expect((await stripeStatus(m.client)).lastEvent?.outcome).toBe("payment_linked");
    // The renewal's payment, then the renewal.
    expect((await deliver(m, invoicePaymentPaid(invoiceIdOf(sub.renewal), renewalPayment))).status).toBe(200);
    expect((await deliver(m, sub.renewal)).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 30 });

    expect((await deliver(m, refund(renewalPayment))).status).toBe(200);
    expect((await stripeStatus(m.client)).lastEvent?.outcome).toBe("refunded");
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 15 });
    expect((await deliver(m, refund(firstPayment))).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 0 });
  });

  it("says to select invoice_payment.paid when a refund finds no payment and an invoice is still unlinked", async () => {
    const m = await connectedMarketer("EUR");
    await renewedSubscriber(m);
    // Stripe sent no invoice_payment.paid (the endpoint does not select it): the refund finds nothing.
    expect((await deliver(m, chargeRefunded(randomId("pi"), 1500, { currency: "eur" }))).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 30 });
    expect((await stripeStatus(m.client)).lastEvent?.outcome).toBe("invoice_payment_missing");
  });

  it("warns on the card while invoice payments stay unlinked an hour on, until invoice_payment.paid comes", async () => {
    const m = await connectedMarketer("EUR");
    const stranger = await connectedMarketer("EUR");
    const sub = await renewedSubscriber(m);
    // Stripe sends the link within seconds: no warning yet.
    expect((await stripeStatus(m.client)).unlinkedInvoicePayments).toBe(0);
    await ageInvoicePayment(invoiceIdOf(sub.renewal));
    expect((await stripeStatus(m.client)).unlinkedInvoicePayments).toBe(1);
    expect((await stripeStatus(stranger.client)).unlinkedInvoicePayments).toBe(0);

    // The event is selected now: the next renewal is linked, and the one before never will be.
    const next = sub.nextRenewal();
    expect((await deliver(m, next)).status).toBe(200);
    expect((await deliver(m, invoicePaymentPaid(invoiceIdOf(next), randomId("pi")))).status).toBe(200);
    expect((await stripeStatus(m.client)).unlinkedInvoicePayments).toBe(0);
  });

  it("notes an invoice paid without a payment intent, and does not ask for invoice_payment.paid because of it", async () => {
    const m = await connectedMarketer("EUR");
    const sub = await renewedSubscriber(m);
    await ageInvoicePayment(invoiceIdOf(sub.renewal));
    expect((await stripeStatus(m.client)).unlinkedInvoicePayments).toBe(1);
    // Paid outside Stripe and recorded there: a payment record, no payment intent for a refund to name.
    const recorded = invoicePaymentPaid(invoiceIdOf(sub.renewal), {
      type: "payment_record",
      payment_record: randomId("pr"),
    });
    expect((await deliver(m, recorded)).status).toBe(200);
    const status = await stripeStatus(m.client);
    expect(status.lastEvent?.outcome).toBe("paid_without_payment_intent");
    expect(status.unlinkedInvoicePayments).toBe(0);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 30 });
  });

  it("lets no other workspace's Stripe link a payment to this workspace's invoice", async () => {
    const m = await connectedMarketer("EUR");
    const stranger = await connectedMarketer("EUR");
    const visitor = await clickedVisitor(m.test);
    const sub = subscription(visitor.sessionId);
    const paymentIntent = randomId("pi");
    expect((await deliver(m, sub.checkout)).status).toBe(200);
    expect((await deliver(m, sub.renewal)).status).toBe(200);
    // The stranger's own endpoint names this workspace's invoice with a payment intent of theirs.
    expect(
      (await deliver(stranger, invoicePaymentPaid(invoiceIdOf(sub.renewal), paymentIntent))).status,
    ).toBe(200);
    expect((await deliver(stranger, chargeRefunded(paymentIntent, 1500, { currency: "eur" }))).status).toBe(
      200,
    );
    expect((await deliver(m, chargeRefunded(paymentIntent, 1500, { currency: "eur" }))).status).toBe(200);
    expect(await figures(m)).toEqual({ conversions: 1, orders: 1, revenue: 30 });
    // This workspace's invoice is still unlinked.
    expect((await stripeStatus(m.client)).lastEvent?.outcome).toBe("invoice_payment_missing");
  });

  it("counts nothing for a renewal of a subscription it never saw", async () => {
    const m = await connectedMarketer("EUR");
    await clickedVisitor(m.test);
    expect((await deliver(m, subscription(crypto.randomUUID()).renewal)).status).toBe(200);
    expect(await figures(m)).toEqual(NOTHING);
    expect((await stripeStatus(m.client)).lastEvent?.outcome).toBe("not_attributed");
  });
});

describe("connecting Stripe", () => {
  it("refuses a missing, malformed or overlong signing secret with a clear message", async () => {
    const { client } = await signedUpClient();
    for (const [body, message] of [
      [{}, STRIPE_MESSAGES.secretRequired],
      [{ signingSecret: "  " }, STRIPE_MESSAGES.secretRequired],
      [{ signingSecret: "sk_live_abcdefghijklmnopqrstuvwxyz" }, STRIPE_MESSAGES.secretInvalid],
      [{ signingSecret: "whsec_short" }, STRIPE_MESSAGES.secretInvalid],
      [{ signingSecret: `whsec_${"a".repeat(300)}` }, STRIPE_MESSAGES.secretInvalid],
      [{ signingSecret: 42 }, STRIPE_MESSAGES.secretRequired],
    ] as const) {
      const response = await client.json("PUT", "/api/integrations/stripe", body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: "invalid_input", message });
    }
    // Stripe asks for the URL before it shows the secret: the card shows it before anything is connected.
    const status = await stripeStatus(client);
    expect(status).toMatchObject({ connected: false, connectedAt: null, lastEvent: null });
    expect(status.endpointUrl).toMatch(/^https:\/\/app\.splitlink\.test\/integrations\/stripe\/[\w-]{32}$/);
    const connected = await client.json("PUT", "/api/integrations/stripe", { signingSecret: stripeSecret() });
    expect(((await connected.json()) as ConnectStripeResponse).endpointUrl).toBe(status.endpointUrl);
  });

  it("keeps the endpoint URL on reconnect, never answers the secret, and records both in the history", async () => {
    const m = await connectedMarketer();
    const newSecret = stripeSecret();
    const again = await m.client.json("PUT", "/api/integrations/stripe", { signingSecret: newSecret });
    expect(((await again.json()) as ConnectStripeResponse).endpointUrl).toBe(m.endpointUrl);
    // The old secret no longer signs; the new one does.
    const visitor = await clickedVisitor(m.test);
    const event = checkoutCompleted({ client_reference_id: visitor.sessionId });
    expect((await deliver(m, event)).status).toBe(400);
    expect((await deliver({ ...m, secret: newSecret }, event)).status).toBe(200);

    for (const path of ["/api/integrations/stripe", "/api/integrations"]) {
      const text = await (await m.client.fetch(path)).text();
      expect(text).not.toContain(newSecret);
      expect(text).not.toContain("whsec_");
    }
    expect((await m.client.json("DELETE", "/api/integrations/stripe")).status).toBe(200);
    const reconnected = await m.client.json("PUT", "/api/integrations/stripe", {
      signingSecret: stripeSecret(),
    });
    expect(((await reconnected.json()) as ConnectStripeResponse).endpointUrl).toBe(m.endpointUrl);

    const { results } = await env.DB.prepare(
      "SELECT action, details FROM history_events WHERE workspace_id = ? AND action LIKE 'integration.%' ORDER BY id",
    )
      .bind(m.userId)
      .all<{ action: string; details: string }>();
    expect(results.map((r) => [r.action, JSON.parse(r.details).kind])).toEqual([
      ["integration.connected", "stripe"],
      ["integration.connected", "stripe"],
      ["integration.disconnected", "stripe"],
      ["integration.connected", "stripe"],
    ]);
    expect(JSON.stringify(results)).not.toContain("whsec_");
  });

  it("lets an editor connect, refuses a viewer (403), hides it from a stranger (404) and anonymous (401)", async () => {
    const owner = await signedUpClient();
    const secret = { signingSecret: stripeSecret() };
    const editor = await signedUpClient();
    await addMember(owner.userId, editor.userId, "editor");
    editor.client.workspace = owner.userId;
    expect((await editor.client.json("PUT", "/api/integrations/stripe", secret)).status).toBe(200);

    const viewer = await signedUpClient();
    await addMember(owner.userId, viewer.userId, "viewer");
    viewer.client.workspace = owner.userId;
    expect((await viewer.client.json("PUT", "/api/integrations/stripe", secret)).status).toBe(403);
    expect((await viewer.client.json("DELETE", "/api/integrations/stripe")).status).toBe(403);
    // A viewer sees the status.
    expect((await stripeStatus(viewer.client)).connected).toBe(true);

    const stranger = await signedUpClient();
    stranger.client.workspace = owner.userId;
    expect((await stranger.client.json("PUT", "/api/integrations/stripe", secret)).status).toBe(404);
    expect((await stranger.client.fetch("/api/integrations/stripe")).status).toBe(404);
    expect((await stranger.client.json("DELETE", "/api/integrations/stripe")).status).toBe(404);

    const anonymous = new Client();
    expect((await anonymous.json("PUT", "/api/integrations/stripe", secret)).status).toBe(401);
    expect((await anonymous.fetch("/api/integrations")).status).toBe(401);
    expect((await stripeStatus(owner.client)).connected).toBe(true);
  });
});

describe("GET /api/integrations", () => {
  it("lists Stripe as not connected, then connected with the last event received", async () => {
    const { client } = await signedUpClient();
    const before = (await (await client.fetch("/api/integrations")).json()) as IntegrationListResponse;
    expect(before.integrations).toContainEqual({
      kind: "stripe",
      connected: false,
      connectedAt: null,
      lastEventAt: null,
    });

    const test = await createTest(client, { currency: "USD" });
    const secret = stripeSecret();
    const { endpointUrl } = (await (
      await client.json("PUT", "/api/integrations/stripe", { signingSecret: secret })
    ).json()) as ConnectStripeResponse;
    const m = { client, test, secret, path: new URL(endpointUrl).pathname };
    const connected = (await (await client.fetch("/api/integrations")).json()) as IntegrationListResponse;
    const stripe = connected.integrations.find((row) => row.kind === "stripe");
    expect(stripe).toMatchObject({ connected: true, connectedAt: expect.any(String), lastEventAt: null });

    const visitor = await clickedVisitor(test);
    await deliver(m, checkoutCompleted({ client_reference_id: visitor.sessionId }));
    const after = (await (await client.fetch("/api/integrations")).json()) as IntegrationListResponse;
    const lastEventAt = after.integrations.find((row) => row.kind === "stripe")?.lastEventAt;
    expect(Date.parse(lastEventAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
  });
});
