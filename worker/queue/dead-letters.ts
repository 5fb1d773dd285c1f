import * as z from "zod";
import { log } from "../observability/log";
import { type PackedEvents, packedEventsSchema, type TrackingEvent, trackingEventSchema } from "./events";

// Events the consumer could not take reach the dead-letter queue: sent by the consumer with why
// (worker/queue/consumer.ts), or moved there by the Queues runtime after the last retry. This queue's
// consumer keeps each in D1 (dead_letters) with its reason; `npm run dead-letters:replay` marks them,
// and the archive cron sends the marked ones back to the click queue (docs/operations.md, "Dead letters").

/** What the click consumer sends to the dead-letter queue. */
const sentByConsumer = z.object({ messageId: z.string().min(1), reason: z.string(), body: z.unknown() });

const MOVED_BY_RUNTIME = "delivery failed on every retry (moved here by the Queues runtime)";

const KEEP = `INSERT OR IGNORE INTO dead_letters (message_id, reason, body, dead_lettered_at)
  SELECT d.value ->> '$.messageId', d.value ->> '$.reason', d.value ->> '$.body', ?2 FROM json_each(?1) AS d`;

/** A dead letter's reason and body are cut to these sizes when the consumer keeps one in D1 itself. */
export const MAX_DEAD_LETTER_REASON = 500;
const MAX_KEPT_BODY = 16_384;

/** Keeps one dead letter in D1 directly, its body cut to MAX_KEPT_BODY characters of JSON. */
export async function keepDeadLetter(
  db: D1Database,
  letter: { messageId: string; reason: string; body: unknown },
): Promise<void> {
  const body = JSON.stringify(letter.body ?? null);
  const kept =
    body.length <= MAX_KEPT_BODY ? body : JSON.stringify({ truncated: body.slice(0, MAX_KEPT_BODY) });
  await db
    .prepare(KEEP)
    .bind(
      JSON.stringify([{ ...letter, reason: letter.reason.slice(0, MAX_DEAD_LETTER_REASON), body: kept }]),
      Date.now(),
    )
    .run();
}

/** The dead-letter queue's consumer: one D1 statement a batch; while D1 refuses, the batch is retried. */
export async function keepDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const letters = batch.messages.map((message) => {
    const sent = sentByConsumer.safeParse(message.body);
    const { messageId, reason, body } = sent.success
      ? sent.data
      : { messageId: message.id, reason: MOVED_BY_RUNTIME, body: message.body };
    return { messageId, reason, body: JSON.stringify(body ?? null) };
  });
  await env.DB.prepare(KEEP).bind(JSON.stringify(letters), Date.now()).run();
  batch.ackAll();
  log("warn", "dead_letters_kept", { count: letters.length });
}

const REPLAY_BATCH = 100;

/**
 * Sends the dead letters marked for replay back to the click queue (at most `calls` D1 statements and
 * queue sends), then deletes them. Event ids make a second send harmless, so a run that stops between
 * the two loses nothing. What fails again comes back here, with its new reason. A letter that is no
 * event (malformed, or cut to size) can never succeed: it is not sent, stays with its reason, and its
 * replay mark goes.
 */
export async function replayDeadLetters(env: Env, calls: number): Promise<{ events: number; calls: number }> {
  const spent = { events: 0, calls: 0 };
  while (calls - spent.calls >= 3) {
    spent.calls += 1;
    const { results } = await env.DB.prepare(
      `SELECT message_id, body FROM dead_letters WHERE replay_requested_at IS NOT NULL
       ORDER BY dead_lettered_at LIMIT ?1`,
    )
      .bind(REPLAY_BATCH)
      .all<{ message_id: string; body: string }>();
    if (results.length === 0) break;
    const replayable: { id: string; body: TrackingEvent | PackedEvents }[] = [];
    const stuck: string[] = [];
    for (const row of results) {
      // An event, or a whole message of events the runtime moved here after its last retry.
      const body = parsedOrNull(row.body);
      const event = trackingEventSchema.safeParse(body);
      const packed = packedEventsSchema.safeParse(body);
      if (event.success) replayable.push({ id: row.message_id, body: event.data });
      else if (packed.success) replayable.push({ id: row.message_id, body: packed.data });
      else stuck.push(row.message_id);
    }
    spent.calls += 2;
    if (replayable.length > 0) await env.CLICKS.sendBatch(replayable.map(({ body }) => ({ body })));
    // One round trip: the replayed go, the stuck lose their mark.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM dead_letters WHERE message_id IN (SELECT value FROM json_each(?1))").bind(
        JSON.stringify(replayable.map(({ id }) => id)),
      ),
      env.DB.prepare(
        "UPDATE dead_letters SET replay_requested_at = NULL WHERE message_id IN (SELECT value FROM json_each(?1))",
      ).bind(JSON.stringify(stuck)),
    ]);
    const events = replayable;
    spent.events += events.length;
    if (results.length < REPLAY_BATCH) break;
  }
  return spent;
}

function parsedOrNull(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
