import { applyD1Migrations } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../bench/workerd/sequential-simulation";
import { eventPage } from "../../worker/archive/rows";
import { db, emptyDatabase, from, marketerWithTests, rows, upTo } from "./migration-db";

// 0059_conversions_one_row on a database that holds conversions of every kind (beacons with and without
// the click's address, the server's, valued in the test's currency and in another, two phases): each
// reads back as it was, the export pages through the same events, and a conversion written costs D1 four
// rows where it cost five. The move of 1.3 million in steps is timed in bench/workerd/migration.bench.test.ts.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const COLUMNS = "id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase";
const INSERT = `INSERT OR IGNORE INTO conversions (${COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`;

interface Conversion {
  id: string;
  split_test_id: string;
  variant: string;
  session_id: string;
  timestamp: number;
  amount: number | null;
  currency: string | null;
  source: "beacon" | "server";
  address: string | null;
  phase: number;
}

const inserted = (c: Conversion) =>
  db
    .prepare(INSERT)
    .bind(
      c.id,
      c.split_test_id,
      c.variant,
      c.session_id,
      c.timestamp,
      c.amount,
      c.currency,
      c.source,
      c.address,
      c.phase,
    );

describe("0059_conversions_one_row: a conversion written as its row and its indexes' entries", () => {
  it("keeps every conversion as it was, its uniqueness and its value's trigger, and writes four rows, not five", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0059"));
    await db.batch(
      marketerWithTests([
        { id: "t1", name: "Pricing", slug: "abc123", currency: "EUR" },
        { id: "t2", name: "Signup", slug: "def456", currency: null },
      ]),
    );
    const next = mulberry32(59);
    const now = Date.now();
    const conversions: Conversion[] = Array.from({ length: 600 }, (_, i) => {
      const server = next() < 0.3;
      const valued = next() < 0.5;
      return {
        id: `c${String(i).padStart(4, "0")}${Math.floor(next() * 1e6)}`,
        split_test_id: i % 3 === 0 ? "t2" : "t1",
        variant: i % 2 ? "B" : "A",
        session_id: crypto.randomUUID(),
        timestamp: now - Math.floor(next() * 29 * DAY),
        amount: valued ? Math.floor(next() * 10_000) : null,
        currency: valued ? (next() < 0.8 ? "EUR" : "USD") : null,
        source: server ? "server" : "beacon",
        address: server || next() < 0.1 ? null : `ad${String(i % 50).padStart(6, "0")}`,
        phase: next() < 0.3 ? 2 : 1,
      };
    });
    await db.batch(conversions.map(inserted));
    // One valued conversion's hour in the rollup, for the trigger that keeps its revenue.
    const valued = conversions.find((c) => c.split_test_id === "t1" && c.currency === "EUR") as Conversion;
    const valuedHour = valued.timestamp - (valued.timestamp % HOUR);
    await db
      .prepare(
        `INSERT INTO test_stats_hourly (split_test_id, phase, hour, variant, conversions, orders, revenue, revenue_squares)
         VALUES ('t1', ?1, ?2, ?3, 1, 1, ?4, ?4 * ?4)`,
      )
      .bind(valued.phase, valuedHour, valued.variant, valued.amount)
      .run();
    const read = () => rows<Conversion>(`SELECT ${COLUMNS} FROM conversions ORDER BY id`);
    const exported = async (test: string) =>
      (await eventPage(db, test, { after: null, before: now + DAY, limit: 1_000 })).filter(
        (event) => event.kind === "conversion",
      );
    const before = await read();
    const exportedBefore = [await exported("t1"), await exported("t2")];
    expect(before).toHaveLength(600);
    expect(exportedBefore[0]?.length ?? 0).toBeGreaterThan(300);

    await applyD1Migrations(db, from("0059"));

    expect(await read()).toEqual(before);
    expect([await exported("t1"), await exported("t2")]).toEqual(exportedBefore);
    const [table] = await rows<{ sql: string }>(
      "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'conversions'",
    );
    expect(table?.sql).toContain("WITHOUT ROWID");
    expect(
      (await rows<{ name: string }>("SELECT name FROM pragma_index_list('conversions') ORDER BY name")).map(
        (index) => index.name,
      ),
    ).toEqual(
      expect.arrayContaining([
        "conversions_test_address_idx",
        "conversions_test_session_idx",
        "conversions_test_time_idx",
      ]),
    );

    // A beacon's conversion is its row and three index entries; the server's, with no address, two.
    const fresh: Conversion = {
      ...valued,
      id: "fresh-beacon",
      session_id: crypto.randomUUID(),
      address: "ad999999",
      source: "beacon",
    };
    expect((await inserted(fresh).run()).meta.rows_written).toBe(4);
    const server: Conversion = {
      ...fresh,
      id: "fresh-server",
      session_id: crypto.randomUUID(),
      address: null,
    };
    expect((await inserted(server).run()).meta.rows_written).toBe(3);
    // Still one per test and session, and a redelivery of the same id inserts nothing.
    expect((await inserted({ ...fresh, id: "second-of-session" }).run()).meta.changes).toBe(0);
    expect((await inserted({ ...fresh, session_id: crypto.randomUUID() }).run()).meta.changes).toBe(0);

    // A payment that changes a conversion's value changes its hour's revenue (the trigger came along).
    await db
      .prepare("UPDATE conversions SET amount = ?2 WHERE id = ?1")
      .bind(valued.id, (valued.amount ?? 0) + 500)
      .run();
    const [hour] = await rows<{ revenue: number }>(
      `SELECT revenue FROM test_stats_hourly WHERE split_test_id = 't1' AND hour = ${valuedHour}`,
    );
    expect(hour?.revenue).toBe((valued.amount ?? 0) + 500);
  });
});
