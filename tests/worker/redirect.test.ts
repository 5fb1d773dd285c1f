import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TestAnalyticsResponse } from "../../contract/api";
import { STATS_OF_TEST } from "../../worker/db/hour-stats";
import { ISOLATE_CACHE_TTL_MS, IsolateCache } from "../../worker/link-cache/isolate-cache";
import { domainSlugKey, hostKey, slugKey } from "../../worker/link-cache/keys";
import wranglerToml from "../../wrangler.toml?raw";
import {
  Client,
  createTest,
  eventsOf,
  eventually,
  expireCachedEntries,
  fetchWorker,
  HUMAN,
  insertDomain,
  ORIGIN,
  open,
  shardOf,
  signedUpClient,
} from "./helpers";

async function newTest(body: Record<string, unknown> = {}) {
  const { client, userId } = await signedUpClient();
  return { owner: client, userId, test: await createTest(client, body) };
}

function variantOf(response: Response): string | null {
  return new URL(response.headers.get("location") ?? "http://x").searchParams.get("variant");
}

async function clickRows(testId: string) {
  const { results } = await (await eventsOf(testId))
    .prepare("SELECT variant, session_id, is_bot FROM clicks WHERE split_test_id = ?")
    .bind(testId)
    .all<{ variant: string; session_id: string; is_bot: number }>();
  return results;
}

describe("the edge redirect", () => {
  it("answers one 302 to A or B with sessionId and variant, uncached, and records the click", async () => {
    const { test } = await newTest();
    const visitor = new Client();
    const before = Date.now();
    const response = await open(visitor, `/r/${test.slug}`, { headers: HUMAN });
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    const location = new URL(response.headers.get("location") ?? "");
    const variant = location.searchParams.get("variant");
    expect(["A", "B"]).toContain(variant);
    expect(`${location.origin}${location.pathname}`).toBe(variant === "A" ? test.urlA : test.urlB);
    const sessionId = location.searchParams.get("sessionId") ?? "";
    // A UUIDv7 of the time of the visit: its clicks are looked up from then on (worker/db/session-bytes.ts).
    expect(sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const madeAt = Number.parseInt(sessionId.slice(0, 8) + sessionId.slice(9, 13), 16);
    expect(madeAt).toBeGreaterThanOrEqual(before);
    expect(madeAt).toBeLessThanOrEqual(Date.now());

    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("sl_sid="))).toContain(sessionId);
    expect(cookies.find((c) => c.startsWith("sl_conv="))).toContain(`${test.id}|${variant}|${sessionId}`);
    for (const cookie of cookies) expect(cookie).toMatch(/HttpOnly; SameSite=Lax; Secure/);

    const rows = await eventually(async () => {
      const found = await clickRows(test.id);
      return found.length > 0 && found;
    });
    expect(rows).toEqual([{ variant, session_id: sessionId, is_bot: 0 }]);
  });

  it("splits 2,000 new visitors between 45 % and 55 % to A", { timeout: 60_000 }, async () => {
    const { test } = await newTest();
    let toA = 0;
    for (let i = 0; i < 2000; i++) {
      const response = await open(new Client(), `/r/${test.slug}`, { headers: HUMAN });
      if (variantOf(response) === "A") toA += 1;
    }
    expect(toA / 2000).toBeGreaterThanOrEqual(0.45);
    expect(toA / 2000).toBeLessThanOrEqual(0.55);
  });

  it("keeps a returning visitor on their variant and their session id", async () => {
    const { test } = await newTest();
    const visitor = new Client();
    const first = await open(visitor, `/r/${test.slug}`, { headers: HUMAN });
    const firstLocation = new URL(first.headers.get("location") ?? "");
    for (let i = 0; i < 20; i++) {
      const again = new URL(
        (await open(visitor, `/r/${test.slug}`, { headers: HUMAN })).headers.get("location") ?? "",
      );
      expect(again.searchParams.get("variant")).toBe(firstLocation.searchParams.get("variant"));
      expect(again.searchParams.get("sessionId")).toBe(firstLocation.searchParams.get("sessionId"));
    }
  });

  it("sends a crawler to A without cookies and without a counted click", async () => {
    const { test } = await newTest();
    const response = await open(new Client(), `/r/${test.slug}`, {
      headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    });
    expect(response.status).toBe(302);
    expect(variantOf(response)).toBe("A");
    expect(response.headers.getSetCookie()).toEqual([]);
    const rows = await eventually(async () => {
      const found = await clickRows(test.id);
      return found.length > 0 && found;
    });
    expect(rows.map((r) => r.is_bot)).toEqual([1]);
    const rollup = await (await eventsOf(test.id))
      .prepare(`SELECT count(*) AS n FROM ${STATS_OF_TEST}`)
      .bind(test.id)
      .first<{ n: number }>();
    expect(rollup?.n).toBe(0);
  });

  it.each([
    ["Slack's", { headers: { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" } }],
    [
      "a Mastodon instance's",
      { headers: { "user-agent": "Mastodon/4.3.2 (http.rb/5.2.0; +https://mamot.fr/)" } },
    ],
    [
      "iMessage's",
      { headers: { "user-agent": "Mozilla/5.0 facebookexternalhit/1.1 Facebot Twitterbot/1.0" } },
    ],
    ["a HEAD request's (X sends three with a browser's user agent)", { method: "HEAD", headers: HUMAN }],
  ])(
    "sends %s link preview to A without cookies, records no click, and counts it as a preview",
    async (_, init) => {
      const { owner, test } = await newTest();
      const response = await open(new Client(), `/r/${test.slug}`, init);
      expect(response.status).toBe(302);
      expect(variantOf(response)).toBe("A");
      expect(response.headers.getSetCookie()).toEqual([]);
      const quality = await eventually(async () => {
        const answer = await owner.fetch(`/api/tests/${test.slug}/analytics`);
        const { analytics } = (await answer.json()) as TestAnalyticsResponse;
        return analytics.trafficQuality.visits.length > 0 && analytics.trafficQuality;
      });
      expect(quality.visits).toEqual([{ reason: "preview", events: 1 }]);
      expect(await clickRows(test.id)).toEqual([]);
    },
  );

  it("counts a person whose in-app browser names the app (Facebook's, LinkedIn's)", async () => {
    const { test } = await newTest();
    for (const userAgent of [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.40.98]",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.30.1",
    ])
      expect(
        (await open(new Client(), `/r/${test.slug}`, { headers: { "user-agent": userAgent } })).status,
      ).toBe(302);
    const rows = await eventually(async () => {
      const found = await clickRows(test.id);
      return found.length === 2 && found;
    });
    expect(rows.map((row) => row.is_bot)).toEqual([0, 0]);
  });

  it("keeps the destination's query and passes on the visitor's parameters", async () => {
    const { test } = await newTest({
      urlA: "https://shop.example/a?ref=own",
      urlB: "https://shop.example/b?ref=own",
    });
    const response = await open(
      new Client(),
      `/r/${test.slug}?utm_source=newsletter&utm_campaign=june&ref=theirs`,
      {
        headers: HUMAN,
      },
    );
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.searchParams.get("ref")).toBe("own");
    expect(location.searchParams.get("utm_source")).toBe("newsletter");
    expect(location.searchParams.get("utm_campaign")).toBe("june");
    expect(location.searchParams.get("sessionId")).toBeTruthy();
  });

  it("shows the error page with the specification's text and debug info for a missing slug", async () => {
    for (const path of ["/r/", "/r"]) {
      const response = await open(new Client(), path);
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toContain("text/html");
      const html = await response.text();
      expect(html).toContain("No test slug provided");
      expect(html).toContain("app.splitlink.test");
      expect(html).toContain("Secure connection");
      expect(html).toContain(
        `href="${ORIGIN.replace("https://app.splitlink.test", "https://app.splitlink.test")}/"`,
      );
    }
  });

  it("shows 'Test not found' with the slug for an unknown link, escaping what it echoes", async () => {
    const response = await open(new Client(), "/r/nope%3Cb%3E");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Test not found");
    expect(html).toContain("nope&lt;b&gt;");
    expect(html).not.toContain("<b>");
  });

  it.each([
    ["", {}],
    [
      " with audience rules",
      {
        rules: [
          {
            conditions: [{ type: "device", value: "mobile" }],
            action: { type: "redirect", url: "https://m.example/" },
          },
          { conditions: [{ type: "language", value: "en" }], action: { type: "experiment" } },
        ],
        fallbackUrl: "https://shop.example/elsewhere",
      },
    ],
  ])(
    "answers a KV-warm link%s with no D1 call, two KV reads, and without waiting for the shard's writer",
    async (_, body) => {
      const { test } = await newTest(body);
      await eventually(() => env.LINKS.get(`link:${test.slug}`));
      const calls: string[] = [];
      const handed: { shard: string; clicks: unknown[] }[] = [];
      const counted = <T extends object>(name: string, binding: T, replace: Record<string, unknown> = {}) =>
        new Proxy(binding, {
          get(target, property) {
            calls.push(`${name}.${String(property)}`);
            if (property in replace) return replace[property as string];
            const value = Reflect.get(target, property);
            return typeof value === "function" ? value.bind(target) : value;
          },
        });
      // A shard's writer that never answers: the 302 must not wait for it.
      const stuckWriters = counted("SHARD_WRITERS", env.SHARD_WRITERS, {
        get: () => ({
          writeClicks: (shard: string, clicks: unknown[]) => {
            handed.push({ shard, clicks });
            return new Promise(() => {});
          },
        }),
      });
      const bindings = {
        ...env,
        DB: counted("DB", env.DB),
        EVENTS_0: counted("EVENTS_0", env.EVENTS_0),
        EVENTS_1: counted("EVENTS_1", env.EVENTS_1),
        LINKS: counted("LINKS", env.LINKS),
        CLICKS: counted("CLICKS", env.CLICKS),
        SHARD_WRITERS: stuckWriters,
      };
      // The writer never answers: the answer is read while the background work still runs.
      const visit = () =>
        fetchWorker(
          `/r/${test.slug}`,
          { headers: { ...HUMAN, "accept-language": "en-GB" } },
          { bindings, awaitBackground: false },
        );

      const kvWarm = await visit();
      expect(kvWarm.status).toBe(302);
      // The link, and its workspace's traffic rules (issue #47), both written when the test was created.
      expect(calls).toEqual(["LINKS.get", "LINKS.get"]);
      calls.length = 0;
      const isolateWarm = await visit();
      expect(isolateWarm.status).toBe(302);
      expect(calls).toEqual([]);

      // Both clicks leave in one call to the test's shard's writer, after the visitors already have their
      // answers, and none through the queue.
      await eventually(async () => handed.length > 0);
      expect(calls).toEqual(["SHARD_WRITERS.get", "SHARD_WRITERS.idFromName"]);
      expect(handed).toEqual([
        {
          shard: await shardOf(test.id),
          clicks: [
            expect.objectContaining({ type: "click", testId: test.id }),
            expect.objectContaining({ type: "click", testId: test.id }),
          ],
        },
      ]);
    },
  );

  it("hands the clicks of concurrent visits to the shard's writer in shared calls of at most 100, and every click lands", async () => {
    const { test } = await newTest();
    const batchSizes: number[] = [];
    let queued = 0;
    const writers = new Proxy(env.SHARD_WRITERS, {
      get(target, property) {
        if (property === "get")
          return (id: DurableObjectId) => {
            const writer = target.get(id);
            return {
              writeClicks: (shard: string, clicks: unknown[], holdMs?: number) => {
                batchSizes.push(clicks.length);
                return writer.writeClicks(shard, clicks as never, holdMs);
              },
            };
          };
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const queue = new Proxy(env.CLICKS, {
      get(target, property) {
        if (property === "send" || property === "sendBatch") queued += 1;
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const bindings = { ...env, SHARD_WRITERS: writers, CLICKS: queue };
    const responses = await Promise.all(
      Array.from({ length: 150 }, () => fetchWorker(`/r/${test.slug}`, { headers: HUMAN }, { bindings })),
    );
    expect(responses.every((response) => response.status === 302)).toBe(true);

    expect(batchSizes.reduce((sum, size) => sum + size, 0)).toBe(150);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(100);
    expect(batchSizes.length).toBeLessThan(10);
    expect(queued).toBe(0);
    // Written before the requests' background work ended.
    expect(await clickRows(test.id)).toHaveLength(150);
  });

  it("sends a click through the queue when its link was cached before the shard was, and it lands", async () => {
    const { test } = await newTest();
    const key = `link:${test.slug}`;
    const entry = JSON.parse((await eventually(() => env.LINKS.get(key))) ?? "{}");
    expect(entry.shard).toBe(await shardOf(test.id));
    delete entry.shard;
    await env.LINKS.put(key, JSON.stringify(entry));
    const queued: unknown[] = [];
    const queue = new Proxy(env.CLICKS, {
      get(target, property) {
        const value = Reflect.get(target, property);
        if (property !== "sendBatch") return typeof value === "function" ? value.bind(target) : value;
        return (messages: MessageSendRequest[]) => {
          queued.push(...messages.map(({ body }) => body));
          return target.sendBatch(messages);
        };
      },
    });
    // The link's first visit: its entry comes from KV, as rewritten above.
    const response = await fetchWorker(
      `/r/${test.slug}`,
      { headers: { ...HUMAN, "cf-connecting-ip": "203.0.113.77" } },
      { bindings: { ...env, CLICKS: queue } },
    );
    expect(response.status).toBe(302);
    expect(queued).toEqual([
      { type: "events", events: [expect.objectContaining({ type: "click", testId: test.id })] },
    ]);
    await eventually(async () => (await clickRows(test.id)).length === 1);
  });

  it("reads a link that only KV knows (KV before D1)", async () => {
    const slug = `kv${crypto.randomUUID().slice(0, 4)}`;
    await env.LINKS.put(
      `link:${slug}`,
      JSON.stringify({
        id: "kv-only",
        variants: [
          { url: "https://kv.example/a", weight: 50 },
          { url: "https://kv.example/b", weight: 50 },
        ],
        status: "completed",
        winnerVariant: "B",
      }),
    );
    const response = await open(new Client(), `/r/${slug}`, { headers: HUMAN });
    expect(response.headers.get("location")).toMatch(/^https:\/\/kv\.example\/b\?/);
  });

  it("reads a KV entry written before variants existed as a miss, and rewrites it from D1", async () => {
    const { test } = await newTest();
    const key = `link:${test.slug}`;
    // What an older Worker cached: two URLs, no variants (KV entries do not expire).
    await env.LINKS.put(
      key,
      JSON.stringify({
        id: test.id,
        urlA: "https://stale.example/a",
        urlB: "https://stale.example/b",
        status: "active",
        winnerVariant: null,
      }),
    );
    const response = await open(new Client(), `/r/${test.slug}`, { headers: HUMAN });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^https:\/\/shop\.example\/[ab]\?/);
    const rewritten = await eventually(async () => {
      const entry = await env.LINKS.get<{ variants?: unknown[] }>(key, "json");
      return entry?.variants ? entry : null;
    });
    expect(rewritten.variants).toHaveLength(2);
  });

  it("fills KV from D1 on a miss", async () => {
    const { test } = await newTest();
    await eventually(() => env.LINKS.get(`link:${test.slug}`));
    await env.LINKS.delete(`link:${test.slug}`);
    const response = await open(new Client(), `/r/${test.slug}`, { headers: HUMAN });
    expect(response.status).toBe(302);
    const refilled = await eventually(() => env.LINKS.get<{ id: string }>(`link:${test.slug}`, "json"));
    expect(refilled.id).toBe(test.id);
  });

  it("sends everyone to A without counting while a test is paused, and to the winner once completed", async () => {
    const { test } = await newTest();
    const link = { id: test.id, variants: test.variants, winnerVariant: null };
    const returning = new Client();
    let seen: string | null = null;
    let activeVisits = 0;
    while (seen !== "B") {
      returning.cookies.clear();
      seen = variantOf(await open(returning, `/r/${test.slug}`, { headers: HUMAN }));
      activeVisits += 1;
    }

    await env.LINKS.put(`link:${test.slug}`, JSON.stringify({ ...link, status: "paused" }));
    await expireCachedEntries([slugKey(test.slug)]);
    for (let i = 0; i < 5; i++)
      expect(variantOf(await open(new Client(), `/r/${test.slug}`, { headers: HUMAN }))).toBe("A");
    expect(variantOf(await open(returning, `/r/${test.slug}`, { headers: HUMAN }))).toBe("A");

    await env.LINKS.put(
      `link:${test.slug}`,
      JSON.stringify({ ...link, status: "completed", winnerVariant: "B" }),
    );
    await expireCachedEntries([slugKey(test.slug)]);
    for (let i = 0; i < 5; i++)
      expect(variantOf(await open(new Client(), `/r/${test.slug}`, { headers: HUMAN }))).toBe("B");

    // Only the visits while active were counted.
    await eventually(async () => (await clickRows(test.id)).length >= activeVisits);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await clickRows(test.id)).length).toBe(activeVisits);
  }, 30_000);
});

describe("redirects on a custom domain", () => {
  it("redirects /{customSlug} and /{slug} on an active domain", async () => {
    const { owner, userId } = await signedUpClient().then((r) => ({ owner: r.client, userId: r.userId }));
    const domain = `go-${crypto.randomUUID().slice(0, 8)}.example.com`;
    const domainId = await insertDomain(userId, domain);
    const test = await createTest(owner, { customDomainId: domainId, customSlug: "summer" });
    for (const path of ["/summer", `/${test.slug}`, "/summer/"]) {
      const response = await fetchWorker(`https://${domain}${path}`, { headers: HUMAN });
      expect(response.status, path).toBe(302);
    }
  });

  it("refuses an unknown host and a domain that is not verified yet", async () => {
    const { userId } = await signedUpClient();
    const pending = `pending-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await insertDomain(userId, pending, "pending_validation");
    const unknown = await fetchWorker("https://nobody.example.org/summer");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(
      "This domain (nobody.example.org) is not registered with SplitLink",
    );
    const notYet = await fetchWorker(`https://${pending}/summer`);
    expect(await notYet.text()).toContain(`This domain (${pending}) is not verified with SplitLink yet`);
  });
});

describe("the link's caches", () => {
  it("keep an edit from a location for about a minute: KV's half minute or the second purge, then the isolate's", async () => {
    const { test } = await newTest();
    const reads: { key: string; cacheTtl: number | undefined }[] = [];
    const links = new Proxy(env.LINKS, {
      get(target, property) {
        const value = Reflect.get(target, property).bind(target);
        if (property !== "get") return value;
        return (key: string, options?: KVNamespaceGetOptions<"json">) => {
          reads.push({ key, cacheTtl: options?.cacheTtl });
          return value(key, options);
        };
      },
    });
    const response = await fetchWorker(
      `/r/${test.slug}`,
      { headers: HUMAN },
      { bindings: { ...env, LINKS: links } },
    );
    expect(response.status).toBe(302);
    const kvTtl = reads.find((read) => read.key === slugKey(test.slug))?.cacheTtl ?? 0;
    expect(kvTtl).toBe(30);
    // The isolate's entry: kept for 20 s, then read again.
    const memory = new IsolateCache<string>();
    memory.set("link:x", "A", 0);
    expect(memory.get("link:x", ISOLATE_CACHE_TTL_MS - 1)).toBe("A");
    expect(memory.get("link:x", ISOLATE_CACHE_TTL_MS)).toBeUndefined();
    // Where locations keep links, each change is purged again once KV's copy at a location is no older
    // than the change (every environment of wrangler.toml; the tests shorten it).
    const purgesAgain = [...wranglerToml.matchAll(/^LINK_PURGE_AGAIN_SECONDS = (\d+)$/gm)].map((match) =>
      Number(match[1]),
    );
    expect(purgesAgain).toHaveLength(3);
    for (const again of purgesAgain) {
      expect(again).toBeGreaterThan(kvTtl);
      expect(again + ISOLATE_CACHE_TTL_MS / 1000).toBeLessThanOrEqual(60);
    }
    expect(kvTtl + ISOLATE_CACHE_TTL_MS / 1000).toBeLessThanOrEqual(60);
  });
});

describe("cache keys", () => {
  it("cannot be reached across kinds: /r/{domainId}:{slug} on the app host is no custom-domain link", async () => {
    const { test, userId } = await newTest();
    const domainId = await insertDomain(userId, `keys-${crypto.randomUUID().slice(0, 8)}.acme-shop.io`);
    // A custom-domain link as the cache holds it.
    await env.LINKS.put(
      domainSlugKey(domainId, "summer"),
      JSON.stringify({ ...test, status: "active", winnerVariant: null }),
    );
    for (const path of [`/r/${domainId}:summer`, `/r/${domainId}%3Asummer`]) {
      const response = await open(new Client(), path, { headers: HUMAN });
      expect(response.status, path).toBe(404);
      expect(response.headers.get("location")).toBeNull();
    }
  });

  it("are distinct for every kind and input", () => {
    const piece = fc.string({ maxLength: 12 });
    fc.assert(
      fc.property(piece, piece, piece, piece, (slug, domainId, path, hostname) => {
        const keys = [slugKey(slug), domainSlugKey(domainId, path), hostKey(hostname)];
        expect(new Set(keys).size).toBe(3);
        expect(slugKey(slug).split(":")).toHaveLength(2);
        expect(domainSlugKey(domainId, path).split(":")).toHaveLength(3);
      }),
      { numRuns: 500 },
    );
    expect(slugKey(`${"d"}:summer`)).not.toBe(domainSlugKey("d", "summer"));
  });

  it("are unchanged for the slugs, ids and hostnames that exist", () => {
    expect(slugKey("abc123")).toBe("link:abc123");
    expect(domainSlugKey("0b0e-id", "summer-sale")).toBe("link:0b0e-id:summer-sale");
    expect(hostKey("go.acme-shop.io")).toBe("host:go.acme-shop.io");
  });
});

describe("a custom path on the default domain", () => {
  it("redirects /r/{path} like /r/{slug}, and both count in the test", async () => {
    const path = `spring-sale-${crypto.randomUUID().slice(0, 6)}`;
    const { test } = await newTest({ customSlug: path });
    for (const link of [`/r/${path}`, `/r/${test.slug}`, `/r/${path}/`]) {
      const response = await open(new Client(), link, { headers: HUMAN });
      expect(response.status, link).toBe(302);
      expect(new URL(response.headers.get("location") ?? "").searchParams.get("splitTestId"), link).toBe(
        test.id,
      );
    }
    await eventually(async () => (await clickRows(test.id)).length === 3);
    // Another spelling is another path.
    expect((await open(new Client(), `/r/${path.toUpperCase()}`, { headers: HUMAN })).status).toBe(404);
  });

  it("stops at once when the test is deleted, and the path is free again", async () => {
    const path = `gone-${crypto.randomUUID().slice(0, 6)}`;
    const { owner, test } = await newTest({ customSlug: path });
    expect((await owner.json("DELETE", `/api/tests/${test.id}`)).status).toBe(200);
    await eventually(async () => (await env.LINKS.get(`link:${path}`)) === null);
    expect((await open(new Client(), `/r/${path}`, { headers: HUMAN })).status).toBe(404);
    await expect(createTest(owner, { customSlug: path })).resolves.toMatchObject({ customSlug: path });
  });
});

describe("an arm's preview (?preview=B)", () => {
  async function recordedRows(testId: string) {
    const tables = ["clicks", "traffic_quality", "rule_visits", "test_stats_hourly"];
    const events = await eventsOf(testId);
    const counts = await Promise.all(
      tables.map((table) =>
        events
          .prepare(`SELECT count(*) AS n FROM ${table} WHERE split_test_id = ?`)
          .bind(testId)
          .first<{ n: number }>(),
      ),
    );
    return counts.reduce((sum, row) => sum + (row?.n ?? 0), 0);
  }

  it("answers the arm's URL, noindex, with no cookie, no tracking parameters, and nothing queued or recorded", async () => {
    const { test } = await newTest({
      variants: [
        { url: "https://shop.example/a", weight: 34 },
        { url: "https://shop.example/b?ref=1", weight: 33 },
        { url: "https://shop.example/c", weight: 33 },
      ],
      urlA: undefined,
      urlB: undefined,
    });
    const sent: unknown[] = [];
    const queue = new Proxy(env.CLICKS, {
      get(target, property) {
        if (property === "send" || property === "sendBatch")
          return (message: unknown) => {
            sent.push(message);
            return Promise.resolve();
          };
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const bindings = { ...env, CLICKS: queue };
    // Many visitors, each from their own address, preview every arm again and again.
    for (let i = 0; i < 12; i++) {
      const label = "ABC"[i % 3];
      const response = await fetchWorker(
        `/r/${test.slug}?preview=${label}&utm_source=mail&sessionId=typed&variant=A&splitTestId=${test.id}`,
        { headers: { ...HUMAN, "cf-connecting-ip": `198.51.100.${i + 1}` } },
        { bindings },
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      expect(response.headers.get("set-cookie")).toBeNull();
      const location = new URL(response.headers.get("location") ?? "");
      expect(`${location.origin}${location.pathname}`).toBe(test.variants[i % 3]?.url.split("?")[0]);
      expect(location.searchParams.get("utm_source")).toBe("mail");
      for (const name of ["preview", "sessionId", "variant", "splitTestId"])
        expect(location.searchParams.has(name), name).toBe(false);
    }
    expect(sent).toEqual([]);
    // Through the real queue as well: nothing reaches D1.
    for (const label of ["A", "B", "C"])
      await open(new Client(), `/r/${test.slug}?preview=${label}`, { headers: HUMAN });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await recordedRows(test.id)).toBe(0);
  });

  it("works on a custom domain's path, and a label the test does not have is an ordinary, counted visit", async () => {
    const { owner, userId } = await signedUpClient().then((r) => ({ owner: r.client, userId: r.userId }));
    const domain = `pv-${crypto.randomUUID().slice(0, 8)}.example.com`;
    const domainId = await insertDomain(userId, domain);
    const test = await createTest(owner, { customDomainId: domainId, customSlug: "summer" });
    const preview = await fetchWorker(`https://${domain}/summer?preview=B`, { headers: HUMAN });
    expect(preview.headers.get("location")).toBe(test.urlB);
    const ordinary = await open(new Client(), `/r/${test.slug}?preview=Z`, { headers: HUMAN });
    expect(new URL(ordinary.headers.get("location") ?? "").searchParams.get("preview")).toBe("Z");
    await eventually(async () => (await clickRows(test.id)).length === 1);
  });
});
