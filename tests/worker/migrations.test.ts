import { applyD1Migrations } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { segmentCounts } from "../../worker/db/segments";
import type { ClickEvent } from "../../worker/queue/events";
import { writeClicks, writeConversions } from "../../worker/queue/record";
import { writeRuleVisits } from "../../worker/queue/rule-visits";
import { between, db, emptyDatabase, from, rows, upTo } from "./migration-db";

// A migration on a database that holds data, as a deployed one does: migrated up to the one before,
// filled with tests and events (the rollup triggers of that schema count them), migrated, compared.

const HOUR = 3_600_000;

// A session id in the form the redirect gives out (a click keeps its 16 bytes: 0036_click_bytes).
const sid = (n: number) => `${String(n).padStart(8, "0")}-0000-4000-8000-000000000000`;

describe("0006_variants: two-URL tests become variants A and B", () => {
  it("keeps every test, click, conversion and rollup count, and the winner", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0006"));
    await db.batch([
      db.prepare(
        "INSERT INTO users (id, email, password_hash, created_at) VALUES ('u1', 'm@example.com', 'x', 1)",
      ),
      db.prepare(
        `INSERT INTO split_tests (id, user_id, name, slug, url_a, url_b, created_at, status, winner_variant, completed_at)
         VALUES ('t1', 'u1', 'Pricing', 'abc123', 'https://a.example/p', 'https://b.example/p?x=1', 1, 'completed', 'B', ${10 * HOUR}),
                ('t2', 'u1', 'Signup', 'def456', 'https://a.example/s', 'https://b.example/s', 2, 'active', NULL, NULL)`,
      ),
    ]);
    // 40 clicks over 4 hours (some sessions twice, a few bots) and 9 conversions: the triggers of 0001 count them.
    const clicks = Array.from({ length: 40 }, (_, i) =>
      db
        .prepare(
          "INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(
          `c${i}`,
          i % 3 === 0 ? "t2" : "t1",
          i % 2 ? "B" : "A",
          `s${i % 25}`,
          i % 11 === 0 ? 1 : 0,
          (i % 4) * HOUR + i,
        ),
    );
    const conversions = Array.from({ length: 9 }, (_, i) =>
      db
        .prepare(
          "INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(`v${i}`, i % 3 === 0 ? "t2" : "t1", i % 2 ? "B" : "A", `s${i}`, 5 * HOUR + i),
    );
    await db.batch([...clicks, ...conversions]);
    const rollup =
      "SELECT split_test_id, hour, variant, clicks, visitors, conversions FROM test_stats_hourly ORDER BY 1, 2, 3";
    const events = `SELECT 'click' AS kind, id, split_test_id, variant, session_id, is_bot, timestamp FROM clicks
      UNION ALL SELECT 'conversion', id, split_test_id, variant, session_id, 0, timestamp FROM conversions ORDER BY 1, 2`;
    const rollupBefore = await rows(rollup);
    const eventsBefore = await rows(events);
    expect(rollupBefore.length).toBeGreaterThan(8);

    await applyD1Migrations(db, between("0006", "0026"));

    expect(await rows(rollup)).toEqual(rollupBefore);
    expect(await rows(events)).toEqual(eventsBefore);
    const tests = await rows<{ id: string; variants: string; winner_variant: string | null; status: string }>(
      "SELECT id, variants, winner_variant, status FROM split_tests ORDER BY id",
    );
    expect(tests.map((test) => ({ ...test, variants: JSON.parse(test.variants) }))).toEqual([
      {
        id: "t1",
        variants: [
          { url: "https://a.example/p", weight: 50 },
          { url: "https://b.example/p?x=1", weight: 50 },
        ],
        winner_variant: "B",
        status: "completed",
      },
      {
        id: "t2",
        variants: [
          { url: "https://a.example/s", weight: 50 },
          { url: "https://b.example/s", weight: 50 },
        ],
        winner_variant: null,
        status: "active",
      },
    ]);

    // The rollup triggers still count, now for any label from A to H, and deleting a test still
    // deletes its events and rollup (the foreign keys survived the rebuild).
    await db
      .prepare(
        "INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp) VALUES ('c99', 't2', 'C', 'new', 0, ?)",
      )
      .bind(7 * HOUR)
      .run();
    expect(await rows("SELECT variant, clicks, visitors FROM test_stats_hourly WHERE variant = 'C'")).toEqual(
      [{ variant: "C", clicks: 1, visitors: 1 }],
    );
    await expect(
      db
        .prepare(
          "INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp) VALUES ('c100', 't2', 'I', 'x', 0, 1)",
        )
        .run(),
    ).rejects.toThrow(/CHECK constraint/);
    await db.prepare("DELETE FROM split_tests WHERE id = 't1'").run();
    expect(
      await rows(
        "SELECT DISTINCT split_test_id FROM clicks UNION SELECT DISTINCT split_test_id FROM test_stats_hourly",
      ),
    ).toEqual([{ split_test_id: "t2" }]);
  });
});

/** User u1 with test t1 (variants A and B), in the schema since 0006_variants. */
function userWithTest(): D1PreparedStatement[] {
  return [
    db.prepare(
      "INSERT INTO users (id, email, password_hash, created_at) VALUES ('u1', 'm@example.com', 'x', 1)",
    ),
    db.prepare(
      `INSERT INTO split_tests (id, user_id, name, slug, variants, created_at)
       VALUES ('t1', 'u1', 'Pricing', 'abc123', '[{"url":"https://a.example","weight":50},{"url":"https://b.example","weight":50}]', 1)`,
    ),
  ];
}

describe("0011_revenue: values on conversions", () => {
  it("keeps every test and count, starts without revenue, and counts a valued conversion", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0011"));
    await db.batch([
      ...userWithTest(),
      db.prepare(
        "INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp) VALUES ('c1', 't1', 'A', 's1', 0, 10), ('c2', 't1', 'B', 's2', 0, 11)",
      ),
      db.prepare(
        "INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp) VALUES ('v1', 't1', 'A', 's1', 12)",
      ),
    ]);
    const rollup = "SELECT variant, clicks, visitors, conversions FROM test_stats_hourly ORDER BY variant";
    const before = await rows(rollup);

    // Until 0016, the first valued conversion gave a test its currency.
    await applyD1Migrations(db, between("0011", "0016"));

    expect(await rows(rollup)).toEqual(before);
    expect(await rows("SELECT primary_metric, currency FROM split_tests")).toEqual([
      { primary_metric: "conversion_rate", currency: null },
    ]);
    expect(
      await rows("SELECT variant, orders, revenue, revenue_squares FROM test_stats_hourly ORDER BY variant"),
    ).toEqual([
      { variant: "A", orders: 0, revenue: 0, revenue_squares: 0 },
      { variant: "B", orders: 0, revenue: 0, revenue_squares: 0 },
    ]);
    await db
      .prepare(
        "INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp, amount, currency) VALUES ('v2', 't1', 'B', 's2', 13, 2500, 'EUR')",
      )
      .run();
    expect(
      await rows("SELECT orders, revenue, revenue_squares FROM test_stats_hourly WHERE variant = 'B'"),
    ).toEqual([{ orders: 1, revenue: 2500, revenue_squares: 6_250_000 }]);
    expect(await rows("SELECT currency FROM split_tests")).toEqual([{ currency: "EUR" }]);
    await expect(
      db
        .prepare(
          "INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp, amount) VALUES ('v3', 't1', 'A', 's3', 14, 100)",
        )
        .run(),
    ).rejects.toThrow(/CHECK constraint/);
  });
});

describe("0015_rule_visit_counts: the rules' rollup", () => {
  it("counts the rule visits already recorded, and every new one once", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0015"));
    await db.batch([
      ...userWithTest(),
      db.prepare(
        `INSERT INTO rule_visits (id, split_test_id, rule, url, timestamp)
         VALUES ('r1', 't1', 0, 'https://app.example', 10), ('r2', 't1', 0, 'https://app.example', 11),
                ('r3', 't1', NULL, 'https://else.example', 12), ('r4', 't1', 1, 'https://de.example', 13)`,
      ),
    ]);

    await applyD1Migrations(db, between("0015", "0026"));

    const counts = "SELECT rule, url, visits FROM rule_visit_counts ORDER BY rule";
    expect(await rows(counts)).toEqual([
      { rule: -1, url: "https://else.example", visits: 1 },
      { rule: 0, url: "https://app.example", visits: 2 },
      { rule: 1, url: "https://de.example", visits: 1 },
    ]);
    await db
      .prepare(
        `INSERT OR IGNORE INTO rule_visits (id, split_test_id, rule, url, timestamp)
         VALUES ('r5', 't1', 0, 'https://app.example', 14), ('r1', 't1', 0, 'https://app.example', 10)`,
      )
      .run();
    expect((await rows<{ visits: number }>(counts))[1]?.visits).toBe(3);
  });
});

describe("0016_trust: the owner's currency, counted sessions per address, what was not counted", () => {
  it("keeps the counts, counts earlier bots and bursts, and lets no conversion set or lose the currency", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0016"));
    await db.batch([
      ...userWithTest(),
      db.prepare(
        `INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp, source)
         VALUES ('c1', 't1', 'A', 's1', 0, 10, 'addr'), ('c2', 't1', 'B', 's2', 0, 11, NULL),
                ('c3', 't1', 'A', 's3', 1, 12, NULL), ('c4', 't1', 'B', 's4', 2, 13, 'addr'),
                ('c5', 't1', 'B', 's5', 2, 14, 'addr')`,
      ),
      db.prepare(
        "INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp, amount, currency) VALUES ('v1', 't1', 'A', 's1', 15, 1000, 'EUR')",
      ),
    ]);
    const rollup =
      "SELECT variant, clicks, visitors, conversions, orders, revenue FROM test_stats_hourly ORDER BY variant";
    const before = await rows(rollup);

    await applyD1Migrations(db, between("0016", "0026"));

    expect(await rows(rollup)).toEqual(before);
    expect(await rows("SELECT reason, events FROM traffic_quality ORDER BY reason")).toEqual([
      { reason: "bot", events: 1 },
      { reason: "burst", events: 2 },
    ]);
    expect(await rows("SELECT currency, conversion_sources, bucket_secret FROM split_tests")).toEqual([
      { currency: "EUR", conversion_sources: "all", bucket_secret: null },
    ]);
    // Another currency: a conversion, its value kept on the row and left out of the revenue.
    await db.batch([
      db.prepare(
        "INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp, source) VALUES ('c6', 't1', 'B', 's6', 0, 16, 'addr')",
      ),
      db.prepare(
        "INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp, amount, currency) VALUES ('v2', 't1', 'B', 's6', 17, 500, 'JPY')",
      ),
    ]);
    expect(await rows("SELECT currency FROM split_tests")).toEqual([{ currency: "EUR" }]);
    expect(await rows("SELECT amount, currency, source FROM conversions WHERE id = 'v2'")).toEqual([
      { amount: 500, currency: "JPY", source: "beacon" },
    ]);
    expect(
      await rows("SELECT conversions, orders, revenue FROM test_stats_hourly WHERE variant = 'B'"),
    ).toEqual([{ conversions: 1, orders: 0, revenue: 0 }]);
    // A counted click from an address takes its session's place for the hour, once.
    expect(await rows("SELECT source, hour, session_id FROM address_sessions")).toEqual([
      { source: "addr", hour: 0, session_id: "s6" },
    ]);
  });
});

describe("0018_phases: the rollup keyed by phase", () => {
  it("keeps every count as phase 1, and counts later events in their phase, visitors once per phase", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0018"));
    await db.batch([
      ...userWithTest(),
      db.prepare("UPDATE split_tests SET currency = 'EUR'"),
      db.prepare(
        `INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp)
         VALUES ('c1', 't1', 'A', 's1', 0, 10), ('c2', 't1', 'B', 's2', 0, ${HOUR + 1}),
                ('c3', 't1', 'A', 's1', 0, 12), ('c4', 't1', 'B', 's4', 1, 13)`,
      ),
      db.prepare(
        "INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp, amount, currency) VALUES ('v1', 't1', 'A', 's1', 15, 1000, 'EUR')",
      ),
    ]);
    const rollup =
      "SELECT split_test_id, hour, variant, clicks, visitors, conversions, orders, revenue, revenue_squares FROM test_stats_hourly ORDER BY hour, variant";
    const before = await rows(rollup);
    expect(before.length).toBe(2);

    await applyD1Migrations(db, between("0018", "0026"));

    expect(await rows(rollup)).toEqual(before);
    expect(await rows("SELECT DISTINCT phase FROM test_stats_hourly")).toEqual([{ phase: 1 }]);
    expect(await rows("SELECT phase, phase_started_at FROM split_tests")).toEqual([
      { phase: 1, phase_started_at: null },
    ]);
    // Phase 2 in the same hour: s1 comes back (a visitor of phase 2 too) and buys again in phase 2's row.
    await db.batch([
      db.prepare("UPDATE split_tests SET phase = 2, phase_started_at = 20"),
      db.prepare(
        "INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp, phase) VALUES ('c5', 't1', 'A', 's1', 0, 21, 2), ('c6', 't1', 'A', 's1', 0, 22, 2)",
      ),
      db.prepare(
        "INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp, amount, currency, phase) VALUES ('v2', 't1', 'A', 's9', 23, 500, 'EUR', 2)",
      ),
    ]);
    expect(
      await rows(
        "SELECT phase, hour, variant, clicks, visitors, conversions, revenue FROM test_stats_hourly ORDER BY phase, hour, variant",
      ),
    ).toEqual([
      { phase: 1, hour: 0, variant: "A", clicks: 2, visitors: 1, conversions: 1, revenue: 1000 },
      { phase: 1, hour: HOUR, variant: "B", clicks: 1, visitors: 1, conversions: 0, revenue: 0 },
      { phase: 2, hour: 0, variant: "A", clicks: 2, visitors: 1, conversions: 1, revenue: 500 },
    ]);
  });
});

describe("0026_batch_rollups: the consumer counts the rollups once per batch", () => {
  it("keeps every count and counted session, drops the triggers, and the batch write counts on", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0026"));
    const now = Date.now();
    const hour = now - (now % HOUR);
    await db.batch([
      ...userWithTest(),
      db.prepare(
        `INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp, source, device)
         VALUES ('c1', 't1', 'A', '${sid(1)}', 0, ${hour}, 'addr', 'mobile'), ('c2', 't1', 'B', '${sid(2)}', 0, ${hour + 1}, NULL, NULL),
                ('c3', 't1', 'A', '${sid(3)}', 1, ${hour + 2}, NULL, NULL), ('c4', 't1', 'A', '${sid(1)}', 0, ${hour + 3}, NULL, NULL)`,
      ),
      db.prepare(
        `INSERT INTO rule_visits (id, split_test_id, rule, url, timestamp) VALUES ('r1', 't1', 0, 'https://app.example', ${hour})`,
      ),
    ]);
    const rollups = `SELECT 'hourly' AS kind, variant || ':' || clicks || ':' || visitors AS n FROM test_stats_hourly
      UNION ALL SELECT 'segment', variant || ':' || dimension || ':' || value || ':' || visitors FROM test_segments
      UNION ALL SELECT 'quality', reason || ':' || events FROM traffic_quality
      UNION ALL SELECT 'rules', rule || ':' || visits FROM rule_visit_counts ORDER BY 1, 2`;
    const addresses = "SELECT source, hour, session_id FROM address_sessions ORDER BY 1, 2, 3";
    const before = await rows(rollups);
    const addressesBefore = await rows(addresses);
    expect(before).toContainEqual({ kind: "hourly", n: "A:2:1" });
    expect(addressesBefore).toEqual([{ source: "addr", hour, session_id: sid(1) }]);

    await applyD1Migrations(db, between("0026", "0029"));

    expect(await rows(rollups)).toEqual(before);
    expect(await rows(addresses)).toEqual(addressesBefore);
    expect(
      await rows(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('clicks', 'rule_visits')",
      ),
    ).toEqual([]);
    await applyD1Migrations(db, from("0029"));
    // The batch write of today's schema (0029 keys the clicks and drops address_sessions) counts what the triggers did: s1 again is no new visitor, s5 is, the bot is
    // counted as a bot, and a second delivery of the same batch counts nothing.
    const click = (id: string, session: string, overrides: Partial<ClickEvent> = {}): ClickEvent => ({
      type: "click",
      id,
      testId: "t1",
      variant: "A",
      sessionId: session,
      isBot: false,
      timestamp: hour + 10,
      ...overrides,
    });
    const batch = [
      click("c5", sid(1)),
      click("c6", sid(5), { source: "addr", device: "mobile" }),
      click("c7", sid(6), { isBot: true }),
    ];
    for (let delivery = 0; delivery < 2; delivery++) {
      await writeClicks(db, batch);
      await writeRuleVisits(db, [
        { type: "rule", id: "r2", testId: "t1", rule: 0, url: "https://app.example", timestamp: hour + 10 },
      ]);
    }
    const after = await rows<{ kind: string; n: string }>(rollups);
    expect(after.filter((r) => r.kind !== "segment")).toEqual([
      { kind: "hourly", n: "A:4:2" },
      { kind: "hourly", n: "B:1:1" },
      { kind: "quality", n: "bot:2" },
      { kind: "rules", n: "0:2" },
    ]);
    expect(after).toContainEqual({ kind: "segment", n: "A:device:mobile:2" });
  });
});

describe("0030_event_shards: each test names the database of its events", () => {
  it("keeps every test on the main database with its events where they are", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0030"));
    await db.batch([
      ...userWithTest(),
      db.prepare(
        "INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp) VALUES ('c1', 't1', 'A', 's1', 0, 10)",
      ),
    ]);

    await applyD1Migrations(db, from("0030"));

    expect(await rows("SELECT id, shard FROM split_tests")).toEqual([{ id: "t1", shard: "DB" }]);
    expect(await rows("SELECT id FROM clicks WHERE split_test_id = 't1'")).toEqual([{ id: "c1" }]);
  });
});

describe("0033_segment_compaction: a test made before it keeps its segments counted per batch", () => {
  it("gives no earlier test a compaction, keeps its breakdown counts, and counts its new visitors at once", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0033"));
    const now = Date.now();
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    // A visitor the consumer of 0032 counted: its click and its four segment rows.
    await db.batch([
      ...userWithTest(),
      db.prepare(
        `INSERT INTO clicks (id, split_test_id, variant, session_id, is_bot, timestamp, device, country)
         VALUES ('c1', 't1', 'A', '${first}', 0, ${now - 10_000}, 'mobile', 'DE')`,
      ),
      db.prepare(
        `INSERT INTO test_segments (split_test_id, variant, dimension, value, visitors)
         VALUES ('t1', 'A', 'device', 'mobile', 1), ('t1', 'A', 'os', '', 1), ('t1', 'A', 'country', 'DE', 1),
                ('t1', 'A', 'referrer', '', 1)`,
      ),
    ]);
    // What the breakdowns read before 0033: the rollup's rows.
    const before = await rows(
      "SELECT variant, dimension, value, visitors, conversions FROM test_segments ORDER BY 1, 2, 3",
    );

    await applyD1Migrations(db, from("0033"));

    expect(await rows("SELECT * FROM segment_compaction")).toEqual([]);
    expect(await rows("SELECT first_of_session FROM clicks")).toEqual([{ first_of_session: 0 }]);
    expect(
      (await segmentCounts(db, "t1")).sort((a, b) =>
        `${a.dimension}:${a.value}` < `${b.dimension}:${b.value}` ? -1 : 1,
      ),
    ).toEqual(before);
    // A new visitor, delivered twice, and the first one's conversion: in test_segments at once.
    const visitor: ClickEvent = {
      type: "click",
      id: "c2",
      testId: "t1",
      variant: "B",
      sessionId: second,
      isBot: false,
      timestamp: now,
      device: "desktop",
    };
    await writeClicks(db, [visitor]);
    await writeClicks(db, [visitor]);
    await writeConversions(
      db,
      [{ type: "conversion", id: "v1", testId: "t1", sessionId: first, timestamp: now }],
      30 * 24 * HOUR,
    );
    const device =
      "SELECT variant, value, visitors, conversions FROM test_segments WHERE dimension = 'device' ORDER BY 1";
    expect(await rows(device)).toEqual([
      { variant: "A", value: "mobile", visitors: 1, conversions: 1 },
      { variant: "B", value: "desktop", visitors: 1, conversions: 0 },
    ]);
    expect((await segmentCounts(db, "t1")).filter((row) => row.dimension === "device")).toEqual(
      (await rows<Record<string, unknown>>(device)).map((row) => ({ ...row, dimension: "device" })),
    );
  });
});
