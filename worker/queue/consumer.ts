import { log } from "../observability/log";
import { type ClickEvent, type ConversionEvent, trackingEventSchema } from "./events";
import { writeClicks, writeConversions } from "./record";

// A conversion can overtake its click in the queue: wait for it this many times, 10 s apart.
export const CONVERSION_WAIT_ATTEMPTS = 6;
const CONVERSION_RETRY_DELAY_SECONDS = 10;

/**
 * Takes a batch of tracking events into D1. If D1 fails, the error propagates and the
 * whole batch is delivered again; ids make the second delivery insert nothing twice.
 */
export async function consumeEvents(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const size = batch.messages.length;
  // Past max_retries the Queues runtime moves a message to the dead-letter queue; the log tells how close a batch is.
  const attempts = Math.max(0, ...batch.messages.map((message) => message.attempts));
  try {
    const outcome = await writeBatch(batch, env.DB);
    log("info", "queue_batch", { queue: batch.queue, size, attempts, ...outcome });
  } catch (error) {
    log("warn", "queue_batch_failed", { queue: batch.queue, size, attempts, retried: size, error });
    throw error;
  }
}

/** What became of a batch's messages: written to D1, retried later, or dropped (acknowledged unwritten). */
interface BatchOutcome {
  inserted: number;
  retried: number;
  dropped: number;
}

async function writeBatch(batch: MessageBatch<unknown>, db: D1Database): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { inserted: 0, retried: 0, dropped: 0 };
  const clicks: { message: Message<unknown>; event: ClickEvent }[] = [];
  const conversions: { message: Message<unknown>; event: ConversionEvent }[] = [];

  for (const message of batch.messages) {
    const parsed = trackingEventSchema.safeParse(message.body);
    if (!parsed.success) {
      log("warn", "tracking_event_dropped", {
        reason: "malformed",
        messageId: message.id,
        problem: parsed.error.issues[0]?.message,
      });
      message.ack();
      outcome.dropped += 1;
    } else if (parsed.data.type === "click") {
      clicks.push({ message, event: parsed.data });
    } else {
      conversions.push({ message, event: parsed.data });
    }
  }

  await writeClicks(
    db,
    clicks.map((c) => c.event),
  );
  for (const { message } of clicks) message.ack();
  outcome.inserted += clicks.length;

  const unmatched = new Set(
    await writeConversions(
      db,
      conversions.map((c) => c.event),
    ),
  );
  for (const { message, event } of conversions) {
    if (!unmatched.has(event)) {
      message.ack();
      outcome.inserted += 1;
    } else if (message.attempts < CONVERSION_WAIT_ATTEMPTS) {
      message.retry({ delaySeconds: CONVERSION_RETRY_DELAY_SECONDS });
      outcome.retried += 1;
    } else {
      log("warn", "tracking_event_dropped", { reason: "conversion_without_click", testId: event.testId });
      message.ack();
      outcome.dropped += 1;
    }
  }
  return outcome;
}
