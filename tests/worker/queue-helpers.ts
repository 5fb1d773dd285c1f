import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { labelAt } from "../../contract/variants";
import { STATS_OF_TEST } from "../../worker/db/hour-stats";
import worker from "../../worker/index";
import type { ClickEvent, ConversionEvent } from "../../worker/queue/events";
import { writeClicks } from "../../worker/queue/record";
import { createTest, eventsOf, signedUpClient } from "./helpers";

export async function newTestId() {
  const { client } = await signedUpClient();
  return (await createTest(client)).id;
}

export function click(testId: string, overrides: Partial<ClickEvent> = {}): ClickEvent {
  return {
    type: "click",
    id: crypto.randomUUID(),
    testId,
    variant: "A",
    sessionId: crypto.randomUUID(),
    isBot: false,
    timestamp: Date.now(),
    ...overrides,
  };
}

/**
 * A human click as it is once the queue has taken it to D1, written straight there (a test that needs
 * the click's arrival under its control): answers the click.
 */
export async function landClick(testId: string, overrides: Partial<ClickEvent> = {}): Promise<ClickEvent> {
  const event = click(testId, overrides);
  await writeClicks(await eventsOf(testId), [event]);
  return event;
}

export function conversion(testId: string, sessionId: string): ConversionEvent {
  return { type: "conversion", id: crypto.randomUUID(), testId, sessionId, timestamp: Date.now() };
}

/**
 * Delivers events to the Worker's queue handler as one batch, like the Queues runtime does. `queue`: a
 * name of its own (a clicks queue's, as the handler routes it) tells this batch's log line from those of
 * the batches the runtime delivers meanwhile in the same isolate.
 */
export async function deliver(
  events: unknown[],
  attempts = 1,
  bindings: Env = env,
  ids?: string[],
  queue = "splitlink-clicks",
) {
  const batch = createMessageBatch(
    queue,
    events.map((body, i) => ({ id: ids?.[i] ?? `m${i}`, timestamp: Date.now(), attempts, body })),
  );
  const ctx = createExecutionContext();
  let error: unknown;
  try {
    await worker.queue(batch, bindings);
  } catch (thrown) {
    error = thrown;
  }
  return { result: await getQueueResult(batch, ctx), error };
}

/**
 * Delivers the events and, like the Queues runtime, delivers again whatever was retried (or the whole
 * batch when the handler threw), until every message is acknowledged. Answers the number of deliveries.
 */
export async function deliverUntilSettled(events: unknown[], bindings: Env, maxDeliveries = 10) {
  let pending = events.map((body, i) => ({ id: `m${i}`, body }));
  for (let attempt = 1; attempt <= maxDeliveries; attempt++) {
    const { result, error } = await deliver(
      pending.map((p) => p.body),
      attempt,
      bindings,
      pending.map((p) => p.id),
    );
    const retried = new Set(result.retryMessages.map((m) => m.msgId));
    const acked = new Set(result.explicitAcks);
    pending = pending.filter((p) => retried.has(p.id) || (error !== undefined && !acked.has(p.id)));
    if (pending.length === 0) return attempt;
  }
  throw new Error(`still unsettled after ${maxDeliveries} deliveries`);
}

/**
 * Clicks and conversions through the real consumer, so the rollup holds these totals: each arm's
 * visitors click (A first), and its first `conversions` of them convert.
 */
export async function seedResults(testId: string, arms: { visitors: number; conversions: number }[]) {
  const clicks = arms.flatMap((arm, position) =>
    Array.from({ length: arm.visitors }, () => click(testId, { variant: labelAt(position) })),
  );
  await deliver(clicks);
  let next = 0;
  const converting = arms.flatMap((arm) => {
    const sessions = clicks.slice(next, next + arm.conversions).map((c) => c.sessionId);
    next += arm.visitors;
    return sessions;
  });
  await deliver(converting.map((sessionId) => conversion(testId, sessionId)));
}

export async function count(table: string, testId: string) {
  const row = await (await eventsOf(testId))
    .prepare(`SELECT count(*) AS n FROM ${table} WHERE split_test_id = ?`)
    .bind(testId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function rollup(testId: string) {
  const { results } = await (await eventsOf(testId))
    .prepare(
      `SELECT variant, sum(clicks) AS clicks, sum(visitors) AS visitors, sum(conversions) AS conversions FROM ${STATS_OF_TEST} GROUP BY variant ORDER BY variant`,
    )
    .bind(testId)
    .all();
  return results;
}

/** The conversions recorded for a test: variant and session of each. */
export async function conversionsOf(testId: string) {
  const { results } = await (await eventsOf(testId))
    .prepare("SELECT variant, session_id FROM conversions WHERE split_test_id = ?")
    .bind(testId)
    .all<{ variant: string; session_id: string }>();
  return results;
}

/**
 * `count` beacon conversions of a secondary or guardrail metric in the variant's current phase, each of its
 * own visitor: from visitors of one address (its keyed hash, `address`), each of an address of its own
 * (`"each"`), or with none (as before migrations/0064_metric_conversion_addresses.sql).
 */
export async function seedMetricConversions(
  testId: string,
  metric: string,
  variant: string,
  count: number,
  address: string | null = null,
) {
  await (await eventsOf(testId))
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?4)
       INSERT INTO metric_conversions (id, split_test_id, metric, variant, phase, session_id, timestamp, address)
       SELECT lower(hex(randomblob(16))), ?1, ?2, ?3, (SELECT phase FROM split_tests WHERE id = ?1),
              lower(hex(randomblob(16))), ?5, CASE ?6 WHEN 'each' THEN lower(hex(randomblob(8))) ELSE ?6 END FROM n`,
    )
    .bind(testId, metric, variant, count, Date.now(), address)
    .run();
}
