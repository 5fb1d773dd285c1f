import { log } from "../observability/log";

/**
 * A message of the autopilot queue: look at one test for the run of `at` (the cron's scheduled time, or
 * a capped link's moment below), or go on scanning after the test id `scanAfter` for it.
 */
export type AutopilotMessage = { testId: string; at: number } | { scanAfter: string; at: number };

/**
 * How often a capped link is looked at while its clicks come: the looks of one such moment are one
 * (the autopilot looks at a test once per `at`).
 */
export const CAPPED_LOOK_MS = 5_000;

/**
 * A link that sends everyone to its after-page after a number of visitors ("the next 50 people", issue
 * #49) cannot wait for the autopilot's ten-minute look: each batch that wrote clicks of such a link asks
 * the autopilot to look at it now. One query of the main database for the batch; a failure only leaves
 * the link to the next cron run.
 */
export async function askToLookAtCappedLinks(env: Env, testIds: readonly string[]): Promise<void> {
  if (testIds.length === 0) return;
  try {
    const { results } = await env.DB.prepare(
      `SELECT id FROM split_tests
       WHERE id IN (SELECT value FROM json_each(?1)) AND on_end = 'url' AND end_after_visitors IS NOT NULL
         AND status = 'active' AND completed_at IS NULL AND deleted_at IS NULL`,
    )
      .bind(JSON.stringify([...new Set(testIds)]))
      .all<{ id: string }>();
    if (results.length === 0) return;
    const at = Math.floor(Date.now() / CAPPED_LOOK_MS) * CAPPED_LOOK_MS;
    await env.AUTOPILOT.sendBatch(
      results.map(({ id }) => ({ body: { testId: id, at } satisfies AutopilotMessage })),
    );
  } catch (error) {
    log("warn", "capped_link_look_failed", { tests: testIds.length, error, next: "the next autopilot run" });
  }
}
