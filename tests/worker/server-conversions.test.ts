import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ConversionResponse, PendingConversionResponse } from "../../contract/api";
import { conversionResponseSchema, pendingConversionResponseSchema } from "../../contract/api/conversions";
import { CONVERSION_MESSAGES, LIFECYCLE_MESSAGES, TEST_MESSAGES } from "../../contract/messages";
import { STATS_OF_TEST } from "../../worker/db/hour-stats";
import { CONVERSION_WAIT_ATTEMPTS } from "../../worker/queue/consumer";
import type { ConversionEvent } from "../../worker/queue/events";
import { PENDING_ANSWER_MS } from "../../worker/services/conversions";
import {
  createApiKey,
  createTest,
  eventsOf,
  eventually,
  fetchWorker,
  GOOD_PASSWORD,
  publicApi,
  signedUpClient,
} from "./helpers";
import { deliver, landClick } from "./queue-helpers";

// POST /api/v1/conversions, issue #30: a key answers nothing of another account's tests (point 4), and a
// conversion sent before its click reached D1 is accepted and counted once the click lands (point 9).

const DAY = 86_400_000;

/** A marketer with an API key and a test. */
async function marketer(body: Record<string, unknown> = {}) {
  const { client, email, userId } = await signedUpClient();
  const { key } = await createApiKey(client);
  const test = await createTest(client, body);
  return { client, email, userId, key, test };
}

/** POST /api/v1/conversions as the marketer's server sends it. */
function convert(apiKey: string, idempotencyKey: string, body: Record<string, unknown>) {
  return publicApi(apiKey, "POST", "/conversions", body, { "Idempotency-Key": idempotencyKey });
}

/**
 * The same, with a click queue that only keeps what it is given: the test decides when the queue
 * consumer sees the events, and whether the click has landed by then.
 */
function heldQueue() {
  const events: ConversionEvent[] = [];
  const queue = {
    async send(body: ConversionEvent) {
      events.push(body);
    },
    // One message holds a batch of events (worker/queue/producer.ts): kept one by one.
    async sendBatch(messages: Iterable<{ body: { events: ConversionEvent[] } }>) {
      for (const { body } of messages) events.push(...body.events);
    },
  } as unknown as Queue;
  const post = (apiKey: string, idempotencyKey: string, body: Record<string, unknown>) =>
    fetchWorker(
      "/api/v1/conversions",
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${apiKey}`,
          "content-type": "application/json",
          "idempotency-key": idempotencyKey,
        },
        body: JSON.stringify(body),
      },
      { bindings: { ...env, CLICKS: queue } },
    );
  return { events, post };
}

async function conversionRows(testId: string) {
  const { results } = await (await eventsOf(testId))
    .prepare(
      "SELECT id, variant, session_id, amount, currency, timestamp FROM conversions WHERE split_test_id = ? ORDER BY id",
    )
    .bind(testId)
    .all();
  return results;
}

async function rollup(testId: string) {
  const { results } = await (await eventsOf(testId))
    .prepare(
      `SELECT variant, sum(conversions) AS conversions, sum(orders) AS orders, sum(revenue) AS revenue
     FROM ${STATS_OF_TEST} WHERE conversions > 0 GROUP BY variant ORDER BY variant`,
    )
    .bind(testId)
    .all();
  return results;
}

/** A 404 that says nothing but "not found": no conversion, no code that tells a session's state. */
async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  expect(response.headers.get("idempotent-replayed")).toBeNull();
  expect(await response.json()).toEqual({
    error: { code: "not_found", message: TEST_MESSAGES.notFound, requestId: expect.any(String) },
  });
}

describe("POST /api/v1/conversions answers nothing of another account's tests", () => {
  it("answers another account's key 404 for a victim's sessions, converted or not, with fresh, replayed and reused keys", async () => {
    const victim = await marketer();
    const converted = await landClick(victim.test.id, { variant: "B" });
    const clicked = await landClick(victim.test.id);
    const order = { testId: victim.test.id, sessionId: converted.sessionId, amount: 49.99, currency: "EUR" };
    const recorded = await convert(victim.key, "order-1", order);
    expect(recorded.status).toBe(201);
    const conversion = ((await recorded.json()) as ConversionResponse).conversion;
    const before = await conversionRows(victim.test.id);

    const attacker = await marketer();
    // A key the attacker already used on their own test, so that it is stored.
    const own = await landClick(attacker.test.id);
    expect(
      (await convert(attacker.key, "mine", { testId: attacker.test.id, sessionId: own.sessionId })).status,
    ).toBe(201);
    const probes = [
      { testId: victim.test.id, sessionId: converted.sessionId },
      order,
      { testId: victim.test.id, sessionId: clicked.sessionId },
      { testId: victim.test.id, sessionId: crypto.randomUUID() },
      { testId: victim.test.id, sessionId: "no-session-at-all" },
      { testId: crypto.randomUUID(), sessionId: converted.sessionId },
    ];
    for (const [i, probe] of probes.entries()) {
      for (const key of [`probe-${i}`, `probe-${i}`, "mine", "order-1"]) {
        const response = await convert(attacker.key, key, probe);
        const text = await response.clone().text();
        expect(text).not.toContain(conversion.id);
        await expectNotFound(response);
      }
    }

    expect(await conversionRows(victim.test.id)).toEqual(before);
    const held = await (await eventsOf(victim.test.id))
      .prepare("SELECT count(*) AS n FROM idempotency_keys WHERE user_id = ? AND conversion_id = ?")
      .bind(attacker.userId, conversion.id)
      .first<{ n: number }>();
    expect(held?.n).toBe(0);
    // The victim's own key answers as before.
    const replay = await convert(victim.key, "order-1", order);
    expect(replay.status).toBe(201);
    expect(((await replay.json()) as ConversionResponse).conversion).toEqual(conversion);
  });

  it("answers 404 once the test is deleted, to its owner's replays and new keys alike", async () => {
    const { key, test } = await marketer();
    const { sessionId } = await landClick(test.id);
    const body = { testId: test.id, sessionId, amount: 20, currency: "EUR" };
    expect((await convert(key, "before", body)).status).toBe(201);
    expect((await publicApi(key, "DELETE", `/tests/${test.id}`)).status).toBe(200);

    await expectNotFound(await convert(key, "before", body));
    await expectNotFound(await convert(key, "after", body));
    await expectNotFound(await convert(key, "after", { testId: test.id, sessionId: crypto.randomUUID() }));
  });

  it("answers nothing of a deleted account's conversions, even to keys that probed them before", async () => {
    const victim = await marketer();
    const { sessionId } = await landClick(victim.test.id);
    const order = { testId: victim.test.id, sessionId, amount: 15, currency: "EUR" };
    expect((await convert(victim.key, "order-9", order)).status).toBe(201);
    const attacker = await marketer();
    await expectNotFound(await convert(attacker.key, "probe", order));

    const deleted = await victim.client.json("DELETE", "/api/account", {
      email: victim.email,
      password: GOOD_PASSWORD,
    });
    expect(deleted.status).toBe(200);
    await expectNotFound(await convert(attacker.key, "probe", order));
    await expectNotFound(await convert(attacker.key, "probe-after", order));
    await expectNotFound(await convert(attacker.key, "probe-after-2", { testId: victim.test.id, sessionId }));
  });
});

describe("a server-side conversion sent before its click is recorded", () => {
  it("is accepted pending (202) and counted once the click lands, exactly once, however the merchant retries", async () => {
    const { key, test } = await marketer({ currency: "EUR" });
    const { events, post } = heldQueue();
    const sessionId = crypto.randomUUID();
    const order = { testId: test.id, sessionId, amount: 49.99, currency: "EUR" };

    const accepted = await post(key, "order-1", order);
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get("idempotent-replayed")).toBeNull();
    const answer = (await accepted.json()) as PendingConversionResponse;
    expect(pendingConversionResponseSchema.parse(answer)).toEqual(answer);
    expect(answer).toEqual({
      counted: false,
      pending: true,
      conversion: {
        id: expect.any(String),
        testId: test.id,
        sessionId,
        variant: null,
        amount: 49.99,
        currency: "EUR",
        recordedAt: expect.any(Number),
      },
    });
    // Handed to the click queue as a server conversion, under the id the answer gave.
    expect(events).toEqual([
      {
        type: "conversion",
        id: answer.conversion.id,
        testId: test.id,
        sessionId,
        timestamp: answer.conversion.recordedAt,
        amount: 4999,
        currency: "EUR",
        source: "server",
      },
    ]);

    // The merchant retries before the click has landed: the same key is still pending and queues
    // nothing more; a new key is accepted too.
    const replay = await post(key, "order-1", order);
    expect(replay.status).toBe(202);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual(answer);
    expect(events).toHaveLength(1);
    const other = await post(key, "order-1-retry", order);
    expect(other.status).toBe(202);
    expect(events).toHaveLength(2);

    // The consumer waits for the click…
    const waiting = await deliver(events, 1);
    expect(waiting.result.retryMessages.map((m) => m.msgId)).toEqual(["m0", "m1"]);
    expect(await conversionRows(test.id)).toEqual([]);
    // …which lands (the visit came a minute before the checkout), and the conversion counts once,
    // under the click's variant.
    await landClick(test.id, { sessionId, variant: "B", timestamp: answer.conversion.recordedAt - 60_000 });
    await deliver(events, 2);
    await deliver(events, 3);
    expect(await conversionRows(test.id)).toEqual([
      {
        id: answer.conversion.id,
        variant: "B",
        session_id: sessionId,
        amount: 4999,
        currency: "EUR",
        timestamp: answer.conversion.recordedAt,
      },
    ]);
    expect(await rollup(test.id)).toEqual([{ variant: "B", conversions: 1, orders: 1, revenue: 4999 }]);

    // The keys answer what became of them.
    const counted = await post(key, "order-1", order);
    expect(counted.status).toBe(201);
    expect(counted.headers.get("idempotent-replayed")).toBe("true");
    const final = (await counted.json()) as ConversionResponse;
    expect(conversionResponseSchema.parse(final)).toEqual(final);
    expect(final).toEqual({
      counted: true,
      pending: false,
      conversion: { ...answer.conversion, variant: "B" },
    });
    const second = await post(key, "order-1-retry", order);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ ...final, counted: false });
    const fresh = await post(key, "order-1-later", order);
    expect(fresh.status).toBe(200);
    expect(events).toHaveLength(2);
    expect(await conversionRows(test.id)).toHaveLength(1);
  });

  it("answers identical requests racing each other alike and queues one conversion", async () => {
    const { key, test } = await marketer();
    const { events, post } = heldQueue();
    const body = { testId: test.id, sessionId: crypto.randomUUID() };
    const responses = await Promise.all(Array.from({ length: 6 }, () => post(key, "evt_race", body)));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(202));
    expect(responses.filter((r) => r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    const answers = (await Promise.all(responses.map((r) => r.json()))) as PendingConversionResponse[];
    expect(new Set(answers.map((a) => a.conversion.id)).size).toBe(1);
    expect(events.map((event) => event.id)).toEqual([answers[0]?.conversion.id]);
  });

  it("is counted through the real click queue once its click lands", { timeout: 40_000 }, async () => {
    const { key, test } = await marketer();
    const sessionId = crypto.randomUUID();
    const order = { testId: test.id, sessionId, amount: 12, currency: "EUR" };
    const accepted = await convert(key, "fast-checkout", order);
    expect(accepted.status).toBe(202);
    const { conversion } = (await accepted.json()) as PendingConversionResponse;

    await landClick(test.id, { sessionId, variant: "B", timestamp: conversion.recordedAt - 60_000 });
    // The queue consumer may have seen the conversion before the click: it then retries 10 s later.
    await eventually(async () => (await conversionRows(test.id)).length > 0, 30_000);
    expect(await conversionRows(test.id)).toMatchObject([{ id: conversion.id, variant: "B", amount: 1200 }]);
    const replay = await convert(key, "fast-checkout", order);
    expect(replay.status).toBe(201);
    expect(await replay.json()).toMatchObject({
      counted: true,
      conversion: { id: conversion.id, variant: "B" },
    });
  });

  it("is never counted when the session never clicks; once its wait is over, the key takes the request anew", async () => {
    const { key, userId, test } = await marketer();
    const { events, post } = heldQueue();
    const body = { testId: test.id, sessionId: crypto.randomUUID() };
    expect((await post(key, "never", body)).status).toBe(202);

    for (let attempt = 1; attempt < CONVERSION_WAIT_ATTEMPTS; attempt++) {
      const { result } = await deliver(events, attempt);
      expect(result.retryMessages).toHaveLength(1);
    }
    const { result } = await deliver(events, CONVERSION_WAIT_ATTEMPTS);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(await conversionRows(test.id)).toEqual([]);

    // Within PENDING_ANSWER_MS the key still answers pending; after it, the request is taken as new
    // (queued again under a new id), since its click may have been late.
    expect((await post(key, "never", body)).headers.get("idempotent-replayed")).toBe("true");
    await (await eventsOf(test.id))
      .prepare("UPDATE idempotency_keys SET created_at = ? WHERE user_id = ? AND key = 'never'")
      .bind(Date.now() - PENDING_ANSWER_MS - 1, userId)
      .run();
    const anew = await post(key, "never", body);
    expect(anew.status).toBe(202);
    expect(anew.headers.get("idempotent-replayed")).toBeNull();
    expect(events).toHaveLength(2);
    expect(events[1]?.id).not.toBe(events[0]?.id);
    expect(await conversionRows(test.id)).toEqual([]);
  });

  it("stays pending longer than the queue consumer waits for the click", () => {
    // CONVERSION_WAIT_ATTEMPTS deliveries 10 s apart (worker/queue/consumer.ts), twice over for a slow queue.
    expect(PENDING_ANSWER_MS).toBeGreaterThan(2 * CONVERSION_WAIT_ATTEMPTS * 10_000);
  });
});

describe("what a server-side conversion can never count is refused at once", () => {
  it("refuses a completed test, a click outside the window and a session id no split link gives out, queueing nothing", async () => {
    const { client, key, test } = await marketer();
    const { events, post } = heldQueue();
    const late = await landClick(test.id, { timestamp: Date.now() - 31 * DAY });

    const outside = await post(key, "late", { testId: test.id, sessionId: late.sessionId });
    expect(outside.status).toBe(422);
    expect(await outside.json()).toMatchObject({
      error: {
        code: "outside_attribution_window",
        message: CONVERSION_MESSAGES.outsideAttributionWindow(30),
      },
    });
    const made = await post(key, "order-7", { testId: test.id, sessionId: "order-7" });
    expect(made.status).toBe(422);
    expect(await made.json()).toMatchObject({
      error: { code: "unknown_session", message: CONVERSION_MESSAGES.unknownSession },
    });
    // A refusal stores nothing: the same key takes the right session.
    const { sessionId } = await landClick(test.id);
    expect((await post(key, "order-7", { testId: test.id, sessionId })).status).toBe(201);

    await client.json("POST", `/api/tests/${test.id}/promote`, { variant: "A" });
    const completed = await post(key, "after-the-end", { testId: test.id, sessionId: crypto.randomUUID() });
    expect(completed.status).toBe(409);
    expect(await completed.json()).toMatchObject({
      error: { code: "test_completed", message: LIFECYCLE_MESSAGES.completed },
    });
    expect(events).toEqual([]);
  });
});

describe("a clicked session spelt another way", () => {
  it("is refused as unknown, so one visitor cannot convert twice under two spellings of its id", async () => {
    const { key, test } = await marketer();
    const { post } = heldQueue();
    const { sessionId } = await landClick(test.id);
    // The same 16 bytes (a click keeps the session's bytes: 0036_click_bytes), in capitals and with the
    // dashes moved.
    const hex = sessionId.replace(/-/g, "");
    const spellings = [
      sessionId.toUpperCase(),
      [hex.slice(0, 4), hex.slice(4, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16)].join("-"),
    ];
    for (const [i, spelt] of spellings.entries()) {
      const refused = await post(key, `spelt-${i}`, { testId: test.id, sessionId: spelt });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ error: { code: "unknown_session" } });
    }
    expect((await post(key, "order-1", { testId: test.id, sessionId })).status).toBe(201);
  });
});

describe("a server-side conversion in another currency than the test's", () => {
  it("counts, 201, with its value kept on the row and left out of the test's revenue", async () => {
    const { key, test } = await marketer({ currency: "EUR" });
    const { sessionId, variant } = await landClick(test.id);
    const response = await convert(key, "usd", { testId: test.id, sessionId, amount: 10, currency: "USD" });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      counted: true,
      conversion: { sessionId, variant, amount: 10, currency: "USD" },
    });
    expect(await conversionRows(test.id)).toMatchObject([{ amount: 1000, currency: "USD" }]);
    expect(await rollup(test.id)).toEqual([{ variant, conversions: 1, orders: 0, revenue: 0 }]);
  });
});
