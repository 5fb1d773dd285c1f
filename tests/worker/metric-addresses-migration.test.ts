import { applyD1Migrations } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CONVERSIONS_PER_ADDRESS_DAY } from "../../contract/trust";
import type { ClickEvent, ConversionEvent } from "../../worker/queue/events";
import { writeClicks, writeConversions } from "../../worker/queue/record";
import { ERRORS_GUARDRAIL } from "./helpers";
import { db, emptyDatabase, from, marketerWithTests, rows, upTo } from "./migration-db";

// 0064_metric_conversion_addresses on a database that holds metrics' conversions: each reads back as it
// was (with no address), and from then on a metric's conversion keeps its click's address, so that its
// beacons obey the primary's per-address rule; one with an address costs D1 one row written more.

const COLUMNS =
  "id, split_test_id, metric, variant, phase, session_id, timestamp, amount, currency, source, device, os, country, referrer_host";

const insert = (id: string, address?: string) =>
  db
    .prepare(
      `INSERT INTO metric_conversions (id, split_test_id, metric, variant, session_id, timestamp${address ? ", address" : ""})
       VALUES (?1, 't1', 'Errors', 'B', ?2, ?3${address ? ", ?4" : ""})`,
    )
    .bind(id, crypto.randomUUID(), Date.now(), ...(address ? [address] : []));

describe("0064_metric_conversion_addresses: a metric's conversion keeps its click's address", () => {
  it("keeps every metric conversion as it was, and limits the beacons per address from then on", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0064"));
    await db.batch([
      ...marketerWithTests([{ id: "t1", name: "Pricing", slug: "abc123", currency: "EUR" }]),
      db
        .prepare("UPDATE split_tests SET metrics = ?1 WHERE id = 't1'")
        .bind(JSON.stringify([ERRORS_GUARDRAIL])),
    ]);
    const now = Date.now();
    await db.batch(
      Array.from({ length: 200 }, (_, i) =>
        db
          .prepare(
            `INSERT INTO metric_conversions (${COLUMNS}) VALUES (?1, 't1', ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
          )
          .bind(
            `m${i}`,
            i % 3 === 0 ? "Signups" : "Errors",
            i % 2 === 0 ? "A" : "B",
            1 + (i % 2),
            crypto.randomUUID(),
            now - i * 60_000,
            i % 5 === 0 ? 100 * i : null,
            i % 5 === 0 ? "EUR" : null,
            i % 7 === 0 ? "server" : "beacon",
            "desktop",
            "windows",
            "DE",
            i % 4 === 0 ? null : "t.co",
          ),
      ),
    );
    const before = await rows(`SELECT ${COLUMNS} FROM metric_conversions ORDER BY id`);
    // A metric's conversion was its row and three index entries: its id's key, its visitor's, its time's.
    expect((await insert("before").run()).meta.rows_written).toBe(4);

    await applyD1Migrations(db, from("0064"));

    expect(await rows(`SELECT ${COLUMNS} FROM metric_conversions WHERE id <> 'before' ORDER BY id`)).toEqual(
      before,
    );
    expect(await rows("SELECT DISTINCT address FROM metric_conversions")).toEqual([{ address: null }]);
    // One with an address (a click's, as every beacon's has) writes the address's entry too; one without, as before.
    expect((await insert("with-address", "ad000001").run()).meta.rows_written).toBe(5);
    expect((await insert("without-address").run()).meta.rows_written).toBe(4);

    // Through the consumer: five visitors of one address send the guardrail's beacon, 3 count.
    const clicks: ClickEvent[] = Array.from({ length: 5 }, () => ({
      type: "click",
      id: crypto.randomUUID(),
      testId: "t1",
      variant: "B",
      sessionId: crypto.randomUUID(),
      isBot: false,
      timestamp: now - 60_000,
      source: "one-address",
    }));
    await writeClicks(db, clicks);
    const beacons: ConversionEvent[] = clicks.map((click) => ({
      type: "conversion",
      id: crypto.randomUUID(),
      testId: "t1",
      sessionId: click.sessionId,
      timestamp: now,
      metric: "Errors",
    }));
    const written = await writeConversions(db, beacons, 30 * 86_400_000);
    expect(written.counted).toHaveLength(CONVERSIONS_PER_ADDRESS_DAY);
    expect(written.unmatched.map(({ reason }) => reason)).toEqual(
      Array(beacons.length - CONVERSIONS_PER_ADDRESS_DAY).fill("address_limit"),
    );
    expect(
      await rows(
        "SELECT count(*) AS n FROM metric_conversions WHERE address = 'one-address' AND source = 'beacon'",
      ),
    ).toEqual([{ n: CONVERSIONS_PER_ADDRESS_DAY }]);
  });
});
