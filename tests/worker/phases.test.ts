import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TestAnalytics, TestWithStats } from "../../contract/api";
import { VARIANT_MESSAGES } from "../../contract/messages";
import { getDb } from "../../worker/db/client";
import { eventsDb } from "../../worker/db/shards";
import { heldBackOf } from "../../worker/services/analytics";
import { ownedTest } from "../../worker/services/split-tests";
import {
  type Client,
  createApiKey,
  createTest,
  errorOf,
  eventsOf,
  publicApi,
  signedUpClient,
} from "./helpers";
import { click, conversion, deliver } from "./queue-helpers";

// Phases (issue #33, docs/split-tests.md "Phases"): a running test's new URLs or weights start a new
// phase; the current phase decides, the earlier ones' results are kept.

async function testOf(client: Client, slug: string): Promise<TestWithStats> {
  return ((await (await client.fetch(`/api/tests/${slug}`)).json()) as { test: TestWithStats }).test;
}

async function analyticsOf(client: Client, slug: string): Promise<TestAnalytics> {
  return ((await (await client.fetch(`/api/tests/${slug}/analytics`)).json()) as { analytics: TestAnalytics })
    .analytics;
}

async function phaseRows(testId: string, table: "clicks" | "conversions") {
  const { results } = await (await eventsOf(testId))
    .prepare(
      `SELECT phase, count(*) AS n FROM ${table} WHERE split_test_id = ? GROUP BY phase ORDER BY phase`,
    )
    .bind(testId)
    .all<{ phase: number; n: number }>();
  return results;
}

const edited = [
  { url: "https://shop.example/a", weight: 50 },
  { url: "https://shop.example/b-fixed", weight: 50 },
];

describe("phases", () => {
  it("holds back what the top converting addresses brought the current phase, not an earlier one", async () => {
    const { client, userId } = await signedUpClient();
    const test = await createTest(client);
    // Phase 1: one address brings 3 visitors on A, 2 of whom buy (of its 3 conversions a day).
    const earlier = Array.from({ length: 3 }, () => click(test.id, { variant: "A", source: "top" }));
    await deliver(earlier);
    await deliver(earlier.slice(1).map((c) => conversion(test.id, c.sessionId)));
    expect((await client.json("PATCH", `/api/tests/${test.id}`, { variants: edited })).status).toBe(200);
    // Phase 2: the same address brings 2 visitors on B, one of whom buys.
    const later = Array.from({ length: 2 }, () => click(test.id, { variant: "B", source: "top" }));
    await deliver(later);
    await deliver([conversion(test.id, later[0]?.sessionId ?? "")]);
    const row = await ownedTest(getDb(env.DB), userId, { id: test.id });
    const held = await heldBackOf(eventsDb(env, row.shard), row, null);
    expect(held.map(({ visitors, conversions }) => ({ visitors, conversions }))).toEqual([
      { visitors: 0, conversions: 0 },
      { visitors: 2, conversions: 1 },
    ]);
  });

  it("counts clicks and conversions in their phase; stats and verdict read the current one, earlier ones are kept", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    // Phase 1: 4 visitors on A (1 buyer), 6 on B (5 buyers).
    const before = [
      ...Array.from({ length: 4 }, () => click(test.id, { variant: "A" })),
      ...Array.from({ length: 6 }, () => click(test.id, { variant: "B" })),
    ];
    await deliver(before);
    await deliver([before[0], ...before.slice(4, 9)].map((c) => conversion(test.id, c?.sessionId ?? "")));
    expect((await testOf(client, test.slug)).stats.arms.map((arm) => arm.visitors)).toEqual([4, 6]);

    // A typo fixed in URL B after the first clicks: no longer refused, phase 2 starts.
    const response = await client.json("PATCH", `/api/tests/${test.id}`, { variants: edited });
    expect(response.status).toBe(200);
    const { test: phased } = (await response.json()) as { test: TestWithStats };
    expect(phased.phase).toBe(2);
    const startedAt = phased.phaseStartedAt ?? 0;
    expect(startedAt).toBeGreaterThan(0);
    expect(phased.variants[1]?.url).toBe("https://shop.example/b-fixed");
    expect(phased.stats.arms.map((arm) => arm.clicks)).toEqual([0, 0]);
    expect(phased.variantsLocked).toBe(false);

    // A click made before the edit but still in the queue counts in phase 1; later ones in phase 2,
    // among them a phase-1 visitor who came back (a visitor of phase 2 too), whose conversion then counts
    // in phase 2, the phase of the click it is credited to.
    const late = click(test.id, { variant: "A", timestamp: startedAt - 1000 });
    const returning = click(test.id, {
      variant: "B",
      sessionId: before[9]?.sessionId,
      timestamp: startedAt + 1,
    });
    const after = [
      returning,
      ...Array.from({ length: 2 }, () => click(test.id, { variant: "A", timestamp: startedAt + 2 })),
    ];
    await deliver([late, ...after]);
    await deliver([conversion(test.id, returning.sessionId)]);
    expect(await phaseRows(test.id, "clicks")).toEqual([
      { phase: 1, n: 11 },
      { phase: 2, n: 3 },
    ]);
    expect(await phaseRows(test.id, "conversions")).toEqual([
      { phase: 1, n: 6 },
      { phase: 2, n: 1 },
    ]);

    const current = await testOf(client, test.slug);
    expect(current.stats.arms.map((arm) => [arm.visitors, arm.conversions])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    const analytics = await analyticsOf(client, test.slug);
    expect(analytics.arms.map((arm) => [arm.visitors, arm.conversions])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect(analytics.verdict.status).toBe("keep collecting");
    expect(analytics.series.points.reduce((sum, point) => sum + (point.visitors[0] ?? 0), 0)).toBe(2);
    expect(analytics.phases).toEqual([
      {
        phase: 1,
        startedAt: phased.createdAt,
        endedAt: startedAt,
        arms: [
          {
            label: "A",
            name: null,
            url: "https://shop.example/a",
            weight: 50,
            clicks: 5,
            visitors: 5,
            conversions: 1,
          },
          {
            label: "B",
            name: null,
            url: "https://shop.example/b",
            weight: 50,
            clicks: 6,
            visitors: 6,
            conversions: 5,
          },
        ],
      },
    ]);

    // The same URLs and weights again start nothing; another change starts phase 3 once phase 2 has clicks.
    const same = await client.json("PATCH", `/api/tests/${test.id}`, { variants: edited });
    expect(((await same.json()) as { test: TestWithStats }).test.phase).toBe(2);
    const third = await client.json("PATCH", `/api/tests/${test.id}`, {
      variants: [edited[0], { url: "https://shop.example/b-fixed", weight: 50 }].map((v, i) => ({
        ...v,
        weight: i === 0 ? 30 : 70,
      })),
    });
    expect(((await third.json()) as { test: TestWithStats }).test.phase).toBe(3);
    const phases = (await analyticsOf(client, test.slug)).phases;
    expect(phases.map((p) => [p.phase, p.arms.map((arm) => arm.visitors)])).toEqual([
      [1, [5, 6]],
      [2, [2, 1]],
    ]);
  });

  it("credits a conversion to the visitor's click before it: one made before coming back stays in phase 1 (#51)", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const [stays, comesBack] = [0, 1].map(() =>
      click(test.id, { variant: "A", timestamp: Date.now() - 60_000 }),
    );
    await deliver([stays, comesBack]);
    const response = await client.json("PATCH", `/api/tests/${test.id}`, { variants: edited });
    const startedAt = ((await response.json()) as { test: TestWithStats }).test.phaseStartedAt ?? 0;
    // Both bought before coming back in phase 2, but their return clicks reach D1 before the
    // conversions do; a third buys after coming back.
    const buyer = click(test.id, { variant: "A", timestamp: Date.now() - 50_000 });
    await deliver([buyer]);
    const returns = [stays, comesBack, buyer].map((first) =>
      click(test.id, { variant: "A", sessionId: first?.sessionId, timestamp: startedAt + 1 }),
    );
    await deliver(returns);
    const bought = (sessionId: string | undefined, timestamp: number) => ({
      ...conversion(test.id, sessionId ?? ""),
      timestamp,
    });
    await deliver([
      bought(stays?.sessionId, startedAt - 1000),
      bought(comesBack?.sessionId, startedAt - 500),
      bought(buyer.sessionId, startedAt + 2),
    ]);
    expect(await phaseRows(test.id, "conversions")).toEqual([
      { phase: 1, n: 2 },
      { phase: 2, n: 1 },
    ]);
  });

  it("changes a test without clicks in place, in phase 1", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const response = await client.json("PATCH", `/api/tests/${test.id}`, { variants: edited });
    const { test: changed } = (await response.json()) as { test: TestWithStats };
    expect(changed.phase).toBe(1);
    expect(changed.phaseStartedAt).toBeNull();
    expect((await analyticsOf(client, test.slug)).phases).toEqual([]);
  });
});

/** Weights as the bandit would have moved them (autopilot.ts moveWeights writes the variants so). */
function banditWeights(testId: string, urls: string[], weights: number[]) {
  const variants = urls.map((url, i) => ({ url, weight: weights[i] }));
  return env.DB.prepare("UPDATE split_tests SET variants = ? WHERE id = ?")
    .bind(JSON.stringify(variants), testId)
    .run();
}

describe("an optimised test's phases", () => {
  it("start at an even split with a weight history of their own; a new name keeps the bandit's weights", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { mode: "optimise" });
    await deliver([click(test.id, { variant: "B" })]);
    await banditWeights(test.id, ["https://shop.example/a", "https://shop.example/b"], [30, 70]);
    const response = await client.json("PATCH", `/api/tests/${test.id}`, {
      variants: [
        { url: "https://shop.example/a", weight: 90 },
        { url: "https://shop.example/b-fixed", weight: 10 },
      ],
    });
    const { test: phased } = (await response.json()) as { test: TestWithStats };
    expect([phased.phase, phased.variants.map((v) => v.weight)]).toEqual([2, [50, 50]]);
    const analytics = await analyticsOf(client, test.slug);
    expect(analytics.weightHistory).toEqual([{ since: phased.phaseStartedAt, weights: [50, 50] }]);

    await deliver([click(test.id, { variant: "A" })]);
    await banditWeights(test.id, ["https://shop.example/a", "https://shop.example/b-fixed"], [40, 60]);
    const renamed = await client.json("PATCH", `/api/tests/${test.id}`, {
      variants: [
        { url: "https://shop.example/a", weight: 50, name: "Old" },
        { url: "https://shop.example/b-fixed", weight: 50, name: "Fixed" },
      ],
    });
    const { test: after } = (await renamed.json()) as { test: TestWithStats };
    expect([after.phase, after.variants.map((v) => [v.weight, v.name])]).toEqual([
      2,
      [
        [40, "Old"],
        [60, "Fixed"],
      ],
    ]);
  });
});

describe("variant names", () => {
  it("are optional, kept in every answer, and change any time without a new phase", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, {
      urlA: undefined,
      urlB: undefined,
      variants: [
        { url: "https://shop.example/a", weight: 50 },
        { url: "https://shop.example/b", weight: 50, name: "  Red button " },
      ],
    });
    expect(test.variants.map((v) => (v as unknown as { name: string | null }).name)).toEqual([
      null,
      "Red button",
    ]);
    await deliver([click(test.id, { variant: "B" })]);

    const renamed = await client.json("PATCH", `/api/tests/${test.id}`, {
      variants: [
        { url: "https://shop.example/a", weight: 50, name: "Control" },
        { url: "https://shop.example/b", weight: 50, name: "Green button" },
      ],
    });
    const { test: after } = (await renamed.json()) as { test: TestWithStats };
    expect(after.phase).toBe(1);
    expect(after.variants.map((v) => v.name)).toEqual(["Control", "Green button"]);
    expect(after.stats.arms[1]?.clicks).toBe(1);
    expect((await analyticsOf(client, test.slug)).arms.map((arm) => arm.name)).toEqual([
      "Control",
      "Green button",
    ]);

    const tooLong = await client.json("PATCH", `/api/tests/${test.id}`, {
      variants: [
        { url: "https://shop.example/a", weight: 50, name: "x".repeat(61) },
        { url: "https://shop.example/b", weight: 50 },
      ],
    });
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).message).toBe(VARIANT_MESSAGES.nameTooLong);
  });

  it("and phases work through the public API", async () => {
    const { client } = await signedUpClient();
    const { key } = await createApiKey(client);
    const created = await publicApi(key, "POST", "/tests", {
      name: "API",
      variants: [
        { url: "https://shop.example/a", weight: 50, name: "Now" },
        { url: "https://shop.example/b", weight: 50, name: "New" },
      ],
    });
    const { test } = (await created.json()) as { test: TestWithStats };
    expect(test.variants.map((v) => v.name)).toEqual(["Now", "New"]);
    await deliver([click(test.id)]);
    const patched = await publicApi(key, "PATCH", `/tests/${test.id}`, { variants: edited });
    expect(patched.status).toBe(200);
    const { test: after } = (await patched.json()) as { test: TestWithStats };
    expect([after.phase, after.variants.map((v) => v.name)]).toEqual([2, [null, null]]);
  });
});
