import { describe, expect, it } from "vitest";
import type { TestWithStats } from "../../contract/api";
import { LIFECYCLE_MESSAGES, TEST_MESSAGES, VARIANT_MESSAGES } from "../../contract/messages";
import {
  Client,
  clicksOf,
  createApiKey,
  errorOf,
  eventually,
  HUMAN,
  open,
  publicApi,
  signedUpClient,
} from "./helpers";

const urls = (count: number) => Array.from({ length: count }, (_, i) => `https://shop.example/v${i}`);
const variantsOf = (weights: number[]) => weights.map((weight, i) => ({ url: urls(8)[i], weight }));

async function newTest(weights: number[]) {
  const { client } = await signedUpClient();
  const response = await client.json("POST", "/api/tests", { name: "Hero", variants: variantsOf(weights) });
  expect(response.status).toBe(201);
  return { owner: client, test: ((await response.json()) as { test: TestWithStats }).test };
}

/** Where a visitor was sent: the variant's position, by the URL path. */
const positionOf = (response: Response) =>
  Number(new URL(response.headers.get("location") ?? "").pathname.replace("/v", ""));

describe("creating a test with variants", () => {
  it("takes 1 to 8 variants with weights and labels them A, B, C… in order", async () => {
    const { test } = await newTest([20, 30, 50]);
    expect(test.variants).toEqual([
      { label: "A", url: urls(3)[0], weight: 20, name: null },
      { label: "B", url: urls(3)[1], weight: 30, name: null },
      { label: "C", url: urls(3)[2], weight: 50, name: null },
    ]);
    expect(test.urlA).toBe(urls(3)[0]);
    expect(test.urlB).toBe(urls(3)[1]);
    expect(test.variantsLocked).toBe(false);
    expect(test.stats.arms.map((arm) => arm.label)).toEqual(["A", "B", "C"]);
    const eight = await newTest([10, 10, 10, 10, 15, 15, 15, 15]);
    expect(eight.test.variants.map((variant) => variant.label).join("")).toBe("ABCDEFGH");
  });

  it("keeps the two-URL shape: urlA and urlB become A and B at 50/50", async () => {
    const { client } = await signedUpClient();
    const response = await client.json("POST", "/api/tests", {
      name: "Old shape",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
    });
    expect(response.status).toBe(201);
    const { test } = (await response.json()) as { test: TestWithStats };
    expect(test.variants).toEqual([
      { label: "A", url: "https://shop.example/a", weight: 50, name: null },
      { label: "B", url: "https://shop.example/b", weight: 50, name: null },
    ]);
  });

  it.each([
    [[], VARIANT_MESSAGES.count],
    [[50], VARIANT_MESSAGES.total],
    [[10, 10, 10, 10, 10, 10, 10, 10, 20], VARIANT_MESSAGES.count],
    [[50, 49], VARIANT_MESSAGES.total],
    [[60, 50], VARIANT_MESSAGES.total],
    [[0, 100], VARIANT_MESSAGES.weight],
    [[50.5, 49.5], VARIANT_MESSAGES.weight],
  ])("refuses weights %j with a clear message", async (weights, message) => {
    const { client } = await signedUpClient();
    const response = await client.json("POST", "/api/tests", { name: "Bad", variants: variantsOf(weights) });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });

  it("checks in the specification's order: required fields, URLs, then weights", async () => {
    const { client } = await signedUpClient();
    const send = (body: Record<string, unknown>) => client.json("POST", "/api/tests", { name: "T", ...body });
    const messageOf = async (body: Record<string, unknown>) => (await errorOf(await send(body))).message;
    expect(
      await messageOf({
        variants: [
          { url: "", weight: 60 },
          { url: "https://x.example", weight: 60 },
        ],
      }),
    ).toBe(TEST_MESSAGES.requiredFields);
    expect(
      await messageOf({
        variants: [
          { url: "nope", weight: 60 },
          { url: "https://x.example", weight: 60 },
        ],
      }),
    ).toBe(TEST_MESSAGES.invalidUrls);
    expect(await messageOf({ variants: variantsOf([50, 50]), urlA: "https://x.example" })).toBe(
      VARIANT_MESSAGES.bothShapes,
    );
  });
});

describe("the redirect with weights", () => {
  it("sends 3,000 new visitors to 20/30/50 within 3 points of each weight", async () => {
    const { test } = await newTest([20, 30, 50]);
    const counts = [0, 0, 0];
    for (let round = 0; round < 60; round++) {
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => open(new Client(), `/r/${test.slug}`, { headers: HUMAN })),
      );
      for (const response of responses)
        counts[positionOf(response)] = (counts[positionOf(response)] ?? 0) + 1;
    }
    // One standard deviation of a share of 3,000 is at most 0.92 points: 3 points fail about once in
    // 700 runs for the 50 % arm, far less for the others.
    expect(Math.abs((counts[0] ?? 0) / 30 - 20)).toBeLessThan(3);
    expect(Math.abs((counts[1] ?? 0) / 30 - 30)).toBeLessThan(3);
    expect(Math.abs((counts[2] ?? 0) / 30 - 50)).toBeLessThan(3);
  });

  it("keeps a returning visitor's variant with only the session cookie, and sets no cookie again", async () => {
    const { test } = await newTest([34, 33, 33]);
    for (let visitor = 0; visitor < 20; visitor++) {
      const client = new Client();
      const first = await open(client, `/r/${test.slug}`, { headers: HUMAN });
      expect(client.lastSetCookies.length).toBeGreaterThan(0);
      expect(client.lastSetCookies.some((cookie) => cookie.startsWith(`sl_v_`))).toBe(false);
      const sessionOnly = new Client();
      sessionOnly.cookies.set("sl_sid", client.cookies.get("sl_sid") ?? "");
      const again = await open(sessionOnly, `/r/${test.slug}`, { headers: HUMAN });
      expect(positionOf(again)).toBe(positionOf(first));
      const back = await open(client, `/r/${test.slug}`, { headers: HUMAN });
      expect(positionOf(back)).toBe(positionOf(first));
      expect(back.headers.getSetCookie()).toEqual([]);
    }
  });
});

describe("changing variants", () => {
  it("changes URLs and weights in place until the first counted click, then starts phase 2", async () => {
    const { owner, test } = await newTest([50, 50]);
    const changed = await owner.json("PATCH", `/api/tests/${test.id}`, {
      variants: variantsOf([20, 30, 50]),
    });
    expect(changed.status).toBe(200);
    const { test: updated } = (await changed.json()) as { test: TestWithStats };
    expect(updated.variants.map((variant) => variant.weight)).toEqual([20, 30, 50]);
    // The link follows at once.
    const visitor = new Client();
    const response = await open(visitor, `/r/${test.slug}`, { headers: HUMAN });
    expect(response.status).toBe(302);
    await eventually(async () => (await clicksOf(test.id)) === 1);

    expect(updated.phase).toBe(1);
    const { test: running } = (await (await owner.fetch(`/api/tests/${test.slug}`)).json()) as {
      test: TestWithStats;
    };
    expect(running.variantsLocked).toBe(true);

    const phased = await owner.json("PATCH", `/api/tests/${test.id}`, { variants: variantsOf([50, 50]) });
    expect(phased.status).toBe(200);
    const { test: after } = (await phased.json()) as { test: TestWithStats };
    expect(after.phase).toBe(2);
    expect(after.phaseStartedAt).toBeGreaterThan(0);
    expect(after.variantsLocked).toBe(false);
    expect(after.variants.map((variant) => variant.weight)).toEqual([50, 50]);
    expect(after.stats.arms.every((arm) => arm.clicks === 0)).toBe(true);
  });

  it("refuses another user's test as not found, and bad weights with their message", async () => {
    const { test } = await newTest([50, 50]);
    const { client: stranger } = await signedUpClient();
    const foreign = await stranger.json("PATCH", `/api/tests/${test.id}`, { variants: variantsOf([50, 50]) });
    expect(foreign.status).toBe(404);
    const { owner, test: own } = await newTest([50, 50]);
    const bad = await owner.json("PATCH", `/api/tests/${own.id}`, { variants: variantsOf([70, 40]) });
    expect((await errorOf(bad)).message).toBe(VARIANT_MESSAGES.total);
  });

  it("works through the public API with the same shape", async () => {
    const { client } = await signedUpClient();
    const { key } = await createApiKey(client);
    const created = await publicApi(key, "POST", "/tests", {
      name: "API",
      variants: variantsOf([25, 25, 50]),
    });
    expect(created.status).toBe(201);
    const { test } = (await created.json()) as { test: TestWithStats };
    expect(test.stats.arms).toHaveLength(3);
    const patched = await publicApi(key, "PATCH", `/tests/${test.id}`, { variants: variantsOf([10, 90]) });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { test: TestWithStats }).test.variants).toHaveLength(2);
  });
});

describe("promoting any variant", () => {
  it("completes the test with C as the winner and sends everyone to C", async () => {
    const { owner, test } = await newTest([34, 33, 33]);
    const promoted = await owner.json("POST", `/api/tests/${test.id}/promote`, { variant: "C" });
    expect(promoted.status).toBe(200);
    const { test: completed } = (await promoted.json()) as { test: TestWithStats };
    expect(completed.status).toBe("completed");
    expect(completed.winnerVariant).toBe("C");
    for (let i = 0; i < 5; i++)
      expect(positionOf(await open(new Client(), `/r/${test.slug}`, { headers: HUMAN }))).toBe(2);
  });

  it("refuses a variant the test does not have", async () => {
    const { owner, test } = await newTest([50, 50]);
    const response = await owner.json("POST", `/api/tests/${test.id}/promote`, { variant: "C" });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(LIFECYCLE_MESSAGES.chooseVariant);
  });
});
