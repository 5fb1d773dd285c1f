import { decimalAmount } from "../../contract/currency";
import { type PrimaryFields, primaryMetricOf } from "../../contract/metrics";
import { eventsOfTest } from "../archive/events";
import { type EventRow, phaseOf } from "../archive/rows";
import { STATS_OF_TEST } from "../db/hour-stats";
import { eventsDb } from "../db/shards";
import { csvLine } from "../lib/csv";

const LINES_PER_CHUNK = 1000;

const HEADER = [
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
  "rule",
  "url",
  "phase",
  "metric",
  // The test's tags as they are now (the last column: those before keep their places).
  "tags",
];

const csvRow = (row: EventRow, primary: string, tags: string) =>
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
    row.rule ?? "",
    row.url ?? "",
    phaseOf(row) ?? "",
    row.metric ?? (row.kind === "conversion" ? primary : ""),
    tags,
  ]);

/**
 * Every click, conversion and rule visit of a test, oldest first, one CSV row each: the days archived to R2, then
 * the events still in D1 (worker/archive/events.ts), streamed so a large test never sits in memory whole. A
 * conversion names its metric: a secondary or guardrail metric's, else the primary's. Each row ends with the
 * test's tags, comma-separated, as they are when the file is made.
 */
export function streamEventsCsv(
  env: Env,
  test: { id: string; shard: string } & PrimaryFields,
  tags: readonly string[],
): ReadableStream<Uint8Array> {
  const primary = primaryMetricOf(test).name;
  const tagList = tags.join(", ");
  const encoder = new TextEncoder();
  const events = eventsOfTest({ events: eventsDb(env, test.shard), archive: env.ARCHIVE }, test.id);
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(HEADER)));
        return;
      }
      const lines: string[] = [];
      while (lines.length < LINES_PER_CHUNK) {
        const next = await events.next();
        if (next.done) break;
        lines.push(csvRow(next.value, primary, tagList));
      }
      if (lines.length > 0) controller.enqueue(encoder.encode(lines.join("")));
      if (lines.length < LINES_PER_CHUNK) controller.close();
    },
    async cancel() {
      await events.return(undefined);
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
  phase: number;
}

/** The daily rollup: one row per phase, UTC day and variant, revenue in the test's currency. */
export async function dailyRollupCsv(
  db: D1Database,
  test: { id: string; currency: string | null },
): Promise<string> {
  const { results } = await db
    .prepare(
      `SELECT date(hour / 1000, 'unixepoch') AS day, variant, sum(clicks) AS clicks, sum(visitors) AS visitors,
              sum(conversions) AS conversions, sum(orders) AS orders, sum(revenue) AS revenue, phase
       FROM ${STATS_OF_TEST}
       GROUP BY phase, day, variant ORDER BY phase, day, variant`,
    )
    .bind(test.id)
    .all<DailyRow>();
  const { currency } = test;
  return [
    csvLine([
      "date",
      "variant",
      "clicks",
      "visitors",
      "conversions",
      "orders",
      "revenue",
      "currency",
      "phase",
    ]),
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
        r.phase,
      ]),
    ),
  ].join("");
}
