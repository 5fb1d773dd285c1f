import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { runArchive } from "../../worker/archive/run";
import { Client, createTest, GOOD_PASSWORD, uniqueEmail } from "./helpers";
import { click, conversion, deliver, deliverUntilSettled } from "./queue-helpers";

// The Worker as wrangler.toml deploys it: new tests go to two event shards, EVENTS_0 and EVENTS_1
// (docs/architecture.md, "Event shards"). The rest of the suite keeps new tests on the main database.
const sharded: Env = { ...env, EVENT_SHARDS: "EVENTS_0,EVENTS_1" };
const SHARDS = ["DB", "EVENTS_0", "EVENTS_1"] as const;
const database = (name: (typeof SHARDS)[number]) => env[name];

async function shardedClient() {
  const client = new Client();
  client.bindings = sharded;
  const response = await client.json("POST", "/api/auth/signup", {
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
  });
  expect(response.status).toBe(201);
  return client;
}

async function shardOf(testId: string) {
  const row = await env.DB.prepare("SELECT shard FROM split_tests WHERE id = ?")
    .bind(testId)
    .first<{ shard: string }>();
  return row?.shard;
}

/** The rows of `table` of the test in each database, by database. */
async function rowsIn(table: string, testId: string) {
  const counts: Record<string, number> = {};
  for (const name of SHARDS) {
    const row = await database(name)
      .prepare(`SELECT count(*) AS n FROM ${table} WHERE split_test_id = ?`)
      .bind(testId)
      .first<{ n: number }>();
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** Two tests of one workspace, one on each shard. */
async function testsOnBothShards() {
  const client = await shardedClient();
  const tests = [];
  for (let i = 0; i < 6; i++) tests.push(await createTest(client, { name: `Sale ${i}` }));
  const placed = await Promise.all(
    tests.map(async (test, i) => ({ ...test, name: `Sale ${i}`, shard: await shardOf(test.id) })),
  );
  const zero = placed.find((test) => test.shard === "EVENTS_0");
  const one = placed.find((test) => test.shard === "EVENTS_1");
  if (!zero || !one) throw new Error(`tests on one shard only: ${placed.map((t) => t.shard).join(", ")}`);
  return { client, zero, one, placed };
}

describe("event shards", () => {
  afterEach(async () => {
    // The refusing shard's table comes back whatever the test did.
    await env.EVENTS_1.prepare("ALTER TABLE clicks_refused RENAME TO clicks")
      .run()
      .catch(() => {});
  });

  it("places new tests on both shards, the one with fewer running tests first, each with its copy there", async () => {
    const { placed } = await testsOnBothShards();
    const shards = placed.map((test) => test.shard);
    // The fewest running tests first: six new tests split three and three over two shards that were even,
    // or fill the one behind.
    expect(new Set(shards)).toEqual(new Set(["EVENTS_0", "EVENTS_1"]));
    for (const test of placed) {
      const copy = await database(test.shard as "EVENTS_0")
        .prepare("SELECT name FROM split_tests WHERE id = ?")
        .bind(test.id)
        .first<{ name: string }>();
      expect(copy?.name).toBe(test.name);
      // No account data in a shard: the owner is a stand-in without email or password.
      const owner = await database(test.shard as "EVENTS_0")
        .prepare(
          "SELECT u.email, u.password_hash FROM users AS u JOIN split_tests AS t ON t.user_id = u.id WHERE t.id = ?",
        )
        .bind(test.id)
        .first<{ email: string; password_hash: string }>();
      expect(owner).toEqual({ email: expect.stringMatching(/@events-shard\.invalid$/), password_hash: "" });
      // Its segment visitors are compacted from its creation on, in its shard only
      // (migrations/0033_segment_compaction.sql).
      const made = await env.DB.prepare("SELECT created_at FROM split_tests WHERE id = ?")
        .bind(test.id)
        .first<{ created_at: number }>();
      expect(
        await database(test.shard as "EVENTS_0")
          .prepare("SELECT through FROM segment_compaction WHERE split_test_id = ?")
          .bind(test.id)
          .first(),
      ).toEqual({ through: made?.created_at });
      expect(await rowsIn("segment_compaction", test.id)).toEqual({
        DB: 0,
        EVENTS_0: test.shard === "EVENTS_0" ? 1 : 0,
        EVENTS_1: test.shard === "EVENTS_1" ? 1 : 0,
      });
    }
  });

  it("writes a batch mixing tests of both shards to each test's shard only, and the dashboard counts both", async () => {
    const { client, zero, one } = await testsOnBothShards();
    const clicksOf = (testId: string, n: number) => Array.from({ length: n }, () => click(testId));
    const zeroClicks = clicksOf(zero.id, 3);
    const oneClicks = clicksOf(one.id, 5);
    await deliver([...zeroClicks, ...oneClicks], 1, sharded);
    await deliver(
      [
        conversion(zero.id, zeroClicks[0]?.sessionId ?? ""),
        conversion(one.id, oneClicks[0]?.sessionId ?? ""),
      ],
      1,
      sharded,
    );

    expect(await rowsIn("clicks", zero.id)).toEqual({ DB: 0, EVENTS_0: 3, EVENTS_1: 0 });
    expect(await rowsIn("clicks", one.id)).toEqual({ DB: 0, EVENTS_0: 0, EVENTS_1: 5 });
    expect(await rowsIn("conversions", zero.id)).toEqual({ DB: 0, EVENTS_0: 1, EVENTS_1: 0 });
    expect(await rowsIn("conversions", one.id)).toEqual({ DB: 0, EVENTS_0: 0, EVENTS_1: 1 });

    // The list reads both shards at once; the test page its own.
    const list = (await (await client.fetch("/api/tests")).json()) as {
      tests: { id: string; stats: { visitorsA: number; conversionsA: number } }[];
    };
    const stats = (id: string) => list.tests.find((test) => test.id === id)?.stats;
    expect(stats(zero.id)).toMatchObject({ visitorsA: 3, conversionsA: 1 });
    expect(stats(one.id)).toMatchObject({ visitorsA: 5, conversionsA: 1 });
    const page = (await (await client.fetch(`/api/tests/${one.slug}/analytics`)).json()) as {
      analytics: { arms: { visitors: number }[] };
    };
    expect(page.analytics.arms.reduce((sum, arm) => sum + arm.visitors, 0)).toBe(5);
  });

  it("retries only the events of a shard that refuses writes, and counts every one once it takes them again", async () => {
    const { client, zero, one } = await testsOnBothShards();
    const zeroClicks = Array.from({ length: 4 }, () => click(zero.id));
    const oneClicks = Array.from({ length: 6 }, () => click(one.id));
    // The real runtime refusing: shard 1 has no clicks table for a while.
    await env.EVENTS_1.prepare("ALTER TABLE clicks RENAME TO clicks_refused").run();
    const first = await deliver([...zeroClicks, ...oneClicks], 1, sharded);
    expect(first.result.explicitAcks.sort()).toEqual(["m0", "m1", "m2", "m3"]);
    expect(first.result.retryMessages.map((m) => m.msgId).sort()).toEqual([
      "m4",
      "m5",
      "m6",
      "m7",
      "m8",
      "m9",
    ]);
    const written = await env.EVENTS_0.prepare("SELECT count(*) AS n FROM clicks WHERE split_test_id = ?")
      .bind(zero.id)
      .first<{ n: number }>();
    expect(written?.n).toBe(4);

    await env.EVENTS_1.prepare("ALTER TABLE clicks_refused RENAME TO clicks").run();
    // Redelivered as the runtime would, shard 0's events with them: ids keep them from counting twice.
    await deliverUntilSettled([...zeroClicks, ...oneClicks], sharded);
    expect(await rowsIn("clicks", zero.id)).toEqual({ DB: 0, EVENTS_0: 4, EVENTS_1: 0 });
    expect(await rowsIn("clicks", one.id)).toEqual({ DB: 0, EVENTS_0: 0, EVENTS_1: 6 });
    const list = (await (await client.fetch("/api/tests")).json()) as {
      tests: { id: string; stats: { visitorsA: number } }[];
    };
    expect(list.tests.find((test) => test.id === zero.id)?.stats.visitorsA).toBe(4);
    expect(list.tests.find((test) => test.id === one.id)?.stats.visitorsA).toBe(6);
  });

  it("exports, deletes and purges a test on shard 1 from its shard", async () => {
    const { client, one } = await testsOnBothShards();
    const clicks = Array.from({ length: 3 }, () => click(one.id));
    await deliver(clicks, 1, sharded);
    await deliver([conversion(one.id, clicks[0]?.sessionId ?? "")], 1, sharded);

    const csv = await (await client.fetch(`/api/tests/${one.id}/export/events.csv`)).text();
    const lines = csv.trim().split("\n");
    expect(lines.filter((line) => line.startsWith("click,"))).toHaveLength(3);
    expect(lines.filter((line) => line.startsWith("conversion,"))).toHaveLength(1);

    expect((await client.json("DELETE", `/api/tests/${one.id}`)).status).toBe(200);
    // Deleted, it counts nothing more in its shard.
    await deliver([click(one.id)], 1, sharded);
    expect(await rowsIn("clicks", one.id)).toMatchObject({ EVENTS_1: 3 });

    await runArchive(sharded);
    expect(await rowsIn("clicks", one.id)).toEqual({ DB: 0, EVENTS_0: 0, EVENTS_1: 0 });
    expect(await rowsIn("test_stats_hourly", one.id)).toEqual({ DB: 0, EVENTS_0: 0, EVENTS_1: 0 });
    expect(
      await env.EVENTS_1.prepare("SELECT 1 FROM split_tests WHERE id = ?").bind(one.id).first(),
    ).toBeNull();
    expect(await shardOf(one.id)).toBeUndefined();
  });
});
