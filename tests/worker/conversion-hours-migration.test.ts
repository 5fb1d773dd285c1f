import { applyD1Migrations } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { compactHours, STATS_OF_TEST } from "../../worker/db/hour-stats";
import type { ClickEvent, ConversionEvent } from "../../worker/queue/events";
import { writeClicks, writeConversions } from "../../worker/queue/record";
import { db, emptyDatabase, from, marketerWithTests, rows, upTo } from "./migration-db";

// 0060_conversion_hours: a conversion's hourly counts are added to the rollup once its hour is over, as a
// click's are, where the consumer added them as it wrote each. What the consumer counted before the
// migration counts once; after it, a conversion counts once whether its hour is compacted or not, one of
// an hour compacted before it came (a late one) as it is written, and a change of its value (a Stripe
// payment or refund) whenever it comes.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WINDOW = 30 * DAY;

// The test's conversions, orders, revenue and its squares: as the test page reads them, and in the
// rollup alone.
const totals = (from: string) =>
  db
    .prepare(
      `SELECT sum(conversions) AS conversions, sum(orders) AS orders, sum(revenue) AS revenue,
              sum(revenue_squares) AS squares FROM ${from}`,
    )
    .bind("t1")
    .first();
const seen = () => totals(STATS_OF_TEST);
const rolledUp = () => totals("test_stats_hourly WHERE split_test_id = ?1");
const setValue = (id: string, amount: number) =>
  db.prepare("UPDATE conversions SET amount = ?2 WHERE id = ?1").bind(id, amount).run();
const figures = (conversions: number, values: number[]) => ({
  conversions,
  orders: values.length,
  revenue: values.reduce((sum, value) => sum + value, 0),
  squares: values.reduce((sum, value) => sum + value * value, 0),
});

describe("0060_conversion_hours: a conversion's hourly counts added once its hour is over", () => {
  it("counts once what the consumer counted as it wrote before the migration, the current hour's too", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, upTo("0060"));
    const now = Date.now();
    const currentHour = now - (now % HOUR);
    // As the consumer left them: a sale an hour ago and one this hour, each in the rollup as written, the
    // hours before this one compacted.
    const sales = [
      { id: "v1", at: currentHour - HOUR + 600_000, amount: 1_000 },
      { id: "v2", at: now, amount: 500 },
    ];
    await db.batch([
      ...marketerWithTests([{ id: "t1", name: "Pricing", slug: "abc123", currency: "EUR" }]),
      db.prepare("UPDATE hour_compaction SET through = ?1").bind(currentHour),
      ...sales.flatMap((sale) => [
        db
          .prepare(
            `INSERT INTO conversions (id, split_test_id, variant, session_id, timestamp, amount, currency, source, address, phase)
             VALUES (?1, 't1', 'A', ?2, ?3, ?4, 'EUR', 'beacon', 'ad000001', 1)`,
          )
          .bind(sale.id, crypto.randomUUID(), sale.at, sale.amount),
        db
          .prepare(
            `INSERT INTO test_stats_hourly (split_test_id, phase, hour, variant, conversions, orders, revenue, revenue_squares)
             VALUES ('t1', 1, ?1, 'A', 1, 1, ?2, ?2 * ?2)`,
          )
          .bind(sale.at - (sale.at % HOUR), sale.amount),
      ]),
    ]);
    const before = figures(2, [1_000, 500]);
    expect(await rolledUp()).toEqual(before);

    await applyD1Migrations(db, from("0060"));

    expect(await rows("SELECT conversions_from FROM hour_compaction")).toEqual([
      { conversions_from: currentHour + HOUR },
    ]);
    expect(await seen()).toEqual(before);
    // The current hour compacted (as the cron will once it is over): nothing counted twice.
    while (await compactHours(db, now + HOUR));
    expect(await seen()).toEqual(before);
    expect(await rolledUp()).toEqual(before);
    // A payment on this hour's sale changes the revenue once.
    await setValue("v2", 800);
    expect(await seen()).toEqual(figures(2, [1_000, 800]));
  });

  it("counts a conversion once before and after its hour is compacted, a late one at once, and each change of its value", async () => {
    await emptyDatabase();
    await applyD1Migrations(db, from("0001"));
    await db.batch(marketerWithTests([{ id: "t1", name: "Pricing", slug: "abc123", currency: "EUR" }]));
    const now = Date.now();
    const clickedAt = now - (now % HOUR) - 3 * HOUR;
    const clicks: ClickEvent[] = Array.from({ length: 3 }, (_, i) => ({
      type: "click",
      id: `k${i}`,
      testId: "t1",
      variant: "A",
      sessionId: crypto.randomUUID(),
      isBot: false,
      timestamp: clickedAt + i * 60_000,
    }));
    await writeClicks(db, clicks);
    while (await compactHours(db, clickedAt + HOUR));
    const sale = (session: number, at: number, amount: number): ConversionEvent => ({
      type: "conversion",
      id: `sale${session}`,
      testId: "t1",
      sessionId: clicks[session]?.sessionId ?? "",
      timestamp: at,
      amount,
      currency: "EUR",
    });

    // In an hour not compacted: counted from the conversion, its value as it is now.
    const first = sale(0, clickedAt + HOUR + 600_000, 1_000);
    await writeConversions(db, [first], WINDOW);
    await setValue(first.id, 1_500);
    expect(await rolledUp()).toEqual({ conversions: 0, orders: 0, revenue: 0, squares: 0 });
    expect(await seen()).toEqual(figures(1, [1_500]));

    // Compacted: in the rollup once, a later change of its value there too.
    while (await compactHours(db, clickedAt + 2 * HOUR));
    expect(await rolledUp()).toEqual(figures(1, [1_500]));
    await setValue(first.id, 2_000);
    expect(await seen()).toEqual(figures(1, [2_000]));

    // One of an hour compacted before it came counts as it is written, once however often it comes; one
    // of the current hour is not in the rollup yet.
    const late = sale(1, clickedAt + HOUR + 1_200_000, 300);
    const current = sale(2, now, 100);
    await writeConversions(db, [late, current, late], WINDOW);
    await writeConversions(db, [late], WINDOW);
    expect(await rolledUp()).toEqual(figures(2, [2_000, 300]));
    expect(await seen()).toEqual(figures(3, [2_000, 300, 100]));
  });
});
