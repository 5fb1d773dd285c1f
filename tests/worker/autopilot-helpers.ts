import { env } from "cloudflare:test";
import { type AutopilotRun, dueTestIds, lookAtTests } from "../../worker/services/autopilot";

/** The autopilot consumer's max_batch_size (wrangler.toml). */
export const AUTOPILOT_BATCH = 10;

/**
 * One run of the autopilot at `now`, the queue left out: every test the cron would queue, looked at in
 * batches as the consumer would. What it did, every batch together.
 */
export async function runAutopilot(bindings: Env = env, now = Date.now()): Promise<AutopilotRun> {
  const ids: string[] = [];
  for (let page = await dueTestIds(bindings.DB, now, ""); page.length > 0; ) {
    ids.push(...page);
    page = await dueTestIds(bindings.DB, now, page[page.length - 1] ?? "");
  }
  const run: AutopilotRun = { looked: [], ended: [], alerts: [], weights: [], failed: [] };
  for (let i = 0; i < ids.length; i += AUTOPILOT_BATCH) {
    const batch = await lookAtTests(
      bindings,
      ids.slice(i, i + AUTOPILOT_BATCH).map((testId) => ({ testId, at: now })),
      now,
    );
    for (const key of ["looked", "ended", "alerts", "weights", "failed"] as const)
      (run[key] as unknown[]).push(...batch[key]);
  }
  return run;
}
