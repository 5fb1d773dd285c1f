import { eventsOfTest } from "../archive/events";
import type { EventRow } from "../archive/rows";
import { csvLine } from "../lib/csv";

const LINES_PER_CHUNK = 1000;

const csvRow = (row: EventRow) =>
  csvLine([row.kind, new Date(row.timestamp).toISOString(), row.variant, row.session_id, row.is_bot !== 0]);

/**
 * Every click and conversion of a test, oldest first, one CSV row each: the days archived to R2, then
 * the events still in D1 (worker/archive/events.ts), streamed so a large test never sits in memory whole.
 */
export function streamEventsCsv(env: Env, testId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const events = eventsOfTest(env, testId);
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(["event", "time", "variant", "session_id", "bot"])));
        return;
      }
      const lines: string[] = [];
      while (lines.length < LINES_PER_CHUNK) {
        const next = await events.next();
        if (next.done) break;
        lines.push(csvRow(next.value));
      }
      if (lines.length > 0) controller.enqueue(encoder.encode(lines.join("")));
      if (lines.length < LINES_PER_CHUNK) controller.close();
    },
    async cancel() {
      await events.return(undefined);
    },
  });
}

/** The daily rollup: one row per UTC day and variant. */
export async function dailyRollupCsv(db: D1Database, testId: string): Promise<string> {
  const { results } = await db
    .prepare(
      `SELECT date(hour / 1000, 'unixepoch') AS day, variant,
              sum(clicks) AS clicks, sum(visitors) AS visitors, sum(conversions) AS conversions
       FROM test_stats_hourly WHERE split_test_id = ?
       GROUP BY day, variant ORDER BY day, variant`,
    )
    .bind(testId)
    .all<{ day: string; variant: string; clicks: number; visitors: number; conversions: number }>();
  return [
    csvLine(["date", "variant", "clicks", "visitors", "conversions"]),
    ...results.map((r) => csvLine([r.day, r.variant, r.clicks, r.visitors, r.conversions])),
  ].join("");
}
