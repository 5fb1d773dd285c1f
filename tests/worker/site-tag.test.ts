import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { textHash } from "../../contract/tracking";
import {
  Client,
  clickedVisitor,
  createApiKey,
  createTest,
  errorOf,
  eventually,
  HUMAN,
  open,
  publicApi,
  sendBeacon,
  signedUpClient,
} from "./helpers";

async function siteKeyOf(client: Client): Promise<string> {
  const response = await client.fetch("/api/account/site-tag");
  expect(response.status).toBe(200);
  return ((await response.json()) as { siteKey: string }).siteKey;
}

interface TagGoal {
  id: string;
  goal: string;
  url?: string;
  match?: string;
}

async function goalsOf(siteKey: string): Promise<{ status: number; tests: TagGoal[]; cors: string | null }> {
  const response = await new Client().fetch(`/t/goals/${siteKey}`, {
    headers: { origin: "https://shop.example" },
  });
  const body = response.status === 200 ? ((await response.json()) as { tests: TagGoal[] }) : { tests: [] };
  return {
    status: response.status,
    tests: body.tests,
    cors: response.headers.get("access-control-allow-origin"),
  };
}

function seen(body: unknown) {
  return new Client().fetch("/t/seen", {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", origin: "https://shop.example" },
    body: JSON.stringify(body),
  });
}

async function setupOf(client: Client, slug: string) {
  const response = await client.fetch(`/api/tests/${slug}/setup`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { setup: Record<string, unknown> }).setup;
}

describe("the site key", () => {
  it("is the account's own, the same on every read, and only for its owner", async () => {
    const { client: owner } = await signedUpClient();
    const { client: other } = await signedUpClient();
    const key = await siteKeyOf(owner);
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    expect(await siteKeyOf(owner)).toBe(key);
    expect(await siteKeyOf(other)).not.toBe(key);
    expect((await new Client().fetch("/api/account/site-tag")).status).toBe(401);
  });
});

describe("the redirect", () => {
  it("tells the site tag the visit's test: splitTestId beside the specification's sessionId and variant", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const response = await open(new Client(), `/r/${test.slug}?utm_source=news`, { headers: HUMAN });
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.searchParams.get("splitTestId")).toBe(test.id);
    expect(location.searchParams.get("sessionId")).toMatch(/^[0-9a-f-]{36}$/);
    expect(location.searchParams.get("utm_source")).toBe("news");
  });
});

describe("GET /t/goals/{siteKey}", () => {
  it("names the goals of the account's running tests to any site, and nothing else of them", async () => {
    const { client: owner } = await signedUpClient();
    const { client: stranger } = await signedUpClient();
    const page = await createTest(owner, { conversionUrl: "https://shop.example/thanks" });
    const call = await createTest(owner, { conversionGoal: "call" });
    const none = await createTest(owner);
    const done = await createTest(owner, { conversionUrl: "https://shop.example/done" });
    expect((await owner.json("POST", `/api/tests/${done.id}/promote`, { variant: "A" })).status).toBe(200);
    await createTest(stranger, { conversionUrl: "https://stranger.example/thanks" });

    const { status, tests, cors } = await goalsOf(await siteKeyOf(owner));
    expect(status).toBe(200);
    expect(cors).toBe("*");
    expect(tests).toEqual(
      expect.arrayContaining([
        { id: page.id, goal: "page", url: "https://shop.example/thanks", match: "equals" },
        { id: call.id, goal: "call" },
        { id: none.id, goal: "none" },
      ]),
    );
    expect(tests).toHaveLength(3);
    expect(JSON.stringify(tests)).not.toContain("Summer sale");
    expect(JSON.stringify(tests)).not.toContain("shop.example/a");
  });

  it("names a goal's query only as a hash the tag compares, for each kind of match", async () => {
    const { client } = await signedUpClient();
    const goals = [
      ["https://shop.example/thanks?plan=pro&coupon=SECRET1", "equals"],
      ["https://shop.example/order?coupon=SECRET2", "starts_with"],
      ["https://shop.example/thanks?coupon=SECRET3#done", "contains"],
    ] as const;
    const made: { id: string }[] = [];
    for (const [conversionUrl, conversionUrlMatch] of goals)
      made.push(await createTest(client, { conversionGoal: "page", conversionUrl, conversionUrlMatch }));
    const { tests } = await goalsOf(await siteKeyOf(client));
    expect(JSON.stringify(tests)).not.toMatch(/coupon|SECRET|plan=/);
    expect(tests.find((test) => test.id === made[0]?.id)).toEqual({
      id: made[0]?.id,
      goal: "page",
      url: "https://shop.example/thanks",
      match: "equals",
      query: { length: "?plan=pro&coupon=SECRET1".length, hash: textHash("?plan=pro&coupon=SECRET1") },
    });
    expect(tests.find((test) => test.id === made[1]?.id)).toEqual({
      id: made[1]?.id,
      goal: "page",
      url: "https://shop.example/order",
      match: "starts_with",
      query: { length: "?coupon=SECRET2".length, hash: textHash("?coupon=SECRET2") },
    });
    expect(tests.find((test) => test.id === made[2]?.id)).toMatchObject({
      url: "https://shop.example/thanks",
      match: "contains",
    });
  });

  it("answers 404 for a key no account has", async () => {
    expect((await goalsOf("0123456789abcdef01234567")).status).toBe(404);
    expect((await goalsOf("not-a-key")).status).toBe(404);
  });
});

describe("the goal", () => {
  it("is the conversion URL's page when one is given, else none; a call or a match is chosen", async () => {
    const { client } = await signedUpClient();
    const plain = await createTest(client);
    const page = await createTest(client, { conversionUrl: "https://shop.example/thanks" });
    const prefix = await createTest(client, {
      conversionGoal: "page",
      conversionUrl: "https://shop.example/order/",
      conversionUrlMatch: "starts_with",
    });
    expect(plain).toMatchObject({
      conversionGoal: "none",
      conversionUrl: null,
      conversionUrlMatch: "equals",
    });
    expect(page).toMatchObject({ conversionGoal: "page", conversionUrlMatch: "equals" });
    expect(prefix).toMatchObject({ conversionGoal: "page", conversionUrlMatch: "starts_with" });
  });

  it("refuses a page goal without its URL and a URL beside another goal, with the message the form shows", async () => {
    const { client } = await signedUpClient();
    const base = { name: "Goal", urlA: "https://shop.example/a", urlB: "https://shop.example/b" };
    const pageWithoutUrl = await client.json("POST", "/api/tests", { ...base, conversionGoal: "page" });
    expect(pageWithoutUrl.status).toBe(400);
    expect((await errorOf(pageWithoutUrl)).message).toBe("Enter the conversion URL of the goal page");
    const callWithUrl = await client.json("POST", "/api/tests", {
      ...base,
      conversionGoal: "call",
      conversionUrl: "https://shop.example/thanks",
    });
    expect(callWithUrl.status).toBe(400);
    expect((await errorOf(callWithUrl)).message).toBe("A conversion URL goes with a page goal only");
    const badMatch = await client.json("POST", "/api/tests", { ...base, conversionUrlMatch: "regex" });
    expect(badMatch.status).toBe(400);
  });

  it("changes any time, after the first click too, on both APIs", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    await clickedVisitor(test);
    const changed = await client.json("PATCH", `/api/tests/${test.id}`, {
      conversionGoal: "page",
      conversionUrl: "https://shop.example/thanks",
      conversionUrlMatch: "contains",
    });
    expect(changed.status).toBe(200);
    expect((await changed.json()) as unknown).toMatchObject({
      test: {
        conversionGoal: "page",
        conversionUrl: "https://shop.example/thanks",
        conversionUrlMatch: "contains",
      },
    });
    const key = await createApiKey(client);
    const toCall = await publicApi(key.key, "PATCH", `/tests/${test.id}`, { conversionGoal: "call" });
    expect(toCall.status).toBe(200);
    expect((await toCall.json()) as unknown).toMatchObject({
      test: { conversionGoal: "call", conversionUrl: null },
    });
  });
});

describe("the setup checklist", () => {
  it("fills in as the link is opened, the tag is seen and a visitor converts; both APIs say the same", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, { conversionUrl: "https://shop.example/thanks" });
    expect(await setupOf(client, test.slug)).toEqual({
      linkOpenedAt: null,
      landingTag: null,
      goalTag: null,
      firstConversionAt: null,
      uncountedVisits: [],
      refusedConversions: [],
    });

    const siteKey = await siteKeyOf(client);
    const { visitor, sessionId, variant } = await clickedVisitor(test);
    expect(
      (
        await seen({
          siteKey,
          testId: test.id,
          kind: "landing",
          url: "https://shop.example/a?sessionId=x#top",
        })
      ).status,
    ).toBe(204);
    expect(
      (await seen({ siteKey, testId: test.id, kind: "goal", url: "https://shop.example/thanks" })).status,
    ).toBe(204);
    expect((await sendBeacon({ splitTestId: test.id, sessionId, variant }, visitor)).status).toBe(202);

    const setup = await eventually(async () => {
      const state = await setupOf(client, test.slug);
      return state.goalTag && state.landingTag && state.firstConversionAt ? state : null;
    });
    expect(setup).toEqual({
      linkOpenedAt: expect.any(Number),
      landingTag: { host: "shop.example", path: "/a", seenAt: expect.any(Number) },
      goalTag: { host: "shop.example", path: "/thanks", seenAt: expect.any(Number) },
      firstConversionAt: expect.any(Number),
      uncountedVisits: [],
      refusedConversions: [],
    });

    const key = await createApiKey(client);
    const viaKey = await publicApi(key.key, "GET", `/tests/${test.id}/setup`);
    expect(viaKey.status).toBe(200);
    expect(((await viaKey.json()) as { setup: unknown }).setup).toEqual(setup);
  });

  it("says why conversions that arrived were not counted, from the test's traffic quality", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client, {
      conversionUrl: "https://shop.example/thanks",
      conversionSources: "server",
    });
    const { visitor, sessionId, variant } = await clickedVisitor(test);
    expect((await sendBeacon({ splitTestId: test.id, sessionId, variant }, visitor)).status).toBe(202);

    const setup = await eventually(async () => {
      const state = await setupOf(client, test.slug);
      return (state.refusedConversions as unknown[]).length > 0 ? state : null;
    });
    expect(setup).toMatchObject({
      firstConversionAt: null,
      refusedConversions: [{ reason: "not_server", events: 1 }],
    });
    const key = await createApiKey(client);
    const viaKey = await publicApi(key.key, "GET", `/tests/${test.id}/setup`);
    expect(((await viaKey.json()) as { setup: unknown }).setup).toEqual(setup);
  });

  it("is the owner's alone: a stranger's key and session find no such test", async () => {
    const { client: owner } = await signedUpClient();
    const { client: stranger } = await signedUpClient();
    const test = await createTest(owner);
    expect((await stranger.fetch(`/api/tests/${test.slug}/setup`)).status).toBe(404);
    const key = await createApiKey(stranger);
    expect((await publicApi(key.key, "GET", `/tests/${test.id}/setup`)).status).toBe(404);
  });

  it("keeps one sighting a minute per test and kind, and refuses what is not a sighting", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const siteKey = await siteKeyOf(client);
    await seen({ siteKey, testId: test.id, kind: "landing", url: "https://first.example/a" });
    await eventually(async () => (await setupOf(client, test.slug)).landingTag);
    await seen({ siteKey, testId: test.id, kind: "landing", url: "https://second.example/b" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await setupOf(client, test.slug)).landingTag).toMatchObject({
      host: "first.example",
      path: "/a",
    });

    expect(
      (await seen({ siteKey, testId: test.id, kind: "somewhere", url: "https://shop.example/" })).status,
    ).toBe(400);
    expect((await seen({ siteKey, testId: test.id, kind: "goal", url: "javascript:alert(1)" })).status).toBe(
      400,
    );
    expect((await seen({ testId: test.id, kind: "goal", url: "https://shop.example/" })).status).toBe(400);
    expect((await seen("not json")).status).toBe(400);
  });

  it("writes nothing for a test that does not exist", async () => {
    const { client } = await signedUpClient();
    const real = await createTest(client);
    const siteKey = await siteKeyOf(client);
    const testId = crypto.randomUUID();
    expect((await seen({ siteKey, testId, kind: "goal", url: "https://shop.example/thanks" })).status).toBe(
      204,
    );
    // A real test's sighting sent after it: once that one is in, the made-up one had its chance.
    await seen({ siteKey, testId: real.id, kind: "goal", url: "https://shop.example/thanks" });
    await eventually(async () => (await setupOf(client, real.slug)).goalTag);
    const row = await env.DB.prepare("SELECT 1 FROM tag_sightings WHERE split_test_id = ?")
      .bind(testId)
      .first();
    expect(row).toBeNull();
  });

  it("counts a sighting only for a test of the workspace whose site key the tag sends", async () => {
    const { client: owner } = await signedUpClient();
    const { client: stranger } = await signedUpClient();
    const test = await createTest(owner);
    const other = await createTest(stranger);
    const strangerKey = await siteKeyOf(stranger);
    // Another workspace's key, and a key no workspace has: answered as any beacon is, and written nowhere.
    for (const siteKey of [strangerKey, "0123456789abcdef01234567"])
      expect(
        (await seen({ siteKey, testId: test.id, kind: "landing", url: "https://evil.example/x" })).status,
      ).toBe(204);
    // The stranger's own test, sent after them: once it is in, theirs had their chance.
    await seen({ siteKey: strangerKey, testId: other.id, kind: "landing", url: "https://other.example/" });
    await eventually(async () => (await setupOf(stranger, other.slug)).landingTag);
    expect((await setupOf(owner, test.slug)).landingTag).toBeNull();
    // The right key, even right after the wrong ones, is written.
    await seen({
      siteKey: await siteKeyOf(owner),
      testId: test.id,
      kind: "landing",
      url: "https://shop.example/a",
    });
    expect(await eventually(async () => (await setupOf(owner, test.slug)).landingTag)).toMatchObject({
      host: "shop.example",
      path: "/a",
    });
  });
});
