import { describe, expect, it } from "vitest";
import type { TestAnalytics, TestBreakdowns, TestWithStats } from "../../contract/api";
import { METRIC_MESSAGES, TEST_MESSAGES } from "../../contract/messages";
import { CONVERSION_WAIT_ATTEMPTS } from "../../worker/queue/consumer";
import {
  type Client,
  clickedVisitor,
  createApiKey,
  createTest,
  errorOf,
  eventsOf,
  eventually,
  publicApi,
  sendBeacon,
  signedUpClient,
} from "./helpers";
import { click, conversion, deliver, seedMetricConversions } from "./queue-helpers";
import { receivedAt, receiverUrl } from "./webhook-receiver";

// Several metrics with guardrails (issue #48 point 1): the contract, what the tag's beacons count,
// and a guardrail proven worse holding the primary's winner.

const HOUR = 3_600_000;
const thisHour = () => Math.floor(Date.now() / HOUR) * HOUR;

const SIGNUP = {
  name: "Signups",
  role: "secondary",
  kind: "conversion",
  goal: { event: "signup" },
  better: "higher",
};
const REFUNDS = { name: "Refund rate", role: "guardrail", kind: "refunds", better: "lower" };
const ERRORS = {
  name: "Error page",
  role: "guardrail",
  kind: "conversion",
  goal: { url: "https://shop.example/error?code=500", match: "starts_with" },
  better: "lower",
};

async function createWith(client: Client, body: Record<string, unknown>) {
  return client.json("POST", "/api/tests", {
    name: "Checkout",
    urlA: "https://shop.example/a",
    urlB: "https://shop.example/b",
    minimumDays: 0,
    ...body,
  });
}

async function testOf(client: Client, slug: string): Promise<TestWithStats> {
  const response = await client.fetch(`/api/tests/${slug}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { test: TestWithStats }).test;
}

async function analyticsOf(client: Client, slug: string): Promise<TestAnalytics> {
  const response = await client.fetch(`/api/tests/${slug}/analytics`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { analytics: TestAnalytics }).analytics;
}

/** The test's current-phase totals per variant, straight into its rollup. */
async function seedRollup(testId: string, arms: { visitors: number; conversions: number }[]) {
  const db = await eventsOf(testId);
  await db.batch(
    arms.map((arm, i) =>
      db
        .prepare(
          "INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(testId, thisHour(), "AB"[i], arm.visitors, arm.visitors, arm.conversions),
    ),
  );
}

async function metricRows(testId: string) {
  const { results } = await (await eventsOf(testId))
    .prepare("SELECT metric, variant, session_id, amount FROM metric_conversions WHERE split_test_id = ?")
    .bind(testId)
    .all<{ metric: string; variant: string; session_id: string; amount: number | null }>();
  return results;
}

describe("a test's metrics: POST and PATCH", () => {
  it("takes a primary, secondary and guardrail metrics and answers them, the primary first", async () => {
    const { client } = await signedUpClient();
    const response = await createWith(client, {
      metrics: [
        SIGNUP,
        REFUNDS,
        {
          name: "Orders",
          role: "primary",
          kind: "conversion",
          goal: { event: "purchase" },
          better: "higher",
        },
        ERRORS,
      ],
    });
    expect(response.status).toBe(201);
    const { test } = (await response.json()) as { test: TestWithStats };
    expect(test.metrics).toEqual([
      { name: "Orders", role: "primary", kind: "conversion", goal: { event: "purchase" }, better: "higher" },
      SIGNUP,
      REFUNDS,
      ERRORS,
    ]);
    // The shorthand says the same primary.
    expect(test).toMatchObject({
      conversionGoal: "call",
      conversionUrl: null,
      primaryMetric: "conversion_rate",
    });
  });

  it("names the primary from the goal fields when metrics are not sent", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { conversionUrl: "https://shop.example/thanks" });
    expect((await testOf(client, test.slug)).metrics).toEqual([
      {
        name: "Conversion rate",
        role: "primary",
        kind: "conversion",
        goal: { url: "https://shop.example/thanks", match: "equals" },
        better: "higher",
      },
    ]);
  });

  it.each([
    [
      "two primaries",
      [
        { ...SIGNUP, role: "primary" },
        { ...ERRORS, role: "primary", better: "higher" },
      ],
      METRIC_MESSAGES.list,
    ],
    ["four secondaries", [1, 2, 3, 4].map((i) => ({ ...SIGNUP, name: `S${i}` })), METRIC_MESSAGES.list],
    ["three guardrails", [1, 2, 3].map((i) => ({ ...REFUNDS, name: `G${i}` })), METRIC_MESSAGES.list],
    ["one name twice", [SIGNUP, { ...SIGNUP, name: "signups" }], METRIC_MESSAGES.sameName],
    ["a conversion without a goal", [{ ...SIGNUP, goal: undefined }], METRIC_MESSAGES.conversionGoal],
    ["refunds with a goal", [{ ...REFUNDS, goal: { event: "refund" } }], METRIC_MESSAGES.refundsGoal],
    ["refunds deciding", [{ ...REFUNDS, role: "primary" }], METRIC_MESSAGES.primaryKind],
    [
      "a primary where lower is better",
      [{ ...SIGNUP, role: "primary", better: "lower" }],
      METRIC_MESSAGES.primaryBetter,
    ],
    ["a bad event name", [{ ...SIGNUP, goal: { event: "sign up!" } }], METRIC_MESSAGES.event],
    [
      "a goal with both a page and an event",
      [{ ...SIGNUP, goal: { event: "signup", url: "https://shop.example/x" } }],
      METRIC_MESSAGES.goal,
    ],
    [
      "a page goal that is no web address",
      [{ ...ERRORS, goal: { url: "javascript:alert(1)" } }],
      TEST_MESSAGES.invalidUrls,
    ],
    ["an unknown role", [{ ...SIGNUP, role: "boss" }], METRIC_MESSAGES.role],
    ["no direction", [{ ...SIGNUP, better: undefined }], METRIC_MESSAGES.better],
    ["an empty name", [{ ...SIGNUP, name: " " }], METRIC_MESSAGES.name],
  ])("refuses %s with a message that says why", async (_, metrics, message) => {
    const { client } = await signedUpClient();
    const response = await createWith(client, { metrics });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });

  it("refuses the primary sent both in metrics and as the goal fields", async () => {
    const { client } = await signedUpClient();
    const response = await createWith(client, {
      conversionUrl: "https://shop.example/thanks",
      metrics: [{ ...SIGNUP, role: "primary" }],
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(METRIC_MESSAGES.primaryTwice);
  });

  it("PATCH replaces the secondary and guardrail metrics, keeps what decides, and records the change", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { metrics: [SIGNUP, REFUNDS] });
    const patched = await client.json("PATCH", `/api/tests/${test.id}`, {
      metrics: [{ ...ERRORS, name: "Errors" }],
    });
    expect(patched.status).toBe(200);
    expect((await testOf(client, test.slug)).metrics.map((m) => m.name)).toEqual([
      "Conversion rate",
      "Errors",
    ]);

    const kind = await client.json("PATCH", `/api/tests/${test.id}`, {
      metrics: [{ name: "Revenue", role: "primary", kind: "revenue", better: "higher" }],
    });
    expect(kind.status).toBe(400);
    expect((await errorOf(kind)).message).toBe(METRIC_MESSAGES.primaryKindLocked);

    const history = await client.fetch(`/api/tests/${test.slug}/history`);
    const { events } = (await history.json()) as { events: { action: string }[] };
    expect(events.map((event) => event.action)).toContain("test.goal_changed");
  });

  it("lets no one outside the workspace change a test's metrics", async () => {
    const { client: owner } = await signedUpClient();
    const test = await createTest(owner, { metrics: [REFUNDS] });
    const { client: stranger } = await signedUpClient();
    const response = await stranger.json("PATCH", `/api/tests/${test.id}`, { metrics: [] });
    expect(response.status).toBe(404);
    expect((await testOf(owner, test.slug)).metrics.map((m) => m.name)).toEqual([
      "Conversion rate",
      "Refund rate",
    ]);
  });

  it("the public API takes and answers the same metrics", async () => {
    const { client } = await signedUpClient();
    const { key } = await createApiKey(client);
    const created = await publicApi(key, "POST", "/tests", {
      name: "API metrics",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
      metrics: [SIGNUP, ERRORS],
    });
    expect(created.status).toBe(201);
    const { test } = (await created.json()) as { test: TestWithStats };
    expect(test.metrics.map((m) => m.role)).toEqual(["primary", "secondary", "guardrail"]);
  });
});

describe("counting a metric's conversions", () => {
  it("credits a metric's conversion only to a click made before it (#51)", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { metrics: [SIGNUP] });
    const visit = click(test.id, { timestamp: Date.now() - 1000 });
    await deliver([visit]);
    // Dated a minute before the visitor's only click: on its last wait it is not counted.
    const early = {
      ...conversion(test.id, visit.sessionId),
      timestamp: visit.timestamp - 60_000,
      metric: "Signups",
    };
    await deliver([early], CONVERSION_WAIT_ATTEMPTS);
    expect(await metricRows(test.id)).toEqual([]);
    await deliver([{ ...conversion(test.id, visit.sessionId), metric: "Signups" }]);
    expect(await metricRows(test.id)).toHaveLength(1);
  });

  it("counts a beacon for a metric once per visitor, in the variant of the visitor's click", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { metrics: [SIGNUP, ERRORS] });
    const { sessionId, variant } = await clickedVisitor(test);
    const beacon = {
      splitTestId: test.id,
      sessionId,
      variant: variant === "A" ? "B" : "A",
      metric: "Signups",
    };
    expect((await sendBeacon(beacon)).status).toBe(202);
    // The click's variant, not the beacon's.
    const expected = [{ metric: "Signups", variant, session_id: sessionId, amount: null }];
    expect(
      await eventually(async () => ((await metricRows(test.id)).length ? metricRows(test.id) : null)),
    ).toEqual(expected);
    // Once however often it comes: a second conversion of the visitor for the metric counts nothing.
    await deliver([{ ...conversion(test.id, sessionId), metric: "Signups" }]);
    expect(await metricRows(test.id)).toEqual(expected);
    // The events export names each conversion's metric.
    const csv = await (await client.fetch(`/api/tests/${test.id}/export/events.csv`)).text();
    const [header = "", ...lines] = csv.trim().split("\r\n");
    expect(header.split(",").slice(-2)).toEqual(["metric", "tags"]);
    const converted = lines.filter((line) => line.startsWith("conversion,"));
    expect(converted.map((line) => [line.split(",")[3], line.split(",").at(-2)])).toEqual([
      [sessionId, "Signups"],
    ]);
  });

  it("sends conversion.recorded for a metric's conversion, naming the metric", async () => {
    const { client } = await signedUpClient();
    const url = receiverUrl();
    expect(
      (await client.json("POST", "/api/webhooks", { url, events: ["conversion.recorded"] })).status,
    ).toBe(201);
    const test = await createTest(client, { metrics: [SIGNUP] });
    const { sessionId, variant } = await clickedVisitor(test);
    await deliver([{ ...conversion(test.id, sessionId), metric: "Signups" }, conversion(test.id, sessionId)]);
    const received = await eventually(async () => {
      const got = await receivedAt(url);
      return got.length === 2 && got;
    });
    const data = received.map(
      (request) => (JSON.parse(request.body) as { data: Record<string, unknown> }).data,
    );
    expect(data.map((d) => [d.metric, d.variant, d.sessionId]).sort()).toEqual([
      ["Conversion rate", variant, sessionId],
      ["Signups", variant, sessionId],
    ]);
  });

  it("breaks a metric's conversions down by the visitor's segment, in both APIs, and no one else's", async () => {
    const { client } = await signedUpClient();
    const { key } = await createApiKey(client);
    const test = await createTest(client, { metrics: [SIGNUP] });
    const { sessionId, variant } = await clickedVisitor(test);
    await deliver([{ ...conversion(test.id, sessionId), metric: "Signups" }]);
    const desktop = (breakdowns: TestBreakdowns) =>
      breakdowns.device
        .find((segment) => segment.value === "desktop")
        ?.arms.find((arm) => arm.label === variant);
    const app = async (query: string) => {
      const response = await client.fetch(`/api/tests/${test.slug}/breakdowns${query}`);
      return { status: response.status, body: (await response.json()) as { breakdowns: TestBreakdowns } };
    };
    // HUMAN is Chrome on Windows: a desktop visitor, who reached the metric and not the primary's goal.
    expect(desktop((await app("?metric=Signups")).body.breakdowns)).toMatchObject({
      visitors: 1,
      conversions: 1,
    });
    expect(desktop((await app("")).body.breakdowns)).toMatchObject({ visitors: 1, conversions: 0 });
    const unknown = await app("?metric=Nope");
    expect(unknown.status).toBe(404);
    const viaKey = await publicApi(key, "GET", `/tests/${test.id}/breakdowns?metric=Signups`);
    expect(desktop(((await viaKey.json()) as { breakdowns: TestBreakdowns }).breakdowns)).toMatchObject({
      conversions: 1,
    });
    const { client: stranger } = await signedUpClient();
    expect((await stranger.fetch(`/api/tests/${test.slug}/breakdowns?metric=Signups`)).status).toBe(404);
  });

  it("counts nothing for a metric the test does not have, nor a refund a visitor claims", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { metrics: [REFUNDS] });
    const { sessionId } = await clickedVisitor(test);
    await deliver([
      { ...conversion(test.id, sessionId), metric: "Made up" },
      { ...conversion(test.id, sessionId), metric: "Refund rate" },
    ]);
    expect(await metricRows(test.id)).toEqual([]);
    // The primary's conversion of the same visitor still counts on its own.
    await deliver([conversion(test.id, sessionId)]);
    const counted = await (await eventsOf(test.id))
      .prepare("SELECT count(*) AS n FROM conversions WHERE split_test_id = ?")
      .bind(test.id)
      .first<{ n: number }>();
    expect(counted?.n).toBe(1);
  });

  it("counts nothing for a visitor of another test", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { metrics: [SIGNUP] });
    const other = await createTest(client);
    const { sessionId } = await clickedVisitor(other);
    await deliver([{ ...conversion(test.id, sessionId), metric: "Signups" }], 5);
    expect(await metricRows(test.id)).toEqual([]);
  });

  it("tells the site tag each metric's goal, a page's query only as a hash", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { metrics: [SIGNUP, ERRORS] });
    const key = ((await (await client.fetch("/api/account/site-tag")).json()) as { siteKey: string }).siteKey;
    const response = await client.fetch(`/t/goals/${key}`);
    const { tests } = (await response.json()) as { tests: { id: string; metrics?: unknown[] }[] };
    const goals = tests.find((t) => t.id === test.id);
    expect(goals?.metrics).toEqual([
      { name: "Signups", event: "signup" },
      {
        name: "Error page",
        url: "https://shop.example/error",
        match: "starts_with",
        query: { length: "?code=500".length, hash: expect.any(Number) },
      },
    ]);
    expect(JSON.stringify(goals)).not.toContain("code=500");
  });
});

describe("a guardrail proven worse", () => {
  // B converts 14 % against A's 10 % over 5,000 visitors each: proven better on the primary.
  const WINNING = [
    { visitors: 5_000, conversions: 500 },
    { visitors: 5_000, conversions: 700 },
  ];

  it("holds the primary's winner: no deploy in the analytics or either API, and says which guardrail", async () => {
    const { client } = await signedUpClient();
    const { key } = await createApiKey(client);
    const test = await createTest(client, { metrics: [SIGNUP, ERRORS] });
    await seedRollup(test.id, WINNING);
    await seedMetricConversions(test.id, "Error page", "A", 50);
    await seedMetricConversions(test.id, "Error page", "B", 150);

    const analytics = await analyticsOf(client, test.slug);
    expect(analytics.verdict).toMatchObject({
      status: "held by a guardrail",
      winner: null,
      guardrail: { variant: "B", metric: "Error page" },
    });
    const errors = analytics.metrics.find((m) => m.name === "Error page");
    expect(errors?.arms.map((arm) => arm.value)).toEqual([0.01, 0.03]);
    expect(errors?.arms[1]?.vsControl?.outcome).toBe("worse");

    const stats = (await testOf(client, test.slug)).stats;
    expect(stats.decided).toBeNull();
    expect(stats.verdict).toEqual({ status: "held", guardrail: { variant: "B", metric: "Error page" } });
    const viaApi = await publicApi(key, "GET", `/tests/${test.id}`);
    const { test: answered } = (await viaApi.json()) as { test: TestWithStats };
    expect(answered.stats.verdict.status).toBe("held");
  });

  it("decides as before when the same harm is only a secondary metric's", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { metrics: [{ ...ERRORS, role: "secondary" }] });
    await seedRollup(test.id, WINNING);
    await seedMetricConversions(test.id, "Error page", "A", 50);
    await seedMetricConversions(test.id, "Error page", "B", 150);
    const analytics = await analyticsOf(client, test.slug);
    expect(analytics.verdict).toMatchObject({ status: "B wins", winner: "B", guardrail: null });
    expect(analytics.metrics[0]?.arms[1]?.vsControl?.outcome).toBe("worse");
  });

  it("holds no winner for what one address sent the guardrail, and still does for the same harm from 150 visitors", async () => {
    const { client } = await signedUpClient();
    const attacked = await createTest(client, { metrics: [ERRORS] });
    const harmed = await createTest(client, { metrics: [ERRORS] });
    for (const test of [attacked, harmed]) {
      await seedRollup(test.id, WINNING);
      await seedMetricConversions(test.id, "Error page", "A", 50, "each");
    }
    // B proven worse as counted in both: 150 against 50. In one, 100 of them from the visitors of one
    // address (its 3 a day over 34 days); in the other, from 150 visitors of addresses of their own.
    await seedMetricConversions(attacked.id, "Error page", "B", 50, "each");
    await seedMetricConversions(attacked.id, "Error page", "B", 100, "one-address");
    await seedMetricConversions(harmed.id, "Error page", "B", 150, "each");
    for (const test of [attacked, harmed])
      expect((await analyticsOf(client, test.slug)).metrics[0]?.arms[1]?.vsControl?.outcome).toBe("worse");
    // Without the 20 addresses that sent B's errors the most (and their visitors), B is no longer worse
    // where one address made the difference, and the primary's winner stands; the real harm still holds it.
    expect((await analyticsOf(client, attacked.slug)).verdict).toMatchObject({
      status: "B wins",
      winner: "B",
      guardrail: null,
    });
    expect((await testOf(client, attacked.slug)).stats.decided).toBe("B");
    expect((await analyticsOf(client, harmed.slug)).verdict).toMatchObject({
      status: "held by a guardrail",
      guardrail: { variant: "B", metric: "Error page" },
    });
  });

  it("does not hold a winner on a guardrail that is not proven worse", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { metrics: [ERRORS] });
    await seedRollup(test.id, WINNING);
    await seedMetricConversions(test.id, "Error page", "A", 50);
    await seedMetricConversions(test.id, "Error page", "B", 60);
    const analytics = await analyticsOf(client, test.slug);
    expect(analytics.verdict.winner).toBe("B");
    expect(analytics.metrics[0]?.arms[1]?.vsControl?.outcome).toBe("unclear");
  });
});
