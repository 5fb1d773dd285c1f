import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CRONS } from "../../worker/crons";
import worker from "../../worker/index";
import { slugKey } from "../../worker/link-cache/keys";
import {
  LOCATION_CACHE_TTL_SECONDS,
  locationCacheUrl,
  purgeTag,
} from "../../worker/link-cache/location-cache";
import { forgetInIsolate } from "../../worker/link-cache/lookup";
import { purgeEverywhere } from "../../worker/link-cache/purges";
import { failAtCloudflare, healCloudflare, PURGE_FAILURES, purgesOf } from "./cloudflare-fake";
import {
  apiCallWith,
  createTest,
  eventually,
  fetchWorker,
  HUMAN,
  loggedEvents,
  runCron,
  signedUpClient,
  uniqueIp,
} from "./helpers";

// The location's tier of the link cache (worker/link-cache/location-cache.ts, purges.ts): the Cache API
// keeps a link an hour, and every change purges it at every location, at once and again a moment later.
// Here the one location is workerd's cache, and Cloudflare's purge API is the fake's.

/** A new visitor's visit, its background work (the location's refill) awaited. */
const visit = (slug: string, bindings: Env = env) =>
  fetchWorker(`/r/${slug}`, { headers: { ...HUMAN, "cf-connecting-ip": uniqueIp() } }, { bindings });

/** Whether the visit counted: a live link sets the visitor's cookies, a paused one does not. */
const counted = (response: Response) => response.headers.getSetCookie().length > 0;

const keptAtLocation = (key: string) => caches.default.match(locationCacheUrl(env, key));
const purgeCount = async (key: string) => (await purgesOf(purgeTag(env, key))).length;

/** A live test whose link this location keeps, as after its first visit. */
async function keptTest() {
  const { client } = await signedUpClient();
  const test = await createTest(client);
  const key = slugKey(test.slug);
  await eventually(() => env.LINKS.get(key));
  // Creating the test purged its keys too, at once and a second later: both are done.
  await eventually(async () => (await purgeCount(key)) >= 2);
  expect(counted(await visit(test.slug))).toBe(true);
  expect(await keptAtLocation(key)).toBeDefined();
  return { client, test, key };
}

/** KV changed behind this location's back, as another location's KV copy may be; no isolate remembers. */
async function setKvOnly(key: string, status: "active" | "paused") {
  const entry = await env.LINKS.get<Record<string, unknown>>(key, "json");
  await env.LINKS.put(key, JSON.stringify({ ...entry, status }));
  forgetInIsolate([key]);
}

/** The purges' queue handing the consumer one message, as the runtime does. */
async function deliverPurge(keys: string[]) {
  const batch = createMessageBatch("splitlink-link-purges", [
    { id: `purge-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body: { keys } },
  ]);
  await worker.queue(batch, env);
  return getQueueResult(batch, createExecutionContext());
}

describe("the link cache at a location", () => {
  it("keeps a link an hour under its purge tag, and answers from it without KV", async () => {
    const { test, key } = await keptTest();
    const kept = await keptAtLocation(key);
    expect(kept?.headers.get("cache-tag")).toBe(purgeTag(env, key));
    expect(kept?.headers.get("cache-control")).toBe(`max-age=${LOCATION_CACHE_TTL_SECONDS}`);
    // KV says paused, the location still has the live link and answers with it.
    await setKvOnly(key, "paused");
    expect(counted(await visit(test.slug))).toBe(true);
  });

  it("follows a pause at once, and the pause purges the link at every location twice", async () => {
    const { client, test, key } = await keptTest();
    const before = await purgeCount(key);
    expect((await client.json("POST", `/api/tests/${test.id}/pause`)).status).toBe(200);
    expect(counted(await visit(test.slug))).toBe(false);
    // At once, and again LINK_PURGE_AGAIN_SECONDS later (1 s in the tests).
    await eventually(async () => (await purgeCount(key)) >= before + 2);
  });

  it("purges again a location that refilled from its stale KV copy between the two purges", async () => {
    const { client, test, key } = await keptTest();
    const before = await purgeCount(key);
    expect((await client.json("POST", `/api/tests/${test.id}/pause`)).status).toBe(200);
    await eventually(async () => (await purgeCount(key)) >= before + 1);

    // After the first purge, a visit where KV still held the live link keeps it at the location.
    await setKvOnly(key, "active");
    expect(counted(await visit(test.slug))).toBe(true);
    await setKvOnly(key, "paused");
    expect(counted(await visit(test.slug))).toBe(true);

    // The second purge takes it away, and the link is paused here too.
    await eventually(async () => (await purgeCount(key)) >= before + 2);
    await eventually(async () => {
      forgetInIsolate([key]);
      return !counted(await visit(test.slug));
    });
  });

  it("retries a purge Cloudflare refuses, and drops this location's copy all the same", async () => {
    const { key } = await keptTest();
    const before = await purgeCount(key);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await failAtCloudflare(PURGE_FAILURES, {
      status: 429,
      errors: [{ code: 971, message: "Please wait and consider throttling your request speed" }],
    });
    try {
      const refused = await deliverPurge([key]);
      expect(refused.retryBatch.retry).toBe(true);
      expect(refused.ackAll).toBe(false);
      expect(await keptAtLocation(key)).toBeUndefined();
      expect(loggedEvents(warn)).toContainEqual(expect.objectContaining({ event: "link_purge_failed" }));
    } finally {
      await healCloudflare(PURGE_FAILURES);
      warn.mockRestore();
    }
    const taken = await deliverPurge([key]);
    expect(taken.ackAll).toBe(true);
    expect(await purgeCount(key)).toBe(before + 1);
  });

  it("notes the keys when the purges' queue is down, and the repair cron purges them", async () => {
    const { client, test, key } = await keptTest();
    const before = await purgeCount(key);
    const downQueue = {
      send: () => Promise.reject(new Error("Queue send failed: 503")),
      sendBatch: () => Promise.reject(new Error("Queue send failed: 503")),
    } as unknown as Queue;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const paused = await apiCallWith(
      { ...env, LINK_PURGES: downQueue },
      client,
      "POST",
      `/api/tests/${test.id}/pause`,
    );
    expect(paused.status).toBe(200);
    expect(loggedEvents(warn)).toContainEqual(
      expect.objectContaining({ event: "link_purge_not_queued", keys: [key], next: "repair_by_cron" }),
    );
    warn.mockRestore();
    // This location already follows (its copy went before the queue was asked); the others wait for
    // the cron.
    expect(counted(await visit(test.slug))).toBe(false);
    expect(await purgeCount(key)).toBe(before);

    vi.spyOn(console, "log").mockImplementation(() => {});
    await runCron(CRONS.repairCache);
    await eventually(async () => (await purgeCount(key)) >= before + 2);
    const noted = await env.DB.prepare("SELECT COUNT(*) AS n FROM cache_repairs WHERE key = ?")
      .bind(key)
      .first<{ n: number }>();
    expect(noted?.n).toBe(0);
  });

  it("purges more keys than a message holds, as a domain's removal with its links names them", async () => {
    const keys = Array.from({ length: 150 }, (_, i) => slugKey(`many-${crypto.randomUUID()}-${i}`));
    await purgeEverywhere(env, keys);
    for (const key of [keys[0] ?? "", keys[149] ?? ""])
      await eventually(async () => (await purgeCount(key)) >= 2);
  });

  it("serves no one what a location keeps: its address on the app host is no page", async () => {
    const { test, key } = await keptTest();
    for (const method of ["GET", "HEAD"]) {
      const response = await fetchWorker(locationCacheUrl(env, key), { method });
      expect(response.headers.get("cache-tag")).toBeNull();
      expect(await response.text()).not.toContain(test.id);
    }
  });

  it("keeps nothing at the location where a change could not purge it (no Cloudflare API token)", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    const key = slugKey(test.slug);
    const local = { ...env, CF_API_TOKEN: "" } as Env;
    expect(counted(await visit(test.slug, local))).toBe(true);
    expect(await keptAtLocation(key)).toBeUndefined();
  });
});
