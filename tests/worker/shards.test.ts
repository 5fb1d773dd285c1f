import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runArchive } from "../../worker/archive/run";
import { CRONS } from "../../worker/crons";
import { STATS_OF_TEST } from "../../worker/db/hour-stats";
import { CURSOR_KEY, repairShardCopies } from "../../worker/services/shard-copies";
import {
  Client,
  createApiKey,
  createTest,
  GOOD_PASSWORD,
  loggedEvents,
  runCron,
  uniqueEmail,
} from "./helpers";
import { click, conversion, deliver, deliverUntilSettled } from "./queue-helpers";

// The Worker as wrangler.toml deploys it: new tests go to two event shards, EVENTS_0 and EVENTS_1
// (docs/architecture.md, "Event shards"). The rest of the suite keeps new tests on the main database.
const sharded: Env = { ...env, EVENT_SHARDS: "EVENTS_0,EVENTS_1" };
const SHARDS = ["DB", "EVENTS_0", "EVENTS_1"] as const;
const database = (name: (typeof SHARDS)[number]) => env[name];

async function shardedClient() {
  const client = new Client();
  client.bindings = sharded;
  const credentials = { email: uniqueEmail(), password: GOOD_PASSWORD };
  expect((await client.json("POST", "/api/auth/signup", credentials)).status).toBe(202);
  expect((await client.json("POST", "/api/auth/login", credentials)).status).toBe(200);
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
    await env.EVENTS_1.prepare("ALTER TABLE click_packs_refused RENAME TO click_packs")
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
    // The real runtime refusing: shard 1 has no packs table for a while.
    await env.EVENTS_1.prepare("ALTER TABLE click_packs RENAME TO click_packs_refused").run();
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

    await env.EVENTS_1.prepare("ALTER TABLE click_packs_refused RENAME TO click_packs").run();
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

/** Each column of the test's row, its phases and weights, as a database holds them, for comparing copies. */
async function copyOf(db: D1Database, testId: string) {
  const [tests, phases, weights] = await db.batch<Record<string, unknown>>([
    db.prepare("SELECT * FROM split_tests WHERE id = ?1").bind(testId),
    db.prepare("SELECT * FROM test_phases WHERE split_test_id = ?1 ORDER BY phase").bind(testId),
    db.prepare("SELECT * FROM weight_history WHERE split_test_id = ?1 ORDER BY since").bind(testId),
  ]);
  const row = tests?.results[0];
  if (!row) return null;
  // A copy has no custom domain or path; the autopilot's own bookkeeping is the main database's.
  const {
    custom_domain_id: _domain,
    custom_slug: _slug,
    autopilot_checked_at: _checked,
    verdict_alerted_at: _verdict,
    srm_alerted_at: _srm,
    ...compared
  } = row;
  return { test: compared, phases: phases?.results, weights: weights?.results };
}

/** Writes the copy as it was into the shard, as if the copy after a change had failed. */
async function restoreStaleCopy(db: D1Database, stale: NonNullable<Awaited<ReturnType<typeof copyOf>>>) {
  const columns = Object.keys(stale.test).filter((column) => column !== "id");
  await db.batch([
    db
      .prepare(`UPDATE split_tests SET ${columns.map((c, i) => `${c} = ?${i + 2}`).join(", ")} WHERE id = ?1`)
      .bind(stale.test.id, ...columns.map((c) => stale.test[c] ?? null)),
    db.prepare("DELETE FROM test_phases WHERE split_test_id = ?1").bind(stale.test.id),
    ...(stale.phases ?? []).map((phase) =>
      db
        .prepare(
          "INSERT INTO test_phases (split_test_id, phase, started_at, ended_at, variants) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
        .bind(phase.split_test_id, phase.phase, phase.started_at, phase.ended_at, phase.variants),
    ),
  ]);
}

async function clicksByPhase(db: D1Database, testId: string) {
  const { results } = await db
    .prepare(`SELECT phase, sum(clicks) AS clicks FROM ${STATS_OF_TEST} GROUP BY phase ORDER BY phase`)
    .bind(testId)
    .all<{ phase: number; clicks: number }>();
  return results;
}

/** The repair cron's log lines of one run (services/shard-copies.ts). */
async function repairRun() {
  const spy = vi.spyOn(console, "warn");
  try {
    await runCron(CRONS.repairCache, sharded);
    return loggedEvents(spy).find((line) => line.event === "shard_copies_repaired") ?? null;
  } finally {
    spy.mockRestore();
  }
}

describe("the shards' copies of their tests", () => {
  afterEach(async () => {
    await env.EVENTS_0.prepare("ALTER TABLE test_phases_refused RENAME TO test_phases")
      .run()
      .catch(() => {});
    await env.EVENTS_1.prepare("ALTER TABLE test_phases_refused RENAME TO test_phases")
      .run()
      .catch(() => {});
  });

  it("ends a test whose copy failed all the same, logs it, and the repair cron stops its shard counting its clicks", async () => {
    const { client, one } = await testsOnBothShards();
    await deliver([click(one.id)], 1, sharded);
    // The shard refusing the copy's writes for a moment (the real runtime: a table it lacks).
    await env.EVENTS_1.prepare("ALTER TABLE test_phases RENAME TO test_phases_refused").run();
    const spy = vi.spyOn(console, "warn");
    const promoted = await client.json("POST", `/api/tests/${one.id}/promote`, { variant: "B" });
    const logged = loggedEvents(spy);
    spy.mockRestore();
    await env.EVENTS_1.prepare("ALTER TABLE test_phases_refused RENAME TO test_phases").run();

    // The main database is the truth: the change is made and answered as made.
    expect(promoted.status).toBe(200);
    expect(((await promoted.json()) as { test: { status: string } }).test.status).toBe("completed");
    expect(logged).toContainEqual(
      expect.objectContaining({ event: "shard_copy_failed", testId: one.id, next: "repair_by_cron" }),
    );
    // Until the cron has run, the stale copy still counts a click.
    await deliver([click(one.id)], 1, sharded);
    expect(await clicksByPhase(env.EVENTS_1, one.id)).toEqual([{ phase: 1, clicks: 2 }]);

    const repaired = await repairRun();
    expect(repaired?.repaired).toContain(one.id);
    expect(await copyOf(env.EVENTS_1, one.id)).toEqual(await copyOf(env.DB, one.id));
    await deliver([click(one.id)], 1, sharded);
    expect(await clicksByPhase(env.EVENTS_1, one.id)).toEqual([{ phase: 1, clicks: 2 }]);
  });

  it("rewrites a stale copy from the main database: a new phase counts in the new phase, and a repeat run writes nothing", async () => {
    const { client, zero, one } = await testsOnBothShards();
    await deliver([click(zero.id), click(one.id)], 1, sharded);
    const staleZero = await copyOf(env.EVENTS_0, zero.id);
    const staleOne = await copyOf(env.EVENTS_1, one.id);
    // Phase 2 of one; another currency and server-only conversions for zero.
    const phased = await client.json("PATCH", `/api/tests/${one.id}`, {
      variants: [
        { url: "https://shop.example/a", weight: 50 },
        { url: "https://shop.example/b-fixed", weight: 50 },
      ],
    });
    expect(phased.status).toBe(200);
    const changed = await client.json("PATCH", `/api/tests/${zero.id}`, {
      name: "Renamed sale",
      conversionSources: "server",
    });
    expect(changed.status).toBe(200);
    // Both copies as they were before the changes, as if both copies had failed.
    if (!staleZero || !staleOne) throw new Error("no copies");
    await restoreStaleCopy(env.EVENTS_0, staleZero);
    await restoreStaleCopy(env.EVENTS_1, staleOne);
    expect(await copyOf(env.EVENTS_1, one.id)).not.toEqual(await copyOf(env.DB, one.id));

    const repaired = await repairRun();
    expect(repaired?.repaired).toEqual(expect.arrayContaining([zero.id, one.id]));
    expect(await copyOf(env.EVENTS_0, zero.id)).toEqual(await copyOf(env.DB, zero.id));
    expect(await copyOf(env.EVENTS_1, one.id)).toEqual(await copyOf(env.DB, one.id));
    expect((await copyOf(env.EVENTS_1, one.id))?.phases).toHaveLength(1);

    // A click after the repair counts in phase 2, as the main database says; a beacon conversion of
    // zero's visitor no longer counts (server-side only).
    const after = click(zero.id);
    await deliver([click(one.id), after], 1, sharded);
    await deliver([conversion(zero.id, after.sessionId)], 1, sharded);
    expect(await clicksByPhase(env.EVENTS_1, one.id)).toEqual([
      { phase: 1, clicks: 1 },
      { phase: 2, clicks: 1 },
    ]);
    expect(await rowsIn("conversions", zero.id)).toEqual({ DB: 0, EVENTS_0: 0, EVENTS_1: 0 });

    // Nothing differs any more: a repeat run rewrites nothing.
    expect(await repairRun()).toBeNull();
  });

  it("ends the copy of a deleted test whose copy failed, and of one gone from the main database", async () => {
    const { client, zero, one } = await testsOnBothShards();
    await env.EVENTS_0.prepare("ALTER TABLE test_phases RENAME TO test_phases_refused").run();
    expect((await client.json("DELETE", `/api/tests/${zero.id}`)).status).toBe(200);
    await env.EVENTS_0.prepare("ALTER TABLE test_phases_refused RENAME TO test_phases").run();
    expect(await copyOf(env.EVENTS_0, zero.id)).toMatchObject({ test: { completed_at: null } });
    // A copy left behind by a test purged from the main database.
    await env.DB.prepare("DELETE FROM split_tests WHERE id = ?").bind(one.id).run();

    const repaired = await repairRun();
    expect(repaired).toMatchObject({ repaired: expect.arrayContaining([zero.id]), ended: [one.id] });
    expect(await copyOf(env.EVENTS_0, zero.id)).toEqual(await copyOf(env.DB, zero.id));
    await deliver([click(zero.id), click(one.id)], 1, sharded);
    expect(await rowsIn("clicks", zero.id)).toMatchObject({ EVENTS_0: 0 });
    expect(await rowsIn("clicks", one.id)).toMatchObject({ EVENTS_1: 0 });
    expect(await repairRun()).toBeNull();
  });
});

describe("server-side conversions' idempotency keys across shards", () => {
  /** POST /api/v1/conversions as the marketer's server sends it, to the Worker with two shards. */
  function convert(apiKey: string, idempotencyKey: string, body: Record<string, unknown>) {
    const server = new Client();
    server.bindings = sharded;
    return server.fetch("/api/v1/conversions", {
      method: "POST",
      headers: {
        authorization: `Bearer ${apiKey}`,
        "content-type": "application/json",
        "Idempotency-Key": idempotencyKey,
      },
      body: JSON.stringify(body),
    });
  }

  it("refuses a key used for a test on one shard when it comes again for a test on the other, counting nothing twice", async () => {
    const { client, zero, one } = await testsOnBothShards();
    const { key } = await createApiKey(client);
    const [zeroClick, oneClick] = [click(zero.id), click(one.id)];
    await deliver([zeroClick, oneClick], 1, sharded);
    const order = { amount: 20, currency: "USD" };

    const first = await convert(key, "order-1001", {
      testId: zero.id,
      sessionId: zeroClick.sessionId,
      ...order,
    });
    expect(first.status).toBe(201);
    // The same key for a test on the other shard: another request, refused as on one database.
    const reused = await convert(key, "order-1001", {
      testId: one.id,
      sessionId: oneClick.sessionId,
      ...order,
    });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe("idempotency_key_reused");
    // The same request again: the first answer, nothing more counted.
    const again = await convert(key, "order-1001", {
      testId: zero.id,
      sessionId: zeroClick.sessionId,
      ...order,
    });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.clone().json());
    expect(await rowsIn("conversions", zero.id)).toEqual({ DB: 0, EVENTS_0: 1, EVENTS_1: 0 });
    expect(await rowsIn("conversions", one.id)).toEqual({ DB: 0, EVENTS_0: 0, EVENTS_1: 0 });
    // The refusal stored nothing in the other shard: a key of its own counts there.
    const own = await convert(key, "order-1002", { testId: one.id, sessionId: oneClick.sessionId, ...order });
    expect(own.status).toBe(201);
    expect(await rowsIn("conversions", one.id)).toEqual({ DB: 0, EVENTS_0: 0, EVENTS_1: 1 });
    // And the other way round: order-1002 is now held by shard 1.
    const back = await convert(key, "order-1002", {
      testId: zero.id,
      sessionId: zeroClick.sessionId,
      ...order,
    });
    expect(back.status).toBe(422);
  });

  it("lets one of two requests racing with one key to tests on different shards count, and refuses the other", async () => {
    const { client, zero, one } = await testsOnBothShards();
    const { key } = await createApiKey(client);
    const [zeroClick, oneClick] = [click(zero.id), click(one.id)];
    await deliver([zeroClick, oneClick], 1, sharded);
    const order = { amount: 20, currency: "USD" };
    for (let round = 0; round < 5; round++) {
      const idempotencyKey = `race-${round}`;
      const answers = await Promise.all([
        convert(key, idempotencyKey, { testId: zero.id, sessionId: zeroClick.sessionId, ...order }),
        convert(key, idempotencyKey, { testId: one.id, sessionId: oneClick.sessionId, ...order }),
      ]);
      // One takes the key (201, or 200 once its visitor's conversion is counted), the other is refused.
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[1]).toBe(422);
      expect([200, 201]).toContain(statuses[0]);
      const refused = answers.find((answer) => answer.status === 422) ?? new Response("{}");
      const { error } = (await refused.json()) as { error?: { code: string } };
      expect(error?.code).toBe("idempotency_key_reused");
    }
  });

  it("moves a key to a test on the other shard once its request was refused, or pending long past", async () => {
    const { client, zero, one } = await testsOnBothShards();
    const { key } = await createApiKey(client);
    const oneClick = click(one.id);
    await deliver([oneClick], 1, sharded);
    const order = { testId: one.id, sessionId: oneClick.sessionId, amount: 20, currency: "USD" };

    // Refused (no split link gives out this session id): the key stored nothing, the other shard takes it.
    const refused = await convert(key, "order-3001", { testId: zero.id, sessionId: "not-a-session" });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unknown_session");
    expect((await convert(key, "order-3001", order)).status).toBe(201);

    // Pending (a session whose click is not recorded yet): held by shard 0 until the pending answer ends.
    const pending = await convert(key, "order-3002", { testId: zero.id, sessionId: crypto.randomUUID() });
    expect(pending.status).toBe(202);
    const other = { ...order, sessionId: click(one.id).sessionId };
    expect((await convert(key, "order-3002", other)).status).toBe(422);
    const sixMinutes = 6 * 60 * 1000;
    await env.EVENTS_0.prepare(
      "UPDATE idempotency_keys SET created_at = created_at - ?1 WHERE key = 'order-3002'",
    )
      .bind(sixMinutes)
      .run();
    await env.DB.prepare(
      "UPDATE idempotency_key_shards SET created_at = created_at - ?1 WHERE key = 'order-3002'",
    )
      .bind(sixMinutes)
      .run();
    // It counted nothing in five minutes: free again, for a test on shard 1 too.
    const taken = await convert(key, "order-3002", { ...order, sessionId: oneClick.sessionId });
    expect(taken.status).toBe(200);
  });
});

describe("the copy repair's bound per run", () => {
  it("walks a shard larger than a run's pages over several runs from where the last stopped, then forgets where", async () => {
    const { placed } = await testsOnBothShards();
    const mine = placed.filter((test) => test.shard === "EVENTS_0");
    // Every copy of this workspace on shard 0 stale: renamed in the main database behind the copies' back.
    for (const test of mine)
      await env.DB.prepare("UPDATE split_tests SET name = 'Renamed' WHERE id = ?").bind(test.id).run();
    const running = await env.EVENTS_0.prepare(
      "SELECT count(*) AS n FROM split_tests WHERE completed_at IS NULL",
    ).first<{ n: number }>();
    const limits = { page: 1, pages: 1, repairs: 20 };
    const repaired: string[] = [];
    let runs = 0;
    for (; runs < 100; runs++) {
      const run = await repairShardCopies(sharded, Date.now(), limits);
      // One page of each shard a run, never more.
      expect(run.checked).toBeLessThanOrEqual(2);
      repaired.push(...run.repaired);
      if (!(await env.LINKS.get(CURSOR_KEY))) break;
    }
    // One run per running copy of the larger shard, and the last one, finding the end, drops the cursor.
    expect(runs).toBeGreaterThanOrEqual((running?.n ?? 0) - 1);
    expect(new Set(repaired)).toEqual(new Set(mine.map((test) => test.id)));
    for (const test of mine)
      expect(await copyOf(env.EVENTS_0, test.id)).toEqual(await copyOf(env.DB, test.id));
  });
});
