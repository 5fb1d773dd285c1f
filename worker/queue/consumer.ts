import { attributionWindowMs, isPastWindow, OUTSIDE_ATTRIBUTION_WINDOW } from "../db/attribution";
import { log } from "../observability/log";
import { type CountedConversion, sendConversionEvents } from "../webhooks/conversions";
import { keepDeadLetter, MAX_DEAD_LETTER_REASON } from "./dead-letters";
import {
  type ClickEvent,
  type ConversionEvent,
  type RuleVisitEvent,
  type SightingEvent,
  type TrackingEvent,
  trackingEventSchema,
  type UncountedEvent,
} from "./events";
import { countUncounted, type UnmatchedReason, writeClicks, writeConversions } from "./record";
import { writeRuleVisits } from "./rule-visits";
import { writeSightings } from "./sightings";

// A conversion can overtake its click in the queue: wait for it this many times, 10 s apart.
export const CONVERSION_WAIT_ATTEMPTS = 6;
const CONVERSION_RETRY_DELAY_SECONDS = 10;
// An event that failed to write alone this many times goes to the dead-letter queue (wrangler.toml's
// max_retries is at least this, so Cloudflare does not move it first).
export const DEAD_LETTER_AFTER_ATTEMPTS = 10;

interface Pending<E> {
  message: Message<unknown>;
  event: E;
}

/** What became of a batch's messages; logged once per batch. */
interface BatchOutcome {
  /** Written to D1 and acknowledged (a redelivered event counts, but inserts nothing twice). */
  written: number;
  /** Delivered again later: a failed write, or a conversion still waiting for its click. */
  retried: number;
  deadLettered: number;
  /** Acknowledged unwritten: events older than the attribution window; conversions whose click never came or came too long before, of an unknown test, or in another currency than the test's. */
  dropped: number;
}

/**
 * Takes a batch of tracking events into D1. A malformed message goes to the dead-letter queue at once.
 * If a batch write fails, each event is written on its own: the good ones land, one that fails alone is
 * retried by itself and, after DEAD_LETTER_AFTER_ATTEMPTS deliveries, sent to the dead-letter queue.
 * Event ids make a redelivery insert nothing twice.
 */
export async function consumeEvents(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const outcome: BatchOutcome = { written: 0, retried: 0, deadLettered: 0, dropped: 0 };
  const clicks: Pending<ClickEvent>[] = [];
  const conversions: Pending<ConversionEvent>[] = [];
  const ruleVisits: Pending<RuleVisitEvent>[] = [];
  const uncounted: Pending<UncountedEvent>[] = [];
  const sightings: Pending<SightingEvent>[] = [];
  const windowMs = attributionWindowMs(env);
  const drop = (message: Message<unknown>, event: TrackingEvent, reason: string) => {
    log("warn", "tracking_event_dropped", {
      reason,
      type: event.type,
      testId: event.testId,
      at: new Date(event.timestamp).toISOString(),
      ...(reason === OUTSIDE_ATTRIBUTION_WINDOW ? { windowDays: env.ATTRIBUTION_WINDOW_DAYS } : {}),
    });
    message.ack();
    outcome.dropped += 1;
  };

  for (const message of batch.messages) {
    const parsed = trackingEventSchema.safeParse(message.body);
    if (!parsed.success) {
      await deadLetter(env, message, parsed.error.issues[0]?.message ?? "malformed", outcome);
    } else if (isPastWindow(parsed.data.timestamp, windowMs)) {
      // Nothing is written into a day the archive may have moved to R2 (worker/archive/).
      drop(message, parsed.data, OUTSIDE_ATTRIBUTION_WINDOW);
    } else if (parsed.data.type === "click") {
      clicks.push({ message, event: parsed.data });
    } else if (parsed.data.type === "rule") {
      ruleVisits.push({ message, event: parsed.data });
    } else if (parsed.data.type === "uncounted") {
      uncounted.push({ message, event: parsed.data });
    } else if (parsed.data.type === "sighting") {
      sightings.push({ message, event: parsed.data });
    } else {
      conversions.push({ message, event: parsed.data });
    }
  }

  await writeIsolated(env, clicks, outcome, async (events) => {
    await writeClicks(env.DB, events);
    return [];
  });
  await writeIsolated(env, ruleVisits, outcome, async (events) => {
    await writeRuleVisits(env.DB, events);
    return [];
  });
  await writeIsolated(env, sightings, outcome, async (events) => {
    await writeSightings(env.DB, events);
    return [];
  });
  // A conversion without its click yet waits for it; one that can never count (its visitor's click came
  // longer than the window before it, too) is acknowledged at once.
  const refused: { event: ConversionEvent; reason: UnmatchedReason }[] = [];
  const counted: CountedConversion[] = [];
  const waiting = new Set(
    await writeIsolated(env, conversions, outcome, async (events) => {
      const written = await writeConversions(env.DB, events, windowMs);
      counted.push(...written.counted);
      refused.push(...written.unmatched.filter(({ reason }) => reason !== "no_click"));
      return written.unmatched.flatMap(({ event, reason }) => (reason === "no_click" ? [event] : []));
    }),
  );
  for (const { event, reason } of refused) {
    log("warn", "conversion_refused", {
      reason,
      testId: event.testId,
      ...(reason === OUTSIDE_ATTRIBUTION_WINDOW ? { windowDays: env.ATTRIBUTION_WINDOW_DAYS } : {}),
    });
    // Acknowledged with the written ones above, though nothing was written.
    outcome.written -= 1;
    outcome.dropped += 1;
  }
  // One lookup for the whole batch, and none without a counted conversion.
  await sendConversionEvents(env, counted);
  for (const { message, event } of conversions) {
    if (!waiting.has(event)) continue;
    if (message.attempts < CONVERSION_WAIT_ATTEMPTS) {
      message.retry({ delaySeconds: CONVERSION_RETRY_DELAY_SECONDS });
      outcome.retried += 1;
    } else {
      drop(message, event, "conversion_without_click");
      refused.push({ event, reason: "no_click" });
    }
  }
  // What the tests' trafficQuality shows: the edge's counts, then the conversions refused here (an
  // unknown test has nowhere to show them). Those are acknowledged already: a failure to count them
  // is logged, and fails nothing.
  await writeIsolated(env, uncounted, outcome, async (events) => {
    await countUncounted(env.DB, events);
    return [];
  });
  const refusals = refused.flatMap(({ event, reason }) =>
    reason === "unknown_test" ? [] : [{ testId: event.testId, reason, events: 1 }],
  );
  await countUncounted(env.DB, refusals).catch((error: unknown) =>
    log("warn", "traffic_quality_not_counted", { refusals: refusals.length, error }),
  );
  // Past max_retries the Queues runtime moves a message to the dead-letter queue; attempts tells how close a batch is.
  const attempts = Math.max(0, ...batch.messages.map((message) => message.attempts));
  log("info", "queue_batch", { queue: batch.queue, size: batch.messages.length, attempts, ...outcome });
}

/**
 * Writes the events in one batch, else one by one. Acknowledges each written event except those the
 * write answers as not settled yet (conversions still waiting for their click), which it returns;
 * an event whose own write fails is retried alone.
 */
async function writeIsolated<E>(
  env: Env,
  pending: Pending<E>[],
  outcome: BatchOutcome,
  write: (events: E[]) => Promise<E[]>,
): Promise<E[]> {
  if (pending.length === 0) return [];
  if (pending.length > 1) {
    try {
      return settle(pending, await write(pending.map((p) => p.event)), outcome);
    } catch (error) {
      log("warn", "queue_batch_write_failed", {
        size: pending.length,
        error,
        next: "writing each event alone",
      });
    }
  }
  const unsettled: E[] = [];
  for (const item of pending) {
    try {
      unsettled.push(...settle([item], await write([item.event]), outcome));
    } catch (error) {
      if (item.message.attempts >= DEAD_LETTER_AFTER_ATTEMPTS) {
        await deadLetter(
          env,
          item.message,
          `failed to write ${item.message.attempts} times: ${error}`,
          outcome,
        );
      } else {
        log("warn", "tracking_event_retried", {
          messageId: item.message.id,
          attempts: item.message.attempts,
          error,
        });
        item.message.retry();
        outcome.retried += 1;
      }
    }
  }
  return unsettled;
}

function settle<E>(pending: Pending<E>[], unsettled: E[], outcome: BatchOutcome): E[] {
  for (const { message, event } of pending) {
    if (unsettled.includes(event)) continue;
    message.ack();
    outcome.written += 1;
  }
  return unsettled;
}

/**
 * Keeps a message the consumer can never take, with the reason, out of the way of the others: on the
 * dead-letter queue, or, when that refuses it (a message too big to wrap, the queue down), straight in
 * D1, cut to size. Only when both fail is it delivered again; it never fails the batch.
 */
async function deadLetter(
  env: Env,
  message: Message<unknown>,
  reason: string,
  outcome: BatchOutcome,
): Promise<void> {
  log("error", "tracking_event_dead_lettered", { messageId: message.id, reason });
  const letter = {
    messageId: message.id,
    reason: reason.slice(0, MAX_DEAD_LETTER_REASON),
    body: message.body,
  };
  try {
    await env.DEAD_LETTERS.send(letter);
  } catch (sendError) {
    try {
      await keepDeadLetter(env.DB, letter);
    } catch (error) {
      log("error", "dead_letter_not_kept", { messageId: message.id, sendError, error });
      message.retry();
      outcome.retried += 1;
      return;
    }
  }
  message.ack();
  outcome.deadLettered += 1;
}
