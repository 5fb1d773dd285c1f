import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, TEST_MESSAGES } from "../../contract/messages";
import { CRONS } from "../../worker/crons";
import { copyTestToShard } from "../../worker/db/shards";
import {
  Client,
  clickedVisitor,
  createTest,
  errorOf,
  eventsOf,
  eventually,
  insertDomain,
  open,
  runCron,
  sendBeacon,
  signedUpClient,
} from "./helpers";
import { seedTest } from "./seed";

/** A variant without valued conversions. */
const NO_REVENUE = { orders: 0, revenue: 0, revenuePerVisitor: 0 };

const valid = { name: "Pricing page", urlA: "https://example.com/a", urlB: "https://example.com/b" };

async function createError(client: Client, body: Record<string, unknown>) {
  const response = await client.json("POST", "/api/tests", body);
  return { status: response.status, message: (await errorOf(response)).message };
}

describe("creating a test", () => {
  it("returns the test with a 6-character slug, its split link and empty stats, and caches it in KV", async () => {
    const { client, userId } = await signedUpClient();
    const response = await client.json("POST", "/api/tests", {
      ...valid,
      conversionUrl: "https://example.com/thanks",
    });
    expect(response.status).toBe(201);
    const { test } = (await response.json()) as { test: Record<string, unknown> & { slug: string } };
    expect(test.slug).toMatch(/^[a-z0-9]{6}$/);
    expect(test).toMatchObject({
      userId,
      name: "Pricing page",
      urlA: valid.urlA,
      urlB: valid.urlB,
      conversionUrl: "https://example.com/thanks",
      customDomainId: null,
      customSlug: null,
      status: "active",
      link: `https://app.splitlink.test/r/${test.slug}`,
      stats: {
        clicksA: 0,
        clicksB: 0,
        conversionsA: 0,
        conversionsB: 0,
        conversionRateA: 0,
        conversionRateB: 0,
        winner: null,
      },
    });
    expect(test.createdAt).toBeTypeOf("number");
    const cached = await eventually(() =>
      env.LINKS.get<{ variants: { url: string; weight: number }[] }>(`link:${test.slug}`, "json"),
    );
    expect(cached.variants).toEqual([
      { url: valid.urlA, weight: 50 },
      { url: valid.urlB, weight: 50 },
    ]);
  });

  it.each([
    ["a missing name", { ...valid, name: undefined }],
    ["a blank name", { ...valid, name: "   " }],
    ["a missing URL A", { ...valid, urlA: undefined }],
    ["an empty URL B", { ...valid, urlB: "" }],
    ["an empty body", {}],
  ])("refuses %s: 'Please fill in all required fields'", async (_, body) => {
    const { client } = await signedUpClient();
    expect(await createError(client, body)).toEqual({ status: 400, message: TEST_MESSAGES.requiredFields });
  });

  it.each([
    ["a relative URL", { urlA: "/landing" }],
    ["a javascript: URL", { urlA: "javascript:alert(1)" }],
    ["a data: URL", { urlB: "data:text/html,<h1>hi</h1>" }],
    ["an ftp: URL", { urlB: "ftp://example.com/file" }],
    ["words", { urlA: "not a url" }],
    ["a bad conversion URL", { conversionUrl: "thanks" }],
  ])("refuses %s: 'Please enter valid URLs'", async (_, change) => {
    const { client } = await signedUpClient();
    expect(await createError(client, { ...valid, ...change })).toEqual({
      status: 400,
      message: TEST_MESSAGES.invalidUrls,
    });
  });

  it.each(["ab", "-summer", "summer-", "sum mer", "sümmer", "a".repeat(51)])(
    "refuses the custom slug %j with the service's message",
    async (customSlug) => {
      const { client, userId } = await signedUpClient();
      const customDomainId = await insertDomain(userId, `go-${crypto.randomUUID().slice(0, 8)}.example.com`);
      expect(await createError(client, { ...valid, customDomainId, customSlug })).toEqual({
        status: 400,
        message: TEST_MESSAGES.invalidCustomSlugService,
      });
    },
  );

  it.each(["admin", "Dashboard", "API", "apple-touch-icon"])(
    "refuses the reserved slug %s",
    async (customSlug) => {
      const { client, userId } = await signedUpClient();
      const customDomainId = await insertDomain(userId, `go-${crypto.randomUUID().slice(0, 8)}.example.com`);
      expect(await createError(client, { ...valid, customDomainId, customSlug })).toEqual({
        status: 400,
        message: TEST_MESSAGES.reservedSlug,
      });
    },
  );

  it("keeps custom slugs unique per domain, not across domains", async () => {
    const { client, userId } = await signedUpClient();
    const first = await insertDomain(userId, `one-${crypto.randomUUID().slice(0, 8)}.example.com`);
    const second = await insertDomain(userId, `two-${crypto.randomUUID().slice(0, 8)}.example.com`);
    const created = await createTest(client, { customDomainId: first, customSlug: "summer" });
    expect(created.link).toMatch(/^https:\/\/one-[\w]+\.example\.com\/summer$/);
    expect(await createError(client, { ...valid, customDomainId: first, customSlug: "summer" })).toEqual({
      status: 409,
      message: TEST_MESSAGES.slugTaken,
    });
    await expect(createTest(client, { customDomainId: second, customSlug: "summer" })).resolves.toBeDefined();
  });

  it("attaches only the user's own verified, active domains", async () => {
    const { client, userId } = await signedUpClient();
    const other = await signedUpClient();
    const pending = await insertDomain(
      userId,
      `p-${crypto.randomUUID().slice(0, 8)}.example.com`,
      "pending_validation",
    );
    const someoneElses = await insertDomain(other.userId, `o-${crypto.randomUUID().slice(0, 8)}.example.com`);
    for (const customDomainId of [pending, someoneElses, "no-such-domain"]) {
      expect(await createError(client, { ...valid, customDomainId })).toEqual({
        status: 422,
        message: TEST_MESSAGES.domainNotUsable,
      });
    }
  });

  it("gives a custom path on the default domain: /r/{path}, unique among default-domain paths and auto slugs", async () => {
    const { client, userId } = await signedUpClient();
    const path = `spring-sale-${crypto.randomUUID().slice(0, 6)}`;
    const created = await createTest(client, { customSlug: path });
    expect(created).toMatchObject({ customSlug: path, customDomainId: null });
    expect(created.slug).toMatch(/^[a-z0-9]{6}$/);
    expect(created.link).toBe(`https://app.splitlink.test/r/${path}`);
    expect(await env.LINKS.get(`link:${path}`)).not.toBeNull();

    const other = await signedUpClient();
    // Taken on the default domain by anyone, and an auto slug is taken as a path too.
    for (const customSlug of [path, created.slug]) {
      expect(await createError(other.client, { ...valid, customSlug })).toEqual({
        status: 409,
        message: TEST_MESSAGES.slugTaken,
      });
    }
    // A custom domain's paths are its own.
    const domainId = await insertDomain(userId, `d-${crypto.randomUUID().slice(0, 8)}.example.com`);
    await expect(createTest(client, { customDomainId: domainId, customSlug: path })).resolves.toBeDefined();
    expect(await createError(client, { ...valid, customSlug: "Dashboard" })).toEqual({
      status: 400,
      message: TEST_MESSAGES.reservedSlug,
    });
  });

  it("never lets an auto slug take a default-domain path (the database refuses it)", async () => {
    const { client } = await signedUpClient();
    const path = `${crypto.randomUUID().slice(0, 6)}`;
    const created = await createTest(client, { customSlug: path });
    const copy = env.DB.prepare(
      `INSERT INTO split_tests (id, user_id, name, slug, variants, created_at)
       SELECT ?, user_id, name, ?, variants, created_at FROM split_tests WHERE id = ?`,
    ).bind(crypto.randomUUID(), path, created.id);
    await expect(copy.run()).rejects.toThrow(/UNIQUE constraint failed: split_tests\.slug/);
  });

  it("checks a path's availability on the default domain when no domainId is given", async () => {
    const { client } = await signedUpClient();
    const path = `check-${crypto.randomUUID().slice(0, 6)}`;
    const check = async (slug: string) =>
      (await (await client.fetch(`/api/tests/slug-availability?slug=${slug}`)).json()) as { status: string };
    expect(await check(path)).toEqual({ available: true, status: "available" });
    const created = await createTest(client, { customSlug: path });
    expect(await check(path)).toEqual({ available: false, status: "taken" });
    expect(await check(created.slug)).toEqual({ available: false, status: "taken" });
    expect(await check("admin")).toEqual({ available: false, status: "reserved" });
    expect(await check("a")).toEqual({ available: false, status: "invalid" });
  });
});

describe("a test's destinations", () => {
  it("refuses a SplitLink link as a destination, on the app's host or any custom domain, and changes nothing", async () => {
    const { client } = await signedUpClient();
    const other = await signedUpClient();
    const theirs = `go-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await insertDomain(other.userId, theirs);
    const own = await createTest(client);
    const loops = [
      { urlA: own.link, urlB: "https://shop.example/b" },
      { urlA: "https://shop.example/a", urlB: `https://www.${env.APP_HOST}/r/abcdef` },
      { urlA: "https://shop.example/a", urlB: `https://${theirs}/spring` },
    ];
    for (const urls of loops) {
      const refused = await client.json("POST", "/api/tests", { name: "Loop", ...urls });
      expect(refused.status, JSON.stringify(urls)).toBe(400);
      expect(await errorOf(refused)).toMatchObject({
        code: "invalid_input",
        message: TEST_MESSAGES.urlLoops,
      });
    }
    const redirectRule = {
      rules: [
        { conditions: [{ type: "device", value: "mobile" }], action: { type: "redirect", url: own.link } },
      ],
    };
    const changed = await client.json("PATCH", `/api/tests/${own.id}`, redirectRule);
    expect(changed.status).toBe(400);
    expect((await errorOf(changed)).message).toBe(TEST_MESSAGES.urlLoops);
    const listed = (await (await client.fetch("/api/tests")).json()) as { tests: { id: string }[] };
    expect(listed.tests.map((test) => test.id)).toEqual([own.id]);
  });

  it("refuses a host without a dot with the specification's message, and takes localhost", async () => {
    const { client } = await signedUpClient();
    const typo = await client.json("POST", "/api/tests", {
      name: "Typo",
      urlA: "https://shopco/a",
      urlB: "https://shop.example/b",
    });
    expect(typo.status).toBe(400);
    expect((await errorOf(typo)).message).toBe(TEST_MESSAGES.invalidUrls);
    const local = await client.json("POST", "/api/tests", {
      name: "Local",
      urlA: "http://localhost:3000/a",
      urlB: "http://shop.localhost:3000/b",
    });
    expect(local.status).toBe(201);
  });
});

describe("test ids", () => {
  it("are 10 characters for a new test; a test made before with a UUID keeps its link, clicks and results", async () => {
    const { client } = await signedUpClient();
    const created = await createTest(client, { name: "New" });
    expect(created.id).toMatch(/^[A-Za-z0-9]{10}$/);

    // The same test as one made before short ids: its row under a UUID and another slug.
    const row = await env.DB.prepare("SELECT * FROM split_tests WHERE id = ?").bind(created.id).first();
    const old = {
      ...row,
      id: crypto.randomUUID(),
      slug: `old${crypto.randomUUID().slice(0, 6)}`,
      name: "Old",
      created_at: Number(row?.created_at) - 60_000,
    };
    const columns = Object.keys(old);
    await env.DB.prepare(
      `INSERT INTO split_tests (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    )
      .bind(...Object.values(old))
      .run();
    await copyTestToShard(env, old.id, { created: true });

    for (const test of [created, old]) {
      const { sessionId, variant } = await clickedVisitor(test);
      expect((await sendBeacon({ splitTestId: test.id, sessionId, variant })).status).toBe(202);
    }
    const stats = async () => {
      const { tests } = (await (await client.fetch("/api/tests")).json()) as {
        tests: {
          name: string;
          stats: { clicksA: number; clicksB: number; conversionsA: number; conversionsB: number };
        }[];
      };
      return tests.map(({ name, stats: s }) => [
        name,
        s.clicksA + s.clicksB,
        s.conversionsA + s.conversionsB,
      ]);
    };
    await eventually(
      async () =>
        JSON.stringify(await stats()) ===
        JSON.stringify([
          ["New", 1, 1],
          ["Old", 1, 1],
        ]),
    );
    expect((await client.fetch(`/api/tests/${old.slug}`)).status).toBe(200);
  });
});

describe("listing tests", () => {
  it("lists only the user's tests, newest first, each with its stats from the hourly rollup", async () => {
    const { client } = await signedUpClient();
    const other = await signedUpClient();
    const older = await createTest(client, { name: "Older" });
    const newer = await createTest(client, { name: "Newer" });
    await createTest(other.client, { name: "Not mine" });

    // Stats come from test_stats_hourly alone: rows there without any raw clicks still count.
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await (await eventsOf(older.id))
      .prepare(
        "INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions) VALUES (?, ?, 'A', 40, 40, 4), (?, ?, 'B', 50, 50, 10), (?, ?, 'B', 10, 10, 0)",
      )
      .bind(older.id, hour, older.id, hour, older.id, hour - 3_600_000)
      .run();

    const response = await client.fetch("/api/tests");
    expect(response.status).toBe(200);
    const { tests } = (await response.json()) as { tests: { name: string; stats: unknown }[] };
    expect(tests.map((t) => t.name)).toEqual(["Newer", "Older"]);
    expect(tests[1]?.stats).toEqual({
      clicksA: 40,
      clicksB: 60,
      conversionsA: 4,
      conversionsB: 10,
      conversionRateA: 10,
      conversionRateB: (10 / 60) * 100,
      winner: "B",
      visitorsA: 40,
      visitorsB: 60,
      confidence: expect.any(Number),
      decided: null,
      verdict: { status: "collecting" },
      arms: [
        { label: "A", clicks: 40, visitors: 40, conversions: 4, conversionRate: 10, ...NO_REVENUE },
        {
          label: "B",
          clicks: 60,
          visitors: 60,
          conversions: 10,
          conversionRate: (10 / 60) * 100,
          ...NO_REVENUE,
        },
      ],
    });
    expect(tests[0]?.stats).toMatchObject({ clicksA: 0, clicksB: 0, winner: null });
    expect(newer.slug).not.toBe(older.slug);
  });
  it("lists a user's 150 tests with their stats (more tests than D1 binds parameters)", async () => {
    const user = await signedUpClient();
    const { client } = user;
    // Seeded: 150 creates over HTTP would pass the write limit of 120 a minute (quotas.test.ts).
    const created = [];
    for (let i = 0; i < 150; i += 25)
      created.push(
        ...(await Promise.all(
          Array.from({ length: 25 }, (_, j) => seedTest(user, { name: `Test ${i + j}` })),
        )),
      );
    const first = created[0];
    if (!first) throw new Error("no test created");
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await (await eventsOf(first.id))
      .prepare(
        "INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions) VALUES (?, ?, 'A', 7, 7, 1)",
      )
      .bind(first.id, hour)
      .run();

    const response = await client.fetch("/api/tests");
    expect(response.status).toBe(200);
    const { tests } = (await response.json()) as { tests: { id: string; stats: { clicksA: number } }[] };
    expect(tests).toHaveLength(150);
    expect(tests.find((t) => t.id === first.id)?.stats.clicksA).toBe(7);
  });
});

describe("reading one test", () => {
  it("finds the user's test by slug and calls another user's test not found", async () => {
    const owner = await signedUpClient();
    const stranger = await signedUpClient();
    const test = await createTest(owner.client);

    const mine = await owner.client.fetch(`/api/tests/${test.slug}`);
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { test: { id: string } }).test.id).toBe(test.id);

    const theirs = await stranger.client.fetch(`/api/tests/${test.slug}`);
    expect(theirs.status).toBe(404);
    expect((await errorOf(theirs)).message).toBe("Test not found");
  });
});

describe("deleting a test", () => {
  it("refuses another user's test and leaves it untouched", async () => {
    const owner = await signedUpClient();
    const stranger = await signedUpClient();
    const test = await createTest(owner.client);
    const response = await stranger.client.json("DELETE", `/api/tests/${test.id}`);
    expect(response.status).toBe(404);
    expect((await owner.client.fetch(`/api/tests/${test.slug}`)).status).toBe(200);
  });

  it("takes the test away at once, and the archive cron then purges its clicks, conversions and rollups", async () => {
    const { client } = await signedUpClient();
    const test = await createTest(client);
    await eventually(() => env.LINKS.get(`link:${test.slug}`));
    const now = Date.now();
    // Its events are in its shard (worker/db/shards.ts), its row in the main database.
    const events = await eventsOf(test.id);
    await events.batch([
      events
        .prepare(
          "INSERT INTO clicks (id, split_test_id, variant, session, is_bot, timestamp) VALUES (?, ?, 'A', CAST('s1' AS BLOB), 0, ?)",
        )
        .bind(crypto.randomUUID(), test.id, now),
      events
        .prepare(
          "INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp) VALUES (?, ?, 'A', 's1', ?)",
        )
        .bind(crypto.randomUUID(), test.id, now),
      // Their rollup, as the queue consumer counts it with them.
      events
        .prepare(
          "INSERT INTO test_stats_hourly (split_test_id, hour, variant, clicks, visitors, conversions) VALUES (?, ?, 'A', 1, 1, 1)",
        )
        .bind(test.id, now - (now % 3_600_000)),
    ]);

    const response = await client.json("DELETE", `/api/tests/${test.id}`);
    expect(response.status).toBe(200);
    expect((await client.fetch(`/api/tests/${test.id}`)).status).toBe(404);
    const list = (await (await client.fetch("/api/tests")).json()) as { tests: { id: string }[] };
    expect(list.tests.map((t) => t.id)).not.toContain(test.id);
    await eventually(async () => (await env.LINKS.get(`link:${test.slug}`)) === null);
    // With the KV key gone the redirect asks D1, where the test is still a row until the purge.
    expect((await open(new Client(), `/r/${test.slug}`)).status).toBe(404);

    const rows = async (table: string) =>
      (
        await (table === "split_tests" ? env.DB : events)
          .prepare(
            `SELECT count(*) AS n FROM ${table} WHERE ${table === "split_tests" ? "id" : "split_test_id"} = ?`,
          )
          .bind(test.id)
          .first<{ n: number }>()
      )?.n;
    await runCron(CRONS.archive);
    for (const table of ["clicks", "conversions", "test_stats_hourly", "split_tests"])
      expect(await rows(table), table).toBe(0);
    // The shard's copy of the row went too.
    expect(await events.prepare("SELECT 1 FROM split_tests WHERE id = ?").bind(test.id).first()).toBeNull();
  });
});

describe("custom slug availability", () => {
  it("says available, taken, invalid or reserved for the user's own domain", async () => {
    const { client, userId } = await signedUpClient();
    const domainId = await insertDomain(userId, `av-${crypto.randomUUID().slice(0, 8)}.example.com`);
    await createTest(client, { customDomainId: domainId, customSlug: "launch" });
    const check = async (slug: string) => {
      const response = await client.fetch(
        `/api/tests/slug-availability?slug=${encodeURIComponent(slug)}&domainId=${domainId}`,
      );
      expect(response.status).toBe(200);
      return response.json();
    };
    expect(await check("spring")).toEqual({ available: true, status: "available" });
    expect(await check("launch")).toEqual({ available: false, status: "taken" });
    expect(await check("no way")).toEqual({ available: false, status: "invalid" });
    expect(await check("Login")).toEqual({ available: false, status: "reserved" });
  });

  it("does not reveal anything about another user's domain", async () => {
    const { client } = await signedUpClient();
    const other = await signedUpClient();
    const domainId = await insertDomain(other.userId, `x-${crypto.randomUUID().slice(0, 8)}.example.com`);
    const response = await client.fetch(`/api/tests/slug-availability?slug=spring&domainId=${domainId}`);
    expect(response.status).toBe(404);
  });
});

describe("every test route is for signed-in users only", () => {
  it.each([
    ["GET", "/api/tests"],
    ["POST", "/api/tests"],
    ["GET", "/api/tests/abcdef"],
    ["DELETE", "/api/tests/some-id"],
    ["GET", "/api/tests/slug-availability?slug=a&domainId=b"],
  ])("%s %s refuses anonymous callers", async (method, path) => {
    const response = await new Client().json(method, path, method === "POST" ? valid : undefined);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toBe(AUTH_MESSAGES.sessionMissing);
  });
});
