import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { ConversionResponse, TestAnalyticsResponse, TestResponse } from "../../contract/api";
import { CONVERSION_MESSAGES, METRIC_MESSAGES, TEST_MESSAGES } from "../../contract/messages";
import { STATS_OF_TEST } from "../../worker/db/hour-stats";
import { IDEMPOTENCY_WINDOW_MS } from "../../worker/services/conversions";
import {
  Client,
  type CreatedTest,
  clickedVisitor,
  createApiKey,
  createTest,
  errorOf,
  eventsOf,
  eventually,
  inFreshRateLimitWindow,
  loggedEvents,
  publicApi,
  sendBeacon,
  signedUpClient,
  uniqueIp,
} from "./helpers";
import { click, conversion, deliver } from "./queue-helpers";
import { receivedAt, receiverUrl } from "./webhook-receiver";

/** A marketer with an API key and a test (created through the app's API with `body`). */
async function marketerWithTest(body: Record<string, unknown> = {}) {
  const { client, userId } = await signedUpClient();
  const { key } = await createApiKey(client);
  const test = await createTest(client, body);
  return { client, userId, key, test };
}

/** POST /api/v1/conversions as the marketer's server sends it. */
function serverConversion(apiKey: string, idempotencyKey: string | null, body: Record<string, unknown>) {
  const headers: Record<string, string> =
    idempotencyKey === null ? {} : { "Idempotency-Key": idempotencyKey };
  return publicApi(apiKey, "POST", "/conversions", body, headers);
}

async function conversionRows(testId: string) {
  const { results } = await (await eventsOf(testId))
    .prepare(
      "SELECT id, variant, session_id, amount, currency FROM conversions WHERE split_test_id = ? ORDER BY timestamp, id",
    )
    .bind(testId)
    .all<{
      id: string;
      variant: string;
      session_id: string;
      amount: number | null;
      currency: string | null;
    }>();
  return results;
}

/** The rollup's totals per variant, and the same sums straight from the raw rows. */
async function rollupAndRaw(testId: string) {
  const events = await eventsOf(testId);
  const rollup = await events
    .prepare(
      `SELECT variant, sum(conversions) AS conversions, sum(orders) AS orders, sum(revenue) AS revenue,
            sum(revenue_squares) AS squares
     FROM ${STATS_OF_TEST} GROUP BY variant ORDER BY variant`,
    )
    .bind(testId)
    .all();
  const raw = await events
    .prepare(
      `SELECT variant, count(*) AS conversions, count(amount) AS orders, coalesce(sum(amount), 0) AS revenue,
            coalesce(sum(amount * amount), 0) AS squares
     FROM conversions WHERE split_test_id = ? GROUP BY variant ORDER BY variant`,
    )
    .bind(testId)
    .all();
  return { rollup: rollup.results, raw: raw.results };
}

async function testCurrency(testId: string) {
  const row = await env.DB.prepare("SELECT currency FROM split_tests WHERE id = ?").bind(testId).first();
  return row?.currency ?? null;
}

describe("values on beacon conversions", () => {
  it("records the amount in minor units with its currency, the test's", async () => {
    const { test } = await marketerWithTest({ currency: "EUR" });
    const { sessionId, variant } = await clickedVisitor(test);
    const response = await sendBeacon({
      splitTestId: test.id,
      sessionId,
      variant,
      amount: 49.99,
      currency: "EUR",
    });
    expect(response.status).toBe(202);
    const rows = await eventually(async () => {
      const found = await conversionRows(test.id);
      return found.length > 0 && found;
    });
    expect(rows).toMatchObject([{ variant, session_id: sessionId, amount: 4999, currency: "EUR" }]);
    expect(await testCurrency(test.id)).toBe("EUR");
    const { rollup } = await rollupAndRaw(test.id);
    expect(rollup).toEqual([{ variant, conversions: 1, orders: 1, revenue: 4999, squares: 4999 * 4999 }]);
  });

  it.each([
    ["a negative amount", { amount: -5, currency: "EUR" }, CONVERSION_MESSAGES.invalidAmount],
    ["an absurd amount", { amount: 2e9, currency: "EUR" }, CONVERSION_MESSAGES.invalidAmount],
    ["an amount that is no number", { amount: "49.99", currency: "EUR" }, CONVERSION_MESSAGES.invalidAmount],
    [
      "more decimals than the currency has",
      { amount: 49.999, currency: "EUR" },
      "EUR amounts have at most 2 decimals",
    ],
    ["decimals in yen", { amount: 1500.5, currency: "JPY" }, "JPY amounts are whole numbers"],
    ["an unknown currency", { amount: 10, currency: "EURO" }, CONVERSION_MESSAGES.invalidCurrency],
    ["an amount without its currency", { amount: 10 }, CONVERSION_MESSAGES.valueIncomplete],
  ])("refuses %s with a clear message, readable cross-site", async (_, value, message) => {
    const response = await sendBeacon({ splitTestId: "t", sessionId: "s", variant: "A", ...value });
    expect(response.status).toBe(400);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect((await errorOf(response)).message).toBe(message);
  });

  it("counts a conversion in another currency than the test's, its value set aside and shown as such", async () => {
    const { client, test } = await marketerWithTest({ currency: "EUR" });
    const [other, same] = [await clickedVisitor(test), await clickedVisitor(test)];
    await deliver([
      { ...conversion(test.id, other.sessionId), amount: 1000, currency: "USD" },
      { ...conversion(test.id, same.sessionId), amount: 2500, currency: "EUR" },
    ]);
    expect(await conversionRows(test.id)).toHaveLength(2);
    const { rollup } = await rollupAndRaw(test.id);
    const totals = rollup.reduce<{ conversions: number; orders: number; revenue: number }>(
      (sum, row) => ({
        conversions: sum.conversions + Number(row.conversions),
        orders: sum.orders + Number(row.orders),
        revenue: sum.revenue + Number(row.revenue),
      }),
      { conversions: 0, orders: 0, revenue: 0 },
    );
    expect(totals).toEqual({ conversions: 2, orders: 1, revenue: 2500 });
    expect(await testCurrency(test.id)).toBe("EUR");
    const { analytics } = (await (
      await client.fetch(`/api/tests/${test.slug}/analytics`)
    ).json()) as TestAnalyticsResponse;
    expect(analytics.trafficQuality.conversions).toContainEqual({ reason: "other_currency", events: 1 });
  });

  it("lets no beacon set the currency: a stranger's yen leave a test without one, and the real euro sales count", async () => {
    const { test } = await marketerWithTest();
    const stranger = await clickedVisitor(test);
    const buyers = [await clickedVisitor(test), await clickedVisitor(test)];
    expect(
      (
        await sendBeacon({
          splitTestId: test.id,
          sessionId: stranger.sessionId,
          variant: stranger.variant,
          amount: 1,
          currency: "JPY",
        })
      ).status,
    ).toBe(202);
    await eventually(async () => (await conversionRows(test.id)).length === 1);
    for (const buyer of buyers)
      await sendBeacon({
        splitTestId: test.id,
        sessionId: buyer.sessionId,
        variant: buyer.variant,
        amount: 49.99,
        currency: "EUR",
      });
    const rows = await eventually(async () => {
      const found = await conversionRows(test.id);
      return found.length === 3 && found;
    });
    expect(rows.filter((row) => row.currency === "EUR")).toHaveLength(2);
    expect(await testCurrency(test.id)).toBeNull();
  });

  it("is the owner's: required when revenue decides, changeable until an order counts in it", async () => {
    const { client } = await signedUpClient();
    const missing = await client.json("POST", "/api/tests", {
      name: "Revenue without a currency",
      urlA: "https://a.example/",
      urlB: "https://b.example/",
      primaryMetric: "revenue_per_visitor",
    });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe(METRIC_MESSAGES.currencyRequired);

    const test = await createTest(client);
    const set = await client.json("PATCH", `/api/tests/${test.id}`, { currency: "EUR" });
    expect(set.status).toBe(200);
    expect(((await set.json()) as TestResponse).test.currency).toBe("EUR");
    const buyer = await clickedVisitor(test);
    await deliver([{ ...conversion(test.id, buyer.sessionId), amount: 4999, currency: "EUR" }]);
    const locked = await client.json("PATCH", `/api/tests/${test.id}`, { currency: "USD" });
    expect(locked.status).toBe(409);
    expect((await errorOf(locked)).message).toBe(METRIC_MESSAGES.currencyLocked);
    expect(await testCurrency(test.id)).toBe("EUR");
  });

  it("drops at once a conversion of a test that does not exist, instead of waiting for its click", async () => {
    const { result } = await deliver([conversion(crypto.randomUUID(), "made-up")]);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toEqual(["m0"]);
  });
});

describe("the rollup after a redelivery", () => {
  it("equals the raw rows: a batch delivered twice counts once", async () => {
    const { test } = await marketerWithTest({ currency: "EUR" });
    const clicks = Array.from({ length: 12 }, (_, i) => click(test.id, { variant: i % 3 === 0 ? "B" : "A" }));
    const conversions = clicks.slice(0, 9).map((c, i) => ({
      ...conversion(test.id, c.sessionId),
      ...(i % 4 === 3 ? {} : { amount: 1999 + i * 1250, currency: "EUR" }),
    }));
    await deliver(clicks);
    await deliver(conversions);
    const once = await rollupAndRaw(test.id);
    await deliver([...clicks, ...conversions], 2);
    const twice = await rollupAndRaw(test.id);
    expect(twice).toEqual(once);
    expect(twice.rollup).toEqual(twice.raw);
    expect(twice.raw.reduce((sum, row) => sum + Number(row.orders), 0)).toBe(7);
  });
});

describe("POST /api/v1/conversions", () => {
  it("records a valued conversion under the click's variant, and the same key answers it again", async () => {
    const { key, test } = await marketerWithTest({ currency: "EUR" });
    const { sessionId, variant } = await clickedVisitor(test);
    const body = { testId: test.id, sessionId, amount: 129.5, currency: "EUR" };
    const first = await serverConversion(key, "order-1001", body);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const answer = (await first.json()) as ConversionResponse;
    expect(answer).toMatchObject({
      counted: true,
      conversion: { testId: test.id, sessionId, variant, amount: 129.5, currency: "EUR" },
    });

    const again = await serverConversion(key, "order-1001", body);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(answer);
    expect(await conversionRows(test.id)).toHaveLength(1);
    const { rollup, raw } = await rollupAndRaw(test.id);
    expect(rollup).toEqual(raw);
    expect(rollup).toEqual([{ variant, conversions: 1, orders: 1, revenue: 12950, squares: 12950 ** 2 }]);
  });

  it("answers identical requests racing each other alike and counts one", async () => {
    const { key, test } = await marketerWithTest({ currency: "USD" });
    const { sessionId } = await clickedVisitor(test);
    const body = { testId: test.id, sessionId, amount: 20, currency: "USD" };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => serverConversion(key, "evt_race", body)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(201));
    const answers = (await Promise.all(responses.map((r) => r.json()))) as ConversionResponse[];
    expect(new Set(answers.map((a) => a.conversion.id)).size).toBe(1);
    expect(responses.filter((r) => r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(await conversionRows(test.id)).toHaveLength(1);
    const { rollup, raw } = await rollupAndRaw(test.id);
    expect(rollup).toEqual(raw);
  });

  it("keeps one conversion per session: another key answers the first conversion, counted false", async () => {
    const { key, test } = await marketerWithTest();
    const { sessionId } = await clickedVisitor(test);
    const first = await serverConversion(key, "a", {
      testId: test.id,
      sessionId,
      amount: 10,
      currency: "EUR",
    });
    const second = await serverConversion(key, "b", {
      testId: test.id,
      sessionId,
      amount: 99,
      currency: "EUR",
    });
    expect(second.status).toBe(200);
    const answer = (await second.json()) as ConversionResponse;
    expect(answer.counted).toBe(false);
    expect(answer.conversion).toEqual(((await first.json()) as ConversionResponse).conversion);
    // The beacon of the same buyer adds nothing either.
    expect(
      (await sendBeacon({ splitTestId: test.id, sessionId, variant: "A", amount: 5, currency: "EUR" }))
        .status,
    ).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await conversionRows(test.id)).toMatchObject([{ amount: 1000 }]);
  });

  it("refuses a key used for a different conversion within 24 hours, and records nothing for it", async () => {
    const { key, test } = await marketerWithTest();
    const [one, two] = [await clickedVisitor(test), await clickedVisitor(test)];
    await serverConversion(key, "k", {
      testId: test.id,
      sessionId: one.sessionId,
      amount: 10,
      currency: "EUR",
    });
    for (const body of [
      { testId: test.id, sessionId: one.sessionId, amount: 11, currency: "EUR" },
      { testId: test.id, sessionId: two.sessionId, amount: 10, currency: "EUR" },
    ]) {
      const other = await serverConversion(key, "k", body);
      expect(other.status).toBe(422);
      expect(await errorOf(other)).toMatchObject({
        code: "idempotency_key_reused",
        message: CONVERSION_MESSAGES.idempotencyKeyReused,
      });
    }
    expect((await conversionRows(test.id)).map((row) => row.session_id)).toEqual([one.sessionId]);
  });

  it("forgets a key after 24 hours, and deletes expired keys as it goes", async () => {
    const { key, userId, test } = await marketerWithTest();
    const [one, two] = [await clickedVisitor(test), await clickedVisitor(test)];
    await serverConversion(key, "old", { testId: test.id, sessionId: one.sessionId });
    const expired = Date.now() - IDEMPOTENCY_WINDOW_MS - 1;
    // The keys live in the test's shard, with its conversions (worker/db/shards.ts).
    const events = await eventsOf(test.id);
    await events
      .prepare("UPDATE idempotency_keys SET created_at = ? WHERE user_id = ?")
      .bind(expired, userId)
      .run();
    const reused = await serverConversion(key, "old", { testId: test.id, sessionId: two.sessionId });
    expect(reused.status).toBe(201);
    const row = await events
      .prepare("SELECT count(*) AS n FROM idempotency_keys WHERE created_at <= ?")
      .bind(expired)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it("counts nothing on another user's test: it is not found", async () => {
    const { test } = await marketerWithTest();
    const { sessionId } = await clickedVisitor(test);
    const stranger = await marketerWithTest();
    const response = await serverConversion(stranger.key, "x", { testId: test.id, sessionId });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).message).toBe(TEST_MESSAGES.notFound);
    expect(await conversionRows(test.id)).toEqual([]);
  });

  it("refuses a conversion after the test was completed", async () => {
    const { client, key, test } = await marketerWithTest();
    const { sessionId } = await clickedVisitor(test);
    await client.json("POST", `/api/tests/${test.id}/promote`, { variant: "A" });
    const response = await serverConversion(key, "late", { testId: test.id, sessionId });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).code).toBe("test_completed");
  });

  it.each([
    [
      "without an Idempotency-Key",
      null,
      { testId: "t", sessionId: "s" },
      CONVERSION_MESSAGES.idempotencyKeyMissing,
    ],
    [
      "with an overlong Idempotency-Key",
      "k".repeat(256),
      { testId: "t", sessionId: "s" },
      CONVERSION_MESSAGES.idempotencyKeyMissing,
    ],
    ["without a session", "k", { testId: "t" }, CONVERSION_MESSAGES.invalidServerConversion],
    [
      "with a currency but no amount",
      "k",
      { testId: "t", sessionId: "s", currency: "EUR" },
      CONVERSION_MESSAGES.valueIncomplete,
    ],
  ])("answers 400 %s", async (_, idempotencyKey, body, message) => {
    const { key } = await marketerWithTest();
    const response = await serverConversion(key, idempotencyKey, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });
});

describe("beacon limits that drop no real conversion", () => {
  it("limits a flood per address and test: the address's other tests still convert, refusals are logged", async () => {
    const { test } = await marketerWithTest();
    const other = await marketerWithTest();
    const { sessionId, variant } = await clickedVisitor(other.test);
    const office = new Client(uniqueIp());
    const warn = vi.spyOn(console, "warn");
    // Local limiters count in wall-clock windows: the flood must fall in one.
    await inFreshRateLimitWindow(10, 5000);
    try {
      const flood = await Promise.all(
        Array.from({ length: 110 }, (_, i) =>
          sendBeacon({ splitTestId: test.id, sessionId: `s${i}`, variant: "A" }, office),
        ),
      );
      const refused = flood.filter((r) => r.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]?.headers.get("retry-after")).toBe("10");
      expect(
        loggedEvents(warn).filter((e) => e.event === "beacon_refused" && e.testId === test.id),
      ).toHaveLength(refused.length);
      const buyer = await sendBeacon({ splitTestId: other.test.id, sessionId, variant }, office);
      expect(buyer.status).toBe(202);
      // The owner sees every refusal on the test's traffic quality.
      await eventually(async () => {
        const row = await (await eventsOf(test.id))
          .prepare("SELECT events FROM traffic_quality WHERE split_test_id = ? AND reason = 'rate_limited'")
          .bind(test.id)
          .first<{ events: number }>();
        return row?.events === refused.length;
      });
    } finally {
      warn.mockRestore();
    }
  });
});

describe("the primary metric", () => {
  /** B converts half as often as A, but its orders are six times larger. */
  async function seededTest(primaryMetric: string) {
    const { client, test } = await marketerWithTest({ primaryMetric, currency: "EUR" });
    await (await eventsOf(test.id))
      .prepare(
        `INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions, orders, revenue, revenue_squares)
       VALUES (?1, ?2, 'A', 1000, 1000, 200, 200, 200000, 200000000), (?1, ?2, 'B', 1000, 1000, 100, 100, 600000, 3600000000)`,
      )
      .bind(test.id, Date.now() - (Date.now() % 3_600_000))
      .run();
    return { client, test };
  }

  async function viewOf(client: Client, test: CreatedTest) {
    const analytics = (
      (await (await client.fetch(`/api/tests/${test.slug}/analytics`)).json()) as TestAnalyticsResponse
    ).analytics;
    const detail = ((await (await client.fetch(`/api/tests/${test.slug}`)).json()) as TestResponse).test;
    return { analytics, detail };
  }

  it("is the conversion rate by default: A converts better and wins", async () => {
    const { client, test } = await seededTest("conversion_rate");
    const { analytics, detail } = await viewOf(client, test);
    expect(detail.primaryMetric).toBe("conversion_rate");
    expect(analytics.verdict).toMatchObject({ status: "A wins", winner: "A" });
    expect(detail.stats.winner).toBe("A");
  });

  it("revenue per visitor: B earns more and wins the verdict and the badge, with revenue figures", async () => {
    const { client, test } = await seededTest("revenue_per_visitor");
    const { analytics, detail } = await viewOf(client, test);
    expect(analytics).toMatchObject({ primaryMetric: "revenue_per_visitor", currency: "EUR" });
    expect(analytics.verdict).toMatchObject({ status: "B wins", winner: "B" });
    expect(detail.stats.winner).toBe("B");
    expect(detail.stats.confidence).toBeGreaterThan(0.99);
    expect(detail.stats.arms.map((arm) => [arm.revenue, arm.revenuePerVisitor, arm.orders])).toEqual([
      [2000, 2, 200],
      [6000, 6, 100],
    ]);
    const [a, b] = analytics.arms;
    expect(a?.revenue).toMatchObject({ total: 2000, perVisitor: 2, averageOrderValue: 10, vsControl: null });
    expect(b?.revenue).toMatchObject({ total: 6000, perVisitor: 6, averageOrderValue: 60 });
    expect(b?.revenue.vsControl?.difference).toBeCloseTo(4, 10);
    expect(b?.revenue.vsControl?.lower).toBeGreaterThan(0);
    expect(b?.revenue.perVisitorInterval?.lower).toBeLessThan(6);
    // "B earns 200 % more per visitor than A", its interval above 0 as the verdict's difference is.
    const lift = b?.revenue.vsControl?.relativeLift;
    expect(lift?.lift).toBeCloseTo(2, 10);
    expect(lift?.interval?.lower).toBeGreaterThan(0);
    expect(lift?.interval?.upper).toBeGreaterThan(2);
  });

  it("is set at creation through the public API, and refused when unknown", async () => {
    const { key } = await marketerWithTest();
    const created = await publicApi(key, "POST", "/tests", {
      name: "Checkout",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
      primaryMetric: "revenue_per_visitor",
      currency: "SEK",
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as TestResponse).test).toMatchObject({
      primaryMetric: "revenue_per_visitor",
      currency: "SEK",
    });
    const wrong = await publicApi(key, "POST", "/tests", {
      name: "Checkout",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
      primaryMetric: "profit",
    });
    expect(wrong.status).toBe(400);
  });
});

describe("CSV exports with values", () => {
  it("carry each conversion's amount and currency, and the daily revenue", async () => {
    const { client, key, test } = await marketerWithTest({ currency: "JPY" });
    const { sessionId } = await clickedVisitor(test);
    await serverConversion(key, "csv", { testId: test.id, sessionId, amount: 1500, currency: "JPY" });
    const events = await (await client.fetch(`/api/tests/${test.id}/export/events.csv`)).text();
    const conversionLine = events.split("\r\n").find((line) => line.startsWith("conversion,"));
    // amount and currency come after event, time, variant, session_id and bot.
    expect(conversionLine?.split(",").slice(5, 7)).toEqual(["1500", "JPY"]);
    const daily = await (await client.fetch(`/api/tests/${test.id}/export/daily.csv`)).text();
    expect(daily.split("\r\n")[0]).toBe(
      "date,variant,clicks,visitors,conversions,orders,revenue,currency,phase",
    );
    expect(daily).toContain(",1,1,1,1,1500,JPY,1\r\n");
  });
});

describe("a server-side conversion and webhooks", () => {
  it("announces a counted conversion to conversion.recorded endpoints once, not on a replay", async () => {
    const { client, key, test } = await marketerWithTest();
    const url = receiverUrl();
    await client.json("POST", "/api/webhooks", { url, events: ["conversion.recorded"] });
    const { sessionId } = await clickedVisitor(test);
    const body = { testId: test.id, sessionId, amount: 49.99, currency: "EUR" };
    expect((await serverConversion(key, "order-hook-1", body)).status).toBe(201);
    expect((await serverConversion(key, "order-hook-1", body)).headers.get("idempotent-replayed")).toBe(
      "true",
    );

    const [delivery] = await eventually(async () => {
      const got = await receivedAt(url);
      return got.length > 0 && got;
    });
    expect(JSON.parse(delivery?.body ?? "{}")).toMatchObject({
      type: "conversion.recorded",
      data: {
        test: { id: test.id, name: test.name, slug: test.slug },
        testId: test.id,
        sessionId,
        amount: 49.99,
        currency: "EUR",
      },
    });
    // The replay counted nothing and announced nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await receivedAt(url)).toHaveLength(1);
  });
});
