import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type {
  CreatedWebhookResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
  WebhookEventType,
} from "../../contract/api";
import { maskedWebhookUrl } from "../../contract/api/integrations";
import { API_KEY_MESSAGES, WEBHOOK_MESSAGES } from "../../contract/messages";
import worker from "../../worker/index";
import { sendWebhookEvent } from "../../worker/services/webhooks";
import { consumeWebhooks, RETRY_DELAYS_SECONDS, WEBHOOK_MAX_ATTEMPTS } from "../../worker/webhooks/consumer";
import { webhookEvent } from "../../worker/webhooks/events";
import wranglerToml from "../../wrangler.toml?raw";
import {
  type Client,
  createApiKey,
  createTest,
  errorOf,
  eventually,
  fetchWorker,
  inFreshRateLimitWindow,
  loggedEvents,
  ORIGIN,
  publicApi,
  signedUpClient,
} from "./helpers";
import { click, conversion, deliver } from "./queue-helpers";
import { seedApiKey, seedTeam } from "./seed";
import { planAnswers, type ReceivedRequest, receivedAt, receiverUrl } from "./webhook-receiver";

const PRODUCTION = { ...env, ENVIRONMENT: "production" } as Env;

async function addWebhook(
  client: Client,
  url: string,
  events: WebhookEventType[] = ["test.completed"],
): Promise<CreatedWebhookResponse> {
  const response = await client.json("POST", "/api/webhooks", { url, events });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as CreatedWebhookResponse;
}

async function listOf(client: Client): Promise<WebhookEndpoint[]> {
  return ((await (await client.fetch("/api/webhooks")).json()) as { webhooks: WebhookEndpoint[] }).webhooks;
}

async function deliveriesOf(client: Client, id: string): Promise<WebhookDelivery[]> {
  const response = await client.fetch(`/api/webhooks/${id}/deliveries`);
  return ((await response.json()) as { deliveries: WebhookDelivery[] }).deliveries;
}

/** A signed-in user with one endpoint at a fresh receiver URL. */
async function userWithWebhook(events: WebhookEventType[] = ["test.completed"], url = receiverUrl()) {
  const user = await signedUpClient();
  const created = await addWebhook(user.client, url, events);
  return { ...user, url, secret: created.secret, webhook: created.webhook };
}

/**
 * The receiver's side, written independently of the Worker's code: the header's v1, decoded from hex,
 * must be the HMAC-SHA256 of "<t>.<raw body>" with the secret (WebCrypto's verify compares in constant
 * time), and t must be recent. (The Node sample of the docs is run against a real delivery in the
 * browser tests, tests/e2e/webhooks.e2e.test.ts.)
 */
async function verifiesWith(secret: string, request: ReceivedRequest): Promise<boolean> {
  const header = request.headers["splitlink-signature"] ?? "";
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const [, t = "", v1 = ""] = match;
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const mac = Uint8Array.from(v1.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  const valid = await crypto.subtle.verify("HMAC", key, mac, encoder.encode(`${t}.${request.body}`));
  return valid && Math.abs(Date.now() / 1000 - Number(t)) < 300;
}

/** One message of the WEBHOOKS queue as the consumer gets it, on its nth delivery. */
function webhookBatch(endpointId: string, attempts: number, event = webhookEvent("test.completed", {})) {
  return createMessageBatch("splitlink-webhooks", [
    { id: "w0", timestamp: new Date(), attempts, body: { endpointId, ...event } },
  ]);
}

/**
 * Runs the consumer on the batch through the Worker's queue handler (or with a shorter timeout).
 * Answers what it acknowledged and the delay of each retry it asked for.
 */
async function consume(batch: MessageBatch<unknown>, bindings: Env = env, timeoutMs?: number) {
  const retries = batch.messages.map((message) => vi.spyOn(message, "retry"));
  const ctx = createExecutionContext();
  if (timeoutMs === undefined) await worker.queue(batch, bindings);
  else await consumeWebhooks(batch, bindings, { timeoutMs });
  const { explicitAcks } = await getQueueResult(batch, ctx);
  return {
    explicitAcks,
    retryDelays: retries.flatMap((spy) => spy.mock.calls.map(([options]) => options?.delaySeconds)),
  };
}

describe("webhook endpoints in the app and the public API", () => {
  it("creates an endpoint whose secret appears only in the create answer", async () => {
    const { client, userId } = await signedUpClient();
    const url = receiverUrl();
    const created = await addWebhook(client, url, ["test.verdict", "conversion.recorded", "test.verdict"]);
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(created.webhook).toMatchObject({
      url,
      events: ["test.verdict", "conversion.recorded"],
      status: "active",
      failingSince: null,
      lastSuccessAt: null,
    });

    const list = await client.fetch("/api/webhooks");
    const text = await list.text();
    expect(JSON.parse(text)).toEqual({ webhooks: [created.webhook] });
    expect(text).not.toContain(created.secret);

    const { key } = await createApiKey(client);
    const publicList = await publicApi(key, "GET", "/webhooks");
    const publicText = await publicList.text();
    expect(JSON.parse(publicText)).toEqual({ webhooks: [created.webhook] });
    expect(publicText).not.toContain(created.secret);
    expect(await (await client.fetch(`/api/webhooks/${created.webhook.id}/deliveries`)).text()).not.toContain(
      created.secret,
    );
    const row = await env.DB.prepare("SELECT user_id FROM webhook_endpoints WHERE id = ?")
      .bind(created.webhook.id)
      .first();
    expect(row).toEqual({ user_id: userId });
  });

  it("creates, lists and deletes through the public API with an API key", async () => {
    const { client } = await signedUpClient();
    const { key } = await createApiKey(client);
    const url = receiverUrl();
    const response = await publicApi(key, "POST", "/webhooks", { url, events: ["test.completed"] });
    expect(response.status).toBe(201);
    const created = (await response.json()) as CreatedWebhookResponse;
    expect(created.secret).toMatch(/^whsec_/);
    expect(await listOf(client)).toEqual([created.webhook]);

    expect((await publicApi(key, "DELETE", `/webhooks/${created.webhook.id}`)).status).toBe(200);
    expect(await listOf(client)).toEqual([]);
    const again = await publicApi(key, "DELETE", `/webhooks/${created.webhook.id}`);
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toMatchObject({ code: "not_found", message: WEBHOOK_MESSAGES.notFound });
    expect((await publicApi(null, "GET", "/webhooks")).status).toBe(401);
    expect(await errorOf(await publicApi(null, "GET", "/webhooks"))).toMatchObject({
      message: API_KEY_MESSAGES.missing,
    });
  });

  it("keeps each user's endpoints to themselves: another user's id is not found", async () => {
    const owner = await userWithWebhook();
    const other = await signedUpClient();
    const { key } = await createApiKey(other.client);
    const id = owner.webhook.id;
    for (const response of [
      await other.client.json("DELETE", `/api/webhooks/${id}`),
      await other.client.fetch(`/api/webhooks/${id}/deliveries`),
      await other.client.json("POST", `/api/webhooks/${id}/test`),
      await publicApi(key, "DELETE", `/webhooks/${id}`),
    ]) {
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toMatchObject({
        code: "not_found",
        message: WEBHOOK_MESSAGES.notFound,
      });
    }
    expect(await listOf(other.client)).toEqual([]);
    expect(await listOf(owner.client)).toEqual([owner.webhook]);
    expect(await receivedAt(owner.url)).toEqual([]);
  });

  it.each([
    ["no URL", { events: ["test.completed"] }, WEBHOOK_MESSAGES.urlRequired],
    ["an empty URL", { url: " ", events: ["test.completed"] }, WEBHOOK_MESSAGES.urlRequired],
    ["not a URL", { url: "hooks.example.com", events: ["test.completed"] }, WEBHOOK_MESSAGES.urlInvalid],
    [
      "http to a public host",
      { url: "http://example.com/hook", events: ["test.completed"] },
      WEBHOOK_MESSAGES.urlNotHttps,
    ],
    [
      "another scheme",
      { url: "ftp://example.com/hook", events: ["test.completed"] },
      WEBHOOK_MESSAGES.urlNotHttps,
    ],
    [
      "a URL with credentials",
      { url: "https://user:pw@example.com/", events: ["test.completed"] },
      WEBHOOK_MESSAGES.urlInvalid,
    ],
    ["no events", { url: "https://example.com/hook", events: [] }, WEBHOOK_MESSAGES.eventsRequired],
    ["events missing", { url: "https://example.com/hook" }, WEBHOOK_MESSAGES.eventsRequired],
    [
      "an unknown event",
      { url: "https://example.com/hook", events: ["test.created"] },
      WEBHOOK_MESSAGES.eventUnknown,
    ],
    [
      "the test event",
      { url: "https://example.com/hook", events: ["webhook.ping"] },
      WEBHOOK_MESSAGES.eventUnknown,
    ],
  ])("refuses %s with a clear message", async (_, body, message) => {
    const { client } = await signedUpClient();
    const response = await client.json("POST", "/api/webhooks", body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: "invalid_input", message });
    expect(await listOf(client)).toEqual([]);
  });

  it("allows http://localhost and private addresses in development", async () => {
    const { client } = await signedUpClient();
    for (const url of ["http://localhost:3000/hook", "http://127.0.0.1:9000/x", "https://192.168.1.20/hook"])
      expect((await client.json("POST", "/api/webhooks", { url, events: ["test.verdict"] })).status).toBe(
        201,
      );
  });
});

describe("webhook URLs in production", () => {
  async function createInProduction(key: string, url: string) {
    return fetchWorker(
      "/api/v1/webhooks",
      {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ url, events: ["test.completed"] }),
      },
      { bindings: PRODUCTION },
    );
  }

  it.each([
    "https://127.0.0.1/hook",
    "https://2130706433/hook", // 127.0.0.1 as a number
    "https://10.1.2.3/hook",
    "https://172.20.0.1/hook",
    "https://192.168.0.10/hook",
    "https://100.64.1.1/hook",
    "https://169.254.169.254/latest/meta-data/",
    "https://[::1]/hook",
    "https://[fd00:ec2::254]/hook",
    "https://[::ffff:10.0.0.1]/hook",
    "https://[::ffff:0:127.0.0.1]/hook", // IPv4-translated
    "https://[64:ff9b:1::a00:1]/hook", // NAT64
    "https://[2001::7f00:1]/hook", // Teredo
    "https://192.0.2.1/hook", // TEST-NET-1
    "https://127.0.0.1.nip.io/hook",
    "https://localhost/hook",
    "https://printer.local/hook",
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://intranet/hook",
  ])("refuses %s at registration", async (url) => {
    const { client } = await signedUpClient();
    const { key } = await createApiKey(client);
    const response = await createInProduction(key, url);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      code: "invalid_input",
      message: WEBHOOK_MESSAGES.urlPrivate,
    });
  });

  it("refuses http, even to localhost, and accepts a public https URL", async () => {
    const { client } = await signedUpClient();
    const { key } = await createApiKey(client);
    const http = await createInProduction(key, "http://localhost:8787/hook");
    expect(await errorOf(http)).toMatchObject({ message: WEBHOOK_MESSAGES.urlNotHttps });
    expect((await createInProduction(key, receiverUrl())).status).toBe(201);
  });

  it("refuses a private address again right before each delivery, sending nothing", async () => {
    // Registered where private addresses are allowed (development), delivered with the production config.
    const url = receiverUrl("10.0.0.7");
    const { client, webhook } = await userWithWebhook(["test.completed"], url);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await consume(webhookBatch(webhook.id, 1), PRODUCTION);
    const lines = loggedEvents(warn);
    warn.mockRestore();

    // Not retried: the address will not change.
    expect(result.explicitAcks).toEqual(["w0"]);
    expect(result.retryDelays).toEqual([]);
    expect(await receivedAt(url)).toEqual([]);
    expect(await deliveriesOf(client, webhook.id)).toMatchObject([
      { attempt: 1, delivered: false, statusCode: null, error: WEBHOOK_MESSAGES.refusedAddress },
    ]);
    expect((await listOf(client))[0]?.status).toBe("failing");
    expect(lines).toContainEqual(
      expect.objectContaining({ event: "webhook_delivery", outcome: "refused", endpointId: webhook.id }),
    );

    const test = await fetchWorker(
      `/api/webhooks/${webhook.id}/test`,
      { method: "POST", headers: { cookie: client.cookieHeader(), origin: ORIGIN } },
      { bindings: PRODUCTION },
    );
    expect(((await test.json()) as { delivery: WebhookDelivery }).delivery).toMatchObject({
      delivered: false,
      error: WEBHOOK_MESSAGES.refusedAddress,
    });
    expect(await receivedAt(url)).toEqual([]);
  });
});

describe("webhook deliveries", () => {
  it("sends an event through the queue to each subscribed endpoint, signed with its secret", async () => {
    const user = await userWithWebhook(["test.completed", "test.verdict"]);
    const unsubscribed = await addWebhook(user.client, receiverUrl(), ["conversion.recorded"]);
    const stranger = await userWithWebhook(["test.completed"]);
    const data = { test: { id: "t-1", name: "Pricing page" }, outcome: "promoted" };

    await sendWebhookEvent(env, user.userId, "test.completed", data);

    const [request] = await eventually(async () => {
      const got = await receivedAt(user.url);
      return got.length > 0 && got;
    });
    expect(request?.method).toBe("POST");
    expect(request?.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "SplitLink-Webhooks/1",
    });
    const event = JSON.parse(request?.body ?? "") as WebhookEvent;
    expect(event).toEqual({
      id: expect.any(String),
      type: "test.completed",
      createdAt: expect.any(String),
      data,
    });
    expect(new Date(event.createdAt).toISOString()).toBe(event.createdAt);
    expect(request?.headers["splitlink-event-id"]).toBe(event.id);
    expect(await verifiesWith(user.secret, request as ReceivedRequest)).toBe(true);
    expect(await verifiesWith(stranger.secret, request as ReceivedRequest)).toBe(false);
    expect(
      await verifiesWith(user.secret, { ...(request as ReceivedRequest), body: `${request?.body} ` }),
    ).toBe(false);

    const [delivery] = await eventually(async () => {
      const log = await deliveriesOf(user.client, user.webhook.id);
      return log.length > 0 && log;
    });
    expect(delivery).toMatchObject({
      eventId: event.id,
      type: "test.completed",
      attempt: 1,
      statusCode: 200,
      delivered: true,
    });
    expect((await listOf(user.client)).find((w) => w.id === user.webhook.id)?.lastSuccessAt).toBeGreaterThan(
      0,
    );
    expect(await receivedAt(unsubscribed.webhook.url)).toEqual([]);
    expect(await receivedAt(stranger.url)).toEqual([]);
  });

  it("retries after a 500 on the schedule, with the same event id and body", async () => {
    const { client, url, secret, webhook } = await userWithWebhook();
    await planAnswers(url, [{ status: 500 }, { status: 500 }]);
    const event = webhookEvent("test.completed", { test: { id: "t-2", name: "Hero" } });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = await consume(webhookBatch(webhook.id, 1, event));
    const third = await consume(webhookBatch(webhook.id, 3, event));
    const lines = loggedEvents(warn);
    warn.mockRestore();
    const fourth = await consume(webhookBatch(webhook.id, 4, event));

    expect(first.retryDelays).toEqual([60]);
    expect(third.retryDelays).toEqual([1_800]);
    expect(fourth.retryDelays).toEqual([]);
    expect(fourth.explicitAcks).toEqual(["w0"]);
    expect(lines.filter((line) => line.event === "webhook_delivery")).toMatchObject([
      { outcome: "retrying", attempt: 1, statusCode: 500, retryInSeconds: 60 },
      { outcome: "retrying", attempt: 3, statusCode: 500, retryInSeconds: 1_800 },
    ]);

    const requests = await receivedAt(url);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((request) => request.body))).toEqual(new Set([event.body]));
    expect(new Set(requests.map((request) => request.headers["splitlink-event-id"]))).toEqual(
      new Set([event.eventId]),
    );
    for (const request of requests) expect(await verifiesWith(secret, request)).toBe(true);
    expect(await deliveriesOf(client, webhook.id)).toMatchObject([
      { attempt: 4, statusCode: 200, delivered: true },
      { attempt: 3, statusCode: 500, delivered: false, error: null },
      { attempt: 1, statusCode: 500, delivered: false, error: null },
    ]);
  });

  it("retries after a timeout", async () => {
    const { client, url, webhook } = await userWithWebhook();
    await planAnswers(url, [{ delayMs: 3_000 }]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // The Worker waits 10 s; here 0.2 s against an endpoint that answers after 3 s.
    const slow = await consume(webhookBatch(webhook.id, 2), env, 200);
    warn.mockRestore();

    expect(slow.retryDelays).toEqual([300]);
    expect(await deliveriesOf(client, webhook.id)).toMatchObject([
      { attempt: 2, statusCode: null, delivered: false, error: WEBHOOK_MESSAGES.timedOut(0.2) },
    ]);
  });

  it("gives up after the last attempt and marks the endpoint failing, until a later success", async () => {
    const { client, url, webhook } = await userWithWebhook();
    await planAnswers(url, [{ status: 503 }]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const last = await consume(webhookBatch(webhook.id, WEBHOOK_MAX_ATTEMPTS));
    const lines = loggedEvents(warn);
    warn.mockRestore();

    expect(last.retryDelays).toEqual([]);
    expect(last.explicitAcks).toEqual(["w0"]);
    expect(lines).toContainEqual(expect.objectContaining({ event: "webhook_delivery", outcome: "gave_up" }));
    const [failing] = await listOf(client);
    expect(failing).toMatchObject({ status: "failing", failingSince: expect.any(Number) });

    await consume(webhookBatch(webhook.id, 1));
    const [recovered] = await listOf(client);
    expect(recovered).toMatchObject({
      status: "active",
      failingSince: null,
      lastSuccessAt: expect.any(Number),
    });
  });

  it("retries for more than 24 hours in steps Queues allows, and wrangler.toml lets it", () => {
    const total = RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(24 * 3600);
    expect(Math.max(...RETRY_DELAYS_SECONDS)).toBeLessThanOrEqual(12 * 3600);
    const consumers = [
      ...wranglerToml.matchAll(/queue = "splitlink-webhooks[^"]*"\n(?:.+\n)*?max_retries = (\d+)/g),
    ];
    // The top level, staging and production.
    expect(consumers).toHaveLength(3);
    for (const [, maxRetries] of consumers)
      expect(Number(maxRetries)).toBeGreaterThanOrEqual(WEBHOOK_MAX_ATTEMPTS - 1);
  });

  it("stops pending deliveries when the endpoint is deleted", async () => {
    const { client, url, webhook } = await userWithWebhook();
    expect((await client.json("DELETE", `/api/webhooks/${webhook.id}`)).status).toBe(200);
    const result = await consume(webhookBatch(webhook.id, 2));
    expect(result.explicitAcks).toEqual(["w0"]);
    expect(result.retryDelays).toEqual([]);
    expect(await receivedAt(url)).toEqual([]);
  });

  it("keeps only the newest 50 attempts of an endpoint in its log", async () => {
    const { client, webhook } = await userWithWebhook();
    for (let attempt = 0; attempt < 53; attempt++) await consume(webhookBatch(webhook.id, 1));
    const log = await deliveriesOf(client, webhook.id);
    expect(log).toHaveLength(50);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?")
      .bind(webhook.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(50);
  });
});

describe("the conversion.recorded event", () => {
  it("is sent for each counted conversion and not for a refused one", async () => {
    const user = await userWithWebhook(["conversion.recorded"]);
    const test = await createTest(user.client);
    const visitor = click(test.id, { variant: "B" });
    const other = click(test.id);
    await deliver([visitor, other]);
    const counted = conversion(test.id, visitor.sessionId);
    await deliver([counted], 1);

    const [first] = await eventually(async () => {
      const got = await receivedAt(user.url);
      return got.length > 0 && got;
    });
    const event = JSON.parse(first?.body ?? "") as WebhookEvent;
    expect(event).toMatchObject({
      type: "conversion.recorded",
      data: {
        test: { id: test.id, name: test.name, slug: test.slug },
        testId: test.id,
        variant: "B",
        sessionId: visitor.sessionId,
        conversionId: counted.id,
        occurredAt: new Date(counted.timestamp).toISOString(),
      },
    });
    // A conversion without a value announces none.
    expect(event.data).not.toHaveProperty("amount");
    expect(event.data).not.toHaveProperty("currency");
    expect(await verifiesWith(user.secret, first as ReceivedRequest)).toBe(true);

    // The visitor's second conversion is refused (one per visitor); the other visitor's counts. Both go
    // in one batch: had the refused one been sent, it would arrive with the counted one.
    const refused = conversion(test.id, visitor.sessionId);
    const next = conversion(test.id, other.sessionId);
    await deliver([refused, next]);
    await eventually(async () => (await receivedAt(user.url)).length > 1);
    // Whatever else was queued with it has had time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const ids = (await receivedAt(user.url)).map(
      (r) => (JSON.parse(r.body) as WebhookEvent).data.conversionId,
    );
    expect(ids).toEqual([counted.id, next.id]);
  });

  it("is not sent to endpoints that did not subscribe to it", async () => {
    const user = await userWithWebhook(["test.completed"]);
    const test = await createTest(user.client);
    const visitor = click(test.id);
    await deliver([visitor]);
    await deliver([conversion(test.id, visitor.sessionId)]);
    await sendWebhookEvent(env, user.userId, "test.completed", { test: { id: test.id, name: "x" } });
    const [only] = await eventually(async () => {
      const got = await receivedAt(user.url);
      return got.length > 0 && got;
    });
    expect((JSON.parse(only?.body ?? "") as WebhookEvent).type).toBe("test.completed");
  });
});

describe("Send test event", () => {
  it("delivers a signed webhook.ping at once and answers how it went", async () => {
    const { client, url, secret, webhook } = await userWithWebhook(["conversion.recorded"]);
    const response = await client.json("POST", `/api/webhooks/${webhook.id}/test`);
    expect(response.status).toBe(200);
    const { delivery } = (await response.json()) as { delivery: WebhookDelivery };
    expect(delivery).toMatchObject({ type: "webhook.ping", attempt: 1, delivered: true, statusCode: 200 });

    const [request] = await receivedAt(url);
    const event = JSON.parse(request?.body ?? "") as WebhookEvent;
    expect(event).toMatchObject({
      id: delivery.eventId,
      type: "webhook.ping",
      data: { webhook: { id: webhook.id } },
    });
    expect(await verifiesWith(secret, request as ReceivedRequest)).toBe(true);
    expect(await deliveriesOf(client, webhook.id)).toEqual([delivery]);
  });

  it("is limited to 5 a minute per user, across their endpoints: then 429 with a clear message, and nothing sent", async () => {
    const { client, url, webhook } = await userWithWebhook();
    const second = await addWebhook(client, receiverUrl());
    const secondUrl = second.webhook.url;
    await inFreshRateLimitWindow(60, 5000);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const id = i % 2 === 0 ? webhook.id : second.webhook.id;
      const response = await client.json("POST", `/api/webhooks/${id}/test`);
      statuses.push(response.status);
      if (response.status === 429)
        expect(await errorOf(response)).toMatchObject({
          code: "rate_limited",
          message: WEBHOOK_MESSAGES.testRateLimited,
        });
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect((await receivedAt(url)).length + (await receivedAt(secondUrl)).length).toBe(5);

    // Another user's presses count on their own.
    const other = await userWithWebhook();
    expect((await other.client.json("POST", `/api/webhooks/${other.webhook.id}/test`)).status).toBe(200);
  });

  it("reports a failing answer without retrying it", async () => {
    const { client, url, webhook } = await userWithWebhook();
    await planAnswers(url, [{ status: 503 }]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await client.json("POST", `/api/webhooks/${webhook.id}/test`);
    warn.mockRestore();
    const { delivery } = (await response.json()) as { delivery: WebhookDelivery };
    expect(delivery).toMatchObject({ delivered: false, statusCode: 503 });
    expect((await listOf(client))[0]?.status).toBe("active");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await receivedAt(url)).toHaveLength(1);
  });
});

describe("webhook endpoints across roles", () => {
  async function team() {
    const { owner, editor, viewer, workspaceId } = await seedTeam();
    const url = `${receiverUrl()}?key=s3cret`;
    const { webhook } = await addWebhook(owner.client, url);
    return { owner, editor, viewer, workspaceId, url, webhook };
  }

  async function urlsSeen(response: Response): Promise<string[]> {
    expect(response.status).toBe(200);
    return ((await response.json()) as { webhooks: WebhookEndpoint[] }).webhooks.map((hook) => hook.url);
  }

  it("shows the URL whole to owners, editors and write keys, masked to viewers and read keys", async () => {
    const { owner, editor, viewer, workspaceId, url } = await team();
    const masked = maskedWebhookUrl(url);
    expect(masked).toBe(`${new URL(url).origin}/hook…/••••`);
    expect(await urlsSeen(await owner.client.fetch("/api/webhooks"))).toEqual([url]);
    expect(await urlsSeen(await editor.client.fetch("/api/webhooks"))).toEqual([url]);
    expect(await urlsSeen(await viewer.client.fetch("/api/webhooks"))).toEqual([masked]);
    const writeKey = await seedApiKey(owner.userId, { workspaceId });
    const readKey = await seedApiKey(owner.userId, { workspaceId, name: "Dashboards", scope: "read" });
    const viewerKey = await seedApiKey(viewer.userId, { workspaceId, name: "Viewer's", scope: "write" });
    expect(await urlsSeen(await publicApi(writeKey.key, "GET", "/webhooks"))).toEqual([url]);
    expect(await urlsSeen(await publicApi(readKey.key, "GET", "/webhooks"))).toEqual([masked]);
    expect(await urlsSeen(await publicApi(viewerKey.key, "GET", "/webhooks"))).toEqual([masked]);
  });

  it("sends no test event to an endpoint that is turned off: 409 webhook_disabled, and nothing arrives", async () => {
    const { owner, webhook } = await team();
    await env.DB.prepare("UPDATE webhook_endpoints SET disabled_at = ?1 WHERE id = ?2")
      .bind(Date.now(), webhook.id)
      .run();
    const response = await owner.client.json("POST", `/api/webhooks/${webhook.id}/test`);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({
      code: "webhook_disabled",
      message: WEBHOOK_MESSAGES.testWhileDisabled,
    });
    const deliveries = await owner.client.fetch(`/api/webhooks/${webhook.id}/deliveries`);
    expect(((await deliveries.json()) as { deliveries: unknown[] }).deliveries).toEqual([]);
  });
});
