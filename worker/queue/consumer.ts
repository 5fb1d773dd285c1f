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
  const db = env.DB;
  const clicks: { message: Message<unknown>; event: ClickEvent }[] = [];
  const conversions: { message: Message<unknown>; event: ConversionEvent }[] = [];

  for (const message of batch.messages) {
    const parsed = trackingEventSchema.safeParse(message.body);
    if (!parsed.success) {
      console.warn("Dropping a malformed tracking event", message.id, parsed.error.issues[0]?.message);
      message.ack();
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

  const unmatched = new Set(
    await writeConversions(
      db,
      conversions.map((c) => c.event),
    ),
  );
  for (const { message, event } of conversions) {
    if (!unmatched.has(event)) message.ack();
    else if (message.attempts < CONVERSION_WAIT_ATTEMPTS)
      message.retry({ delaySeconds: CONVERSION_RETRY_DELAY_SECONDS });
    else {
      console.warn("Dropping a conversion without a click", event.testId, event.sessionId);
      message.ack();
    }
  }
}
