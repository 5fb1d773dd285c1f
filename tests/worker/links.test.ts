import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TestAnalytics, TestWithStats } from "../../contract/api";
import { SCHEDULE_MESSAGES, TEST_MESSAGES, VARIANT_MESSAGES } from "../../contract/messages";
import { digestOf } from "../../worker/services/digest";
import { runAutopilot } from "./autopilot-helpers";
import {
  type Client,
  clickedVisitor,
  clicksOf,
  createApiKey,
  errorOf,
  eventually,
  HUMAN,
  open,
  publicApi,
  signedUpClient,
  Client as Visitor,
  verifiedClient,
} from "./helpers";
import { click, deliver } from "./queue-helpers";

const DAY = 86_400_000;

// A link first, a test later (issue #49, docs/split-tests.md "Plain links"): one destination is a plain
// short link; a second one added later starts phase 2 as a test on the same link.

async function testOf(client: Client, slug: string): Promise<TestWithStats> {
  return ((await (await client.fetch(`/api/tests/${slug}`)).json()) as { test: TestWithStats }).test;
}

async function newLink(client: Client, body: Record<string, unknown> = {}): Promise<TestWithStats> {
  const response = await client.json("POST", "/api/tests", {
    name: "Spring poster",
    urlA: "https://shop.example/spring",
    minimumDays: 0,
    ...body,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { test: TestWithStats }).test;
}

/** A new link with these fields (and no minimum days): the answer, as the API gives it. */
function sendLink(client: Client, body: Record<string, unknown>): Promise<Response> {
  return client.json("POST", "/api/tests", {
    name: "L",
    urlA: "https://shop.example/a",
    minimumDays: 0,
    ...body,
  });
}

/** Each new link is refused (400) with its message. */
async function expectRefused(client: Client, cases: [Record<string, unknown>, string][]): Promise<void> {
  for (const [body, message] of cases) {
    const response = await sendLink(client, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  }
}

describe("plain links", () => {
  it("creates a link from urlA alone or one variant, redirects everyone there and counts the clicks", async () => {
    const { client } = await signedUpClient();
    const link = await newLink(client);
    expect(link.kind).toBe("link");
    expect(link.variants).toEqual([
      { label: "A", url: "https://shop.example/spring", weight: 100, name: null },
    ]);
    expect(link.urlB).toBe("");

    const visitors = [await clickedVisitor(link), await clickedVisitor(link)];
    expect(visitors.map((visitor) => visitor.variant)).toEqual(["A", "A"]);
    const counted = await testOf(client, link.slug);
    expect(counted.stats.arms.map((arm) => [arm.label, arm.clicks, arm.visitors])).toEqual([["A", 2, 2]]);
    expect(counted.stats.verdict.status).toBe("collecting");
    expect(counted.stats.decided).toBeNull();

    const analytics = await client.fetch(`/api/tests/${link.slug}/analytics`);
    expect(analytics.status).toBe(200);
    const { analytics: read } = (await analytics.json()) as { analytics: TestAnalytics };
    expect(read.arms.map((arm) => arm.visitors)).toEqual([2]);
    expect(read.verdict.winner).toBeNull();

    const oneVariant = await newLink(client, {
      urlA: undefined,
      variants: [{ url: "https://shop.example/one", weight: 100 }],
    });
    expect(oneVariant.kind).toBe("link");
  });

  it("refuses a lone variant whose weight is not 100, an empty urlB, and Optimise mode with one destination", async () => {
    const { client } = await signedUpClient();
    const send = (body: Record<string, unknown>) => client.json("POST", "/api/tests", { name: "L", ...body });
    expect(
      (await errorOf(await send({ variants: [{ url: "https://shop.example/a", weight: 50 }] }))).message,
    ).toBe(VARIANT_MESSAGES.total);
    expect((await errorOf(await send({ variants: [] }))).message).toBe(VARIANT_MESSAGES.count);
    expect((await send({ urlA: "https://shop.example/a", urlB: "" })).status).toBe(400);
    expect((await errorOf(await send({ urlA: "https://shop.example/a", mode: "optimise" }))).message).toBe(
      VARIANT_MESSAGES.optimiseNeedsTwo,
    );
    const optimised = await send({
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
      mode: "optimise",
    });
    const { test } = (await optimised.json()) as { test: TestWithStats };
    const toOne = await client.json("PATCH", `/api/tests/${test.id}`, {
      variants: [{ url: "https://shop.example/a", weight: 100 }],
    });
    expect(toOne.status).toBe(400);
    expect((await errorOf(toOne)).message).toBe(VARIANT_MESSAGES.optimiseNeedsTwo);
  });

  it("becomes a test on the same link when a second destination is added: phase 2, phase 1 kept", async () => {
    const { client } = await signedUpClient();
    const link = await newLink(client);
    await clickedVisitor(link);
    const response = await client.json("PATCH", `/api/tests/${link.id}`, {
      variants: [
        { url: "https://shop.example/spring", weight: 50 },
        { url: "https://shop.example/spring-b", weight: 50, name: "New hero" },
      ],
    });
    expect(response.status).toBe(200);
    const { test } = (await response.json()) as { test: TestWithStats };
    expect(test.kind).toBe("test");
    expect(test.slug).toBe(link.slug);
    expect(test.phase).toBe(2);
    expect(test.stats.arms.map((arm) => arm.clicks)).toEqual([0, 0]);

    const seen = new Set<string>();
    for (let i = 0; i < 12 && seen.size < 2; i++) seen.add((await clickedVisitor(link)).variant);
    expect([...seen].sort()).toEqual(["A", "B"]);
    const { analytics } = (await (await client.fetch(`/api/tests/${link.slug}/analytics`)).json()) as {
      analytics: TestAnalytics;
    };
    expect(analytics.phases.map((phase) => phase.arms.map((arm) => arm.visitors))).toEqual([[1]]);
    const { events } = (await (await client.fetch(`/api/tests/${link.slug}/history`)).json()) as {
      events: { action: string; details: { after?: { url: string }[]; phase?: number } }[];
    };
    expect(events[0]?.action).toBe("test.variants_changed");
    expect(events[0]?.details.after?.map((variant) => variant.url)).toEqual([
      "https://shop.example/spring",
      "https://shop.example/spring-b",
    ]);
    expect(events[0]?.details.phase).toBe(2);
  });

  it("is never a test for the autopilot: no verdict, no sample-ratio alert, however many visitors", async () => {
    const { client } = await signedUpClient();
    const link = await newLink(client);
    await deliver(Array.from({ length: 400 }, () => click(link.id, { variant: "A" })));
    const run = await runAutopilot(env);
    // Nothing to watch for: a plain link without an end is not even looked at.
    expect(run.looked).not.toContain(link.id);
    expect(run.failed).not.toContain(link.id);
    expect(run.alerts.filter((alert) => alert.testId === link.id)).toEqual([]);
    expect((await testOf(client, link.slug)).stats.arms[0]?.visitors).toBe(400);
  });

  it("stays out of the weekly digest's running tests, which list the tests beside it", async () => {
    const { client, userId } = await signedUpClient();
    await newLink(client, { name: "Poster link" });
    await newLink(client, { name: "Hero test", urlB: "https://shop.example/b" });
    const digest = await digestOf(env, userId, "Personal", Date.now());
    expect(digest?.running.map((test) => test.name)).toEqual(["Hero test"]);
  });

  it("answers kind in the public API and keeps another workspace's link out of reach", async () => {
    const owner = await verifiedClient();
    const { key } = await createApiKey(owner.client);
    const created = await publicApi(key, "POST", "/tests", { name: "QR", urlA: "https://shop.example/qr" });
    expect(created.status).toBe(201);
    const { test } = (await created.json()) as { test: TestWithStats };
    expect(test.kind).toBe("link");
    const stranger = await verifiedClient();
    const { key: strangerKey } = await createApiKey(stranger.client);
    expect((await publicApi(strangerKey, "GET", `/tests/${test.id}`)).status).toBe(404);
    const patched = await publicApi(strangerKey, "PATCH", `/tests/${test.id}`, {
      variants: [
        { url: "https://evil.example/a", weight: 50 },
        { url: "https://evil.example/b", weight: 50 },
      ],
    });
    expect(patched.status).toBe(404);
    expect((await testOf(owner.client, test.slug)).kind).toBe("link");

    // The list filters by kind: the link alone, the test alone, another workspace's never.
    const split = await publicApi(key, "POST", "/tests", {
      name: "Hero",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
    });
    const { test: splitTest } = (await split.json()) as { test: TestWithStats };
    const listed = async (apiKey: string, kind: string) =>
      (
        (await (await publicApi(apiKey, "GET", `/tests?kind=${kind}`)).json()) as { tests: TestWithStats[] }
      ).tests.map((one) => one.id);
    expect(await listed(key, "link")).toEqual([test.id]);
    expect(await listed(key, "test")).toEqual([splitTest.id]);
    expect(await listed(strangerKey, "link")).toEqual([]);
    const wrong = await publicApi(key, "GET", "/tests?kind=poster");
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(TEST_MESSAGES.kindFilter);
  });
});

describe("start on a date (issue #49, point 2)", () => {
  it("sends everyone to the page before the start and counts nothing; started, it counts as usual", async () => {
    const { client } = await signedUpClient();
    const startsAt = new Date(Date.now() + 2 * DAY).toISOString();
    const link = await newLink(client, { startsAt, beforeUrl: "https://shop.example/soon" });
    expect([link.startsAt, link.beforeUrl]).toEqual([startsAt, "https://shop.example/soon"]);

    const early = await open(new Visitor(), `/r/${link.slug}?utm_source=poster`, { headers: HUMAN });
    expect(early.status).toBe(302);
    expect(early.headers.get("location")).toBe("https://shop.example/soon?utm_source=poster");
    expect(early.headers.get("set-cookie")).toBeNull();
    // Without a page of its own the link sends to A, still counting nothing.
    const plain = await newLink(client, { startsAt });
    const toA = await open(new Visitor(), `/r/${plain.slug}`, { headers: HUMAN });
    expect(toA.headers.get("location")).toBe("https://shop.example/spring");

    // Started (null starts it now): the same link counts from then on, and only from then on.
    const started = await client.json("PATCH", `/api/tests/${link.id}`, { startsAt: null });
    expect(started.status).toBe(200);
    const { sessionId } = await clickedVisitor(link);
    expect(sessionId).not.toBe("");
    expect(await clicksOf(link.id)).toBe(1);
    expect(await clicksOf(plain.id)).toBe(0);
  });

  it("counts the minimum days from the start date", async () => {
    const { client } = await signedUpClient();
    const startsAt = Date.now() + 3 * DAY;
    const test = await newLink(client, {
      urlB: "https://shop.example/b",
      startsAt: new Date(startsAt).toISOString(),
      minimumDays: 7,
    });
    expect(Date.parse(test.stats.verdict.until ?? "")).toBe(startsAt + 7 * DAY);
  });

  it("refuses a past or far start, an end before it, a bad or looping page before it, each with its message", async () => {
    const { client } = await signedUpClient();
    const send = (body: Record<string, unknown>) => sendLink(client, body);
    const soon = new Date(Date.now() + DAY).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [{ startsAt: "tomorrow" }, SCHEDULE_MESSAGES.startsAtInvalid],
      [{ startsAt: new Date(Date.now() - DAY).toISOString() }, SCHEDULE_MESSAGES.startsAtPast],
      [{ startsAt: new Date(Date.now() + 400 * DAY).toISOString() }, SCHEDULE_MESSAGES.startsAtTooFar],
      [
        { startsAt: soon, endsAt: new Date(Date.now() + DAY / 2).toISOString() },
        SCHEDULE_MESSAGES.endsBeforeStart,
      ],
      [{ startsAt: soon, beforeUrl: "javascript:alert(1)" }, TEST_MESSAGES.invalidUrls],
    ];
    await expectRefused(client, cases);
    const loop = await send({ startsAt: soon, beforeUrl: `https://${env.APP_HOST}/r/abcdef` });
    expect(loop.status).toBe(400);
    expect((await errorOf(loop)).message).toBe(TEST_MESSAGES.urlLoops);
  });

  it("keeps the start once the link counted, and keeps another workspace out", async () => {
    const { client } = await signedUpClient();
    const link = await newLink(client);
    await clickedVisitor(link);
    const later = new Date(Date.now() + DAY).toISOString();
    const locked = await client.json("PATCH", `/api/tests/${link.id}`, { startsAt: later });
    expect(locked.status).toBe(400);
    expect((await errorOf(locked)).message).toBe(SCHEDULE_MESSAGES.startsAtLocked);

    // Sent again unchanged (an end settings form does), nothing is refused.
    const same = await client.json("PATCH", `/api/tests/${link.id}`, {
      startsAt: null,
      endAfterVisitors: 500,
    });
    expect(same.status).toBe(200);
    const waiting = await newLink(client, { startsAt: later });
    const past = await client.json("PATCH", `/api/tests/${waiting.id}`, {
      startsAt: new Date(Date.now() - DAY).toISOString(),
    });
    expect((await errorOf(past)).message).toBe(SCHEDULE_MESSAGES.startsAtPast);
    const stranger = await signedUpClient();
    const theirs = await stranger.client.json("PATCH", `/api/tests/${waiting.id}`, { startsAt: null });
    expect(theirs.status).toBe(404);
    const still = await open(new Visitor(), `/r/${waiting.slug}`, { headers: HUMAN });
    expect(still.headers.get("set-cookie")).toBeNull();
    expect((await testOf(client, waiting.slug)).startsAt).toBe(later);
  });

  it("records a new start date in the history", async () => {
    const { client } = await signedUpClient();
    const link = await newLink(client, { startsAt: new Date(Date.now() + DAY).toISOString() });
    const moved = new Date(Date.now() + 2 * DAY).toISOString();
    expect((await client.json("PATCH", `/api/tests/${link.id}`, { startsAt: moved })).status).toBe(200);
    const { events } = (await (await client.fetch(`/api/tests/${link.slug}/history`)).json()) as {
      events: { action: string; details: Record<string, unknown> }[];
    };
    expect(events[0]).toMatchObject({ action: "test.end_settings_changed", details: { startsAt: moved } });
  });
});

describe("end to the campaign's after-page (issue #49, point 2)", () => {
  const afterUrl = "https://shop.example/campaign-over";

  it("sends everyone to the after-page as soon as the next 2 people came, counting no one after them", async () => {
    const { client } = await signedUpClient();
    // Seven minimum days hold calls; an end to the after-page decides nothing and does not wait for them.
    const link = await newLink(client, { onEnd: "url", afterUrl, endAfterVisitors: 2, minimumDays: 7 });
    expect([link.onEnd, link.afterUrl, link.endAfterVisitors]).toEqual(["url", afterUrl, 2]);
    await clickedVisitor(link);
    await clickedVisitor(link);
    // No autopilot run here: the batch that wrote the clicks asked for the look.
    const ended = await eventually(async () => {
      const test = await testOf(client, link.slug);
      return test.status === "completed" && test;
    });
    expect([ended.endedBy, ended.endResult, ended.winnerVariant]).toEqual(["visitors", "url", null]);

    const late = await open(new Visitor(), `/r/${link.slug}?utm_source=qr`, { headers: HUMAN });
    expect(late.status).toBe(302);
    expect(late.headers.get("location")).toBe(`${afterUrl}?utm_source=qr`);
    expect(late.headers.get("set-cookie")).toBeNull();
    expect(await clicksOf(link.id)).toBe(2);
    const { events } = (await (await client.fetch(`/api/tests/${link.slug}/history`)).json()) as {
      events: { action: string; details: Record<string, unknown> }[];
    };
    expect(events[0]).toMatchObject({ action: "test.ended", details: { reason: "visitors", result: "url" } });
  });

  it("ends to the after-page on its date too, and a test's end decides nothing there", async () => {
    const { client } = await signedUpClient();
    const endsAt = Date.now() + 2 * DAY;
    const test = await newLink(client, {
      urlB: "https://shop.example/b",
      onEnd: "url",
      afterUrl,
      endsAt: new Date(endsAt).toISOString(),
      minimumDays: 7,
    });
    await runAutopilot(env, endsAt + 60_000);
    const ended = await testOf(client, test.slug);
    expect([ended.status, ended.endedBy, ended.endResult]).toEqual(["completed", "date", "url"]);
    const visit = await open(new Visitor(), `/r/${test.slug}`, { headers: HUMAN });
    expect(visit.headers.get("location")).toBe(afterUrl);
  });

  it("refuses an after-page without its end, an end without its page, and too few visitors for an end that decides", async () => {
    const { client } = await signedUpClient();
    const send = (body: Record<string, unknown>) => sendLink(client, body);
    const cases: [Record<string, unknown>, string][] = [
      [{ onEnd: "url" }, SCHEDULE_MESSAGES.afterUrl],
      [{ onEnd: "url", afterUrl: "campaign-over" }, SCHEDULE_MESSAGES.afterUrl],
      [{ onEnd: "keep", afterUrl }, SCHEDULE_MESSAGES.afterUrlWithoutUrlEnd],
      [{ onEnd: "url", afterUrl, endAfterVisitors: 0 }, SCHEDULE_MESSAGES.visitorsToPage],
      [{ onEnd: "promote", endAfterVisitors: 50 }, SCHEDULE_MESSAGES.visitors],
      [{ onEnd: "sideways" }, SCHEDULE_MESSAGES.onEnd],
    ];
    await expectRefused(client, cases);
    const loop = await send({ onEnd: "url", afterUrl: `https://${env.APP_HOST}/r/abcdef` });
    expect((await errorOf(loop)).message).toBe(TEST_MESSAGES.urlLoops);

    // A change is checked with the end it leaves: 50 visitors stay fine for the after-page, not for "keep".
    const link = await newLink(client, { onEnd: "url", afterUrl, endAfterVisitors: 50 });
    const patch = (body: Record<string, unknown>) => client.json("PATCH", `/api/tests/${link.id}`, body);
    expect((await patch({ endAfterVisitors: 10 })).status).toBe(200);
    expect((await errorOf(await patch({ onEnd: "keep" }))).message).toBe(SCHEDULE_MESSAGES.visitors);
    expect((await errorOf(await patch({ afterUrl: null }))).message).toBe(SCHEDULE_MESSAGES.afterUrl);
    const kept = await patch({ onEnd: "keep", endAfterVisitors: null });
    expect(kept.status).toBe(200);
    const { test } = (await kept.json()) as { test: TestWithStats };
    expect([test.onEnd, test.afterUrl]).toEqual(["keep", null]);

    const stranger = await signedUpClient();
    const theirs = await stranger.client.json("PATCH", `/api/tests/${link.id}`, {
      onEnd: "url",
      afterUrl: "https://evil.example/",
    });
    expect(theirs.status).toBe(404);
    expect((await testOf(client, link.slug)).afterUrl).toBeNull();
  });
});
