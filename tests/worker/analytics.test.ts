import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TestAnalytics, TestWithStats } from "../../contract/api";
import { copyTestToShard } from "../../worker/db/shards";
import { sequentialInterval } from "../../worker/statistics/sequential";
import { Client, createApiKey, createTest, eventsOf, publicApi, signedUpClient } from "./helpers";

const HOUR = 3_600_000;

async function seedRollup(
  testId: string,
  rows: [hour: number, variant: "A" | "B", clicks: number, visitors: number, conversions: number][],
) {
  const db = await eventsOf(testId);
  await db.batch(
    rows.map(([hour, variant, clicks, visitors, conversions]) =>
      db
        .prepare(
          "INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(testId, hour, variant, clicks, visitors, conversions),
    ),
  );
}

/** Makes the test as if created at `createdAt`, in its shard's copy too (worker/db/shards.ts). */
async function backdate(testId: string, createdAt: number) {
  await env.DB.prepare("UPDATE split_tests SET created_at = ? WHERE id = ?").bind(createdAt, testId).run();
  await copyTestToShard(env, testId);
}

async function analyticsOf(client: Client, slug: string): Promise<TestAnalytics> {
  const response = await client.fetch(`/api/tests/${slug}/analytics`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { analytics: TestAnalytics }).analytics;
}

const thisHour = () => Math.floor(Date.now() / HOUR) * HOUR;

describe("test analytics", () => {
  it("reports visitors, conversions, rates with intervals, chance to beat and an always-valid verdict from the rollup", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    await seedRollup(test.id, [
      [thisHour(), "A", 1_100, 1_000, 100],
      [thisHour(), "B", 1_050, 1_000, 140],
    ]);
    const analytics = await analyticsOf(client, test.slug);
    const [a, b] = analytics.arms;
    expect(a).toMatchObject({
      label: "A",
      weight: 50,
      clicks: 1_100,
      visitors: 1_000,
      conversions: 100,
      rate: 0.1,
    });
    expect(b).toMatchObject({
      label: "B",
      weight: 50,
      clicks: 1_050,
      visitors: 1_000,
      conversions: 140,
      rate: 0.14,
    });
    // Wilson 95 % interval of 100/1000 (R: prop.test(100, 1000, correct = FALSE)$conf.int = 0.0829, 0.1202).
    expect(a?.interval.lower).toBeCloseTo(0.0829, 3);
    expect(a?.interval.upper).toBeCloseTo(0.1202, 3);
    expect(b?.chanceToBeBest).toBeGreaterThan(0.99);
    expect((a?.chanceToBeBest ?? 0) + (b?.chanceToBeBest ?? 0)).toBeCloseTo(1, 12);
    expect(a?.vsControl).toBeNull();
    expect(b?.vsControl?.pValue).toBeLessThan(0.01);
    // One comparison with A: Holm changes nothing.
    expect(b?.vsControl?.adjustedPValue).toBe(b?.vsControl?.pValue);
    expect(analytics.srm).toBe(false);
    // A z-test read once says p < 0.01, but the always-valid interval (which a daily look cannot fool)
    // still holds 0: no winner yet. Its bounds are the sequential module's (tested against references).
    const expected = sequentialInterval(
      { visitors: 1_000, conversions: 100 },
      { visitors: 1_000, conversions: 140 },
    );
    expect(b?.vsControl).toMatchObject({ lower: expected.lower, upper: expected.upper });
    expect(b?.vsControl?.difference).toBeCloseTo(0.04, 12);
    expect(b?.vsControl?.lower).toBeLessThan(0);
    expect(b?.vsControl?.upper).toBeGreaterThan(0);
    expect(b?.vsControl?.relativeLift?.lift).toBeCloseTo(0.4, 12);
    expect(b?.vsControl?.relativeLift?.interval?.lower).toBeLessThan(0);
    expect(analytics.verdict).toEqual({
      status: "no clear difference",
      winner: null,
      additionalVisitorsPerArm: null,
      until: null,
      guardrail: null,
    });
  });

  it("names a winner once the always-valid interval leaves 0", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    await seedRollup(test.id, [
      [thisHour(), "A", 5_000, 5_000, 500],
      [thisHour(), "B", 5_000, 5_000, 650],
    ]);
    const analytics = await analyticsOf(client, test.slug);
    expect(analytics.arms[1]?.vsControl?.lower).toBeGreaterThan(0);
    expect(analytics.verdict).toEqual({
      status: "B wins",
      winner: "B",
      additionalVisitorsPerArm: null,
      until: null,
      guardrail: null,
    });
    // Issue #33, point 3: "B converts 30 % more than A", with an interval above 0 as the verdict's is.
    const relative = analytics.arms[1]?.vsControl?.relativeLift;
    expect(relative?.lift).toBeCloseTo(0.3, 12);
    expect(relative?.interval?.lower).toBeGreaterThan(0);
    expect(relative?.interval?.upper).toBeGreaterThan(0.3);
    expect(analytics.arms[0]?.vsControl).toBeNull();
  });

  it("asks to keep collecting below 100 visitors or 25 conversions per arm, with an estimate", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    await seedRollup(test.id, [
      [thisHour(), "A", 60, 50, 5],
      [thisHour(), "B", 60, 50, 8],
    ]);
    const { verdict } = await analyticsOf(client, test.slug);
    expect(verdict.status).toBe("keep collecting");
    expect(verdict.winner).toBeNull();
    expect(verdict.additionalVisitorsPerArm).toBeGreaterThan(50);
  });

  it("warns of a sample ratio mismatch when the visitor split is far from 50/50", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    await seedRollup(test.id, [
      [thisHour(), "A", 1_000, 1_000, 50],
      [thisHour(), "B", 800, 800, 40],
    ]);
    const analytics = await analyticsOf(client, test.slug);
    expect(analytics.srm).toBe(true);
    expect(analytics.srmPValue).toBeLessThan(0.001);
  });

  it("charts hourly during the first 48 hours, gaps filled with zeros", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const created = thisHour() - 5 * HOUR;
    await backdate(test.id, created + 60_000);
    await seedRollup(test.id, [
      [created, "A", 3, 3, 1],
      [created + 2 * HOUR, "B", 4, 4, 2],
    ]);
    const { series } = await analyticsOf(client, test.slug);
    expect(series.granularity).toBe("hour");
    expect(series.points.map((p) => p.time)).toEqual([0, 1, 2, 3, 4, 5].map((h) => created + h * HOUR));
    expect(series.points[0]).toEqual({ time: created, visitors: [3, 0], conversions: [1, 0] });
    expect(series.points[2]).toEqual({ time: created + 2 * HOUR, visitors: [0, 4], conversions: [0, 2] });
    expect(series.points[1]).toEqual({ time: created + HOUR, visitors: [0, 0], conversions: [0, 0] });
  });

  it("charts per UTC day after 48 hours, summing the hours of each day", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const today = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR;
    const created = today - 4 * 24 * HOUR;
    await backdate(test.id, created + 9 * HOUR);
    await seedRollup(test.id, [
      [created + 10 * HOUR, "A", 5, 5, 1],
      [created + 20 * HOUR, "A", 7, 6, 2],
      [today, "B", 2, 2, 0],
    ]);
    const { series } = await analyticsOf(client, test.slug);
    expect(series.granularity).toBe("day");
    expect(series.points).toHaveLength(5);
    expect(series.points[0]).toEqual({ time: created, visitors: [11, 0], conversions: [3, 0] });
    expect(series.points[4]).toEqual({ time: today, visitors: [0, 2], conversions: [0, 0] });
  });

  it("is for the owner only", async () => {
    const owner = await signedUpClient();
    const stranger = await signedUpClient();
    const test = await createTest(owner.client);
    expect((await stranger.client.fetch(`/api/tests/${test.slug}/analytics`)).status).toBe(404);
    expect((await new Client().fetch(`/api/tests/${test.slug}/analytics`)).status).toBe(401);
  });
});

describe("the dashboard list", () => {
  it("carries each test's visitors and the leader's chance to beat, with no extra request", async () => {
    const { client } = await signedUpClient();
    const leading = await createTest(client, { name: "Leading" });
    await createTest(client, { name: "Empty" });
    await seedRollup(leading.id, [
      [thisHour(), "A", 1_000, 1_000, 100],
      [thisHour(), "B", 1_000, 1_000, 140],
    ]);
    const { tests } = (await (await client.fetch("/api/tests")).json()) as { tests: TestWithStats[] };
    const [empty, lead] = tests;
    expect(lead?.stats).toMatchObject({ winner: "B", visitorsA: 1_000, visitorsB: 1_000 });
    expect(lead?.stats.confidence).toBeGreaterThan(0.99);
    expect(empty?.stats).toMatchObject({ winner: null, confidence: null, visitorsA: 0, visitorsB: 0 });
  });

  // Issue #33, point 1: B leads with a 99 % chance to beat, but the always-valid verdict has not decided.
  it("says which tests the always-valid verdict has decided, as the test page's verdict does", async () => {
    const { client } = await signedUpClient();
    const leading = await createTest(client, { name: "Leading" });
    const decided = await createTest(client, { name: "Decided" });
    await seedRollup(leading.id, [
      [thisHour(), "A", 1_000, 1_000, 100],
      [thisHour(), "B", 1_000, 1_000, 140],
    ]);
    await seedRollup(decided.id, [
      [thisHour(), "A", 5_000, 5_000, 500],
      [thisHour(), "B", 5_000, 5_000, 650],
    ]);
    const young = await createTest(client, { name: "Young" });
    await seedRollup(young.id, [
      [thisHour(), "A", 50, 50, 5],
      [thisHour(), "B", 50, 50, 7],
    ]);
    const { tests } = (await (await client.fetch("/api/tests")).json()) as { tests: TestWithStats[] };
    const byName = (name: string) => tests.find((test) => test.name === name)?.stats;
    // B leads by 40 %, yet the verdict has not decided: enough visitors, no clear difference.
    expect(byName("Leading")).toMatchObject({
      winner: "B",
      decided: null,
      verdict: { status: "no_difference" },
    });
    expect(byName("Decided")).toMatchObject({
      winner: "B",
      decided: "B",
      verdict: { status: "decided", winner: "B" },
    });
    expect(byName("Young")).toMatchObject({ winner: "B", verdict: { status: "collecting" } });
    expect((await analyticsOf(client, leading.slug)).verdict).toMatchObject({
      status: "no clear difference",
      winner: null,
    });
    expect((await analyticsOf(client, decided.slug)).verdict.winner).toBe("B");
    expect((await analyticsOf(client, young.slug)).verdict.status).toBe("keep collecting");
    // The public API says the same, in the same words.
    const { key } = await createApiKey(client);
    const viaKey = (await (await publicApi(key, "GET", "/tests")).json()) as { tests: TestWithStats[] };
    expect(viaKey.tests.map((test) => [test.name, test.stats.verdict])).toEqual(
      expect.arrayContaining([
        ["Leading", { status: "no_difference" }],
        ["Decided", { status: "decided", winner: "B" }],
        ["Young", { status: "collecting" }],
      ]),
    );
  });
});
