import { decimalAmount } from "../../contract/currency";
import { csvLine } from "../lib/csv";

const PAGE_SIZE = 1000;

interface EventRow {
  kind: "click" | "conversion";
  id: string;
  timestamp: number;
  variant: string;
  session_id: string;
  is_bot: number;
  amount: number | null;
  currency: string | null;
  device: string | null;
  os: string | null;
  country: string | null;
  referrer_host: string | null;
}

/**
 * Every click and conversion of a test, oldest first, one CSV row each, streamed page by page
 * (keyset pagination on time and id) so a large test never sits in memory whole.
 */
export function streamEventsCsv(db: D1Database, testId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: { timestamp: number; id: string } | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        const header = [
          "event",
          "time",
          "variant",
          "session_id",
          "bot",
          "amount",
          "currency",
          "device",
          "os",
          "country",
          "referrer_host",
        ];
        controller.enqueue(encoder.encode(csvLine(header)));
        return;
      }
      const after = cursor ?? { timestamp: -1, id: "" };
      const { results } = await db
        .prepare(
          `SELECT * FROM (
             SELECT 'click' AS kind, id, timestamp, variant, session_id, is_bot, NULL AS amount, NULL AS currency,
                    device, os, country, referrer_host
             FROM clicks WHERE split_test_id = ?1
             UNION ALL
             SELECT 'conversion', id, timestamp, variant, session_id, 0, amount, currency, NULL, NULL, NULL, NULL
             FROM conversions WHERE split_test_id = ?1
           )
           WHERE timestamp > ?2 OR (timestamp = ?2 AND id > ?3)
           ORDER BY timestamp, id LIMIT ?4`,
        )
        .bind(testId, after.timestamp, after.id, PAGE_SIZE)
        .all<EventRow>();
      const lines = results.map((row) =>
        csvLine([
          row.kind,
          new Date(row.timestamp).toISOString(),
          row.variant,
          row.session_id,
          row.is_bot !== 0,
          row.amount === null || row.currency === null ? null : decimalAmount(row.amount, row.currency),
          row.currency,
          row.device ?? "",
          row.os ?? "",
          row.country ?? "",
          row.referrer_host ?? "",
        ]),
      );
      if (lines.length > 0) controller.enqueue(encoder.encode(lines.join("")));
      const last = results.at(-1);
      if (!last || results.length < PAGE_SIZE) controller.close();
      else cursor = { timestamp: last.timestamp, id: last.id };
    },
  });
}

interface DailyRow {
  day: string;
  variant: string;
  clicks: number;
  visitors: number;
  conversions: number;
  orders: number;
  revenue: number;
}

/** The daily rollup: one row per UTC day and variant, revenue in the test's currency. */
export async function dailyRollupCsv(
  db: D1Database,
  test: { id: string; currency: string | null },
): Promise<string> {
  const { results } = await db
    .prepare(
      `SELECT date(hour / 1000, 'unixepoch') AS day, variant, sum(clicks) AS clicks, sum(visitors) AS visitors,
              sum(conversions) AS conversions, sum(orders) AS orders, sum(revenue) AS revenue
       FROM test_stats_hourly WHERE split_test_id = ?
       GROUP BY day, variant ORDER BY day, variant`,
    )
    .bind(test.id)
    .all<DailyRow>();
  const { currency } = test;
  return [
    csvLine(["date", "variant", "clicks", "visitors", "conversions", "orders", "revenue", "currency"]),
    ...results.map((r) =>
      csvLine([
        r.day,
        r.variant,
        r.clicks,
        r.visitors,
        r.conversions,
        r.orders,
        currency === null ? null : decimalAmount(r.revenue, currency),
        currency,
      ]),
    ),
  ].join("");
}
