import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import worker from "../../worker/index";
import type { AutopilotMessage } from "../../worker/queue/capped-links";
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

/**
 * `count` copies of a test, as its owner would make them one by one (new ids and slugs, the rest the
 * same), written straight to D1: for the autopilot at scale. Answers their ids.
 */
export async function copiesOf(testId: string, count: number, db: D1Database = env.DB): Promise<string[]> {
  const { results } = await db.prepare("SELECT name FROM pragma_table_info('split_tests')").all<{
    name: string;
  }>();
  const columns = results.map((column) => column.name);
  const values = columns.map((column) =>
    column === "id" ? "copy.value ->> 0" : column === "slug" ? "copy.value ->> 1" : `original.${column}`,
  );
  const ids: string[] = [];
  // D1 caps a statement's size: a thousand copies a statement.
  for (let done = 0; done < count; done += 1000) {
    const copies = Array.from({ length: Math.min(1000, count - done) }, () => {
      const id = crypto.randomUUID();
      return [id, `copy-${id}`];
    });
    await db
      .prepare(
        `INSERT INTO split_tests (${columns.join(", ")})
         SELECT ${values.join(", ")} FROM split_tests AS original, json_each(?2) AS copy WHERE original.id = ?1`,
      )
      .bind(testId, JSON.stringify(copies))
      .run();
    ids.push(...copies.map(([id]) => id as string));
  }
  return ids;
}

/** Delivers messages to the Worker's queue handler as one batch of the autopilot queue, as Queues does. */
export async function deliverToAutopilot(bodies: AutopilotMessage[], attempts = 1, bindings: Env = env) {
  const batch = createMessageBatch(
    "splitlink-autopilot",
    bodies.map((body, i) => ({ id: `look-${i}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, bindings);
  return getQueueResult(batch, ctx);
}

/** The autopilot queue's binding, recording what is sent through it on its way to the real queue. */
export function recordingAutopilot(bindings: Env = env): { bindings: Env; sent: AutopilotMessage[] } {
  const sent: AutopilotMessage[] = [];
  const queue = {
    send: (body: AutopilotMessage, options?: QueueSendOptions) => {
      sent.push(body);
      return bindings.AUTOPILOT.send(body, options);
    },
    sendBatch: (
      messages: Iterable<MessageSendRequest<AutopilotMessage>>,
      options?: QueueSendBatchOptions,
    ) => {
      const all = [...messages];
      sent.push(...all.map((message) => message.body));
      return bindings.AUTOPILOT.sendBatch(all, options);
    },
  } as Queue;
  return { bindings: { ...bindings, AUTOPILOT: queue }, sent };
}
