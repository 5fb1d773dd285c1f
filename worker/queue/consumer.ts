import { attributionWindowMs, isPastWindow, OUTSIDE_ATTRIBUTION_WINDOW } from "../db/attribution";
import { byShard, eventsDb, LEGACY_SHARD, shardsOf, shardWriter } from "../db/shards";
import { log } from "../observability/log";
import { type CountedConversion, sendConversionEvents } from "../webhooks/conversions";
import { keepDeadLetter, MAX_DEAD_LETTER_REASON } from "./dead-letters";
import {
  type ClickEvent,
  type ConversionEvent,
  packedEventsSchema,
  type RuleVisitEvent,
  type SightingEvent,
  type TrackingEvent,
  trackingEventSchema,
  type UncountedEvent,
} from "./events";
import { packEvents } from "./producer";
import { countUncounted, type UnmatchedReason, writeConversions } from "./record";
import { writeRuleVisits } from "./rule-visits";
import { writeSightings } from "./sightings";

// A conversion can overtake its click in the queue: wait for it this many times, 10 s apart.
export const CONVERSION_WAIT_ATTEMPTS = 6;
const CONVERSION_RETRY_DELAY_SECONDS = 10;
// An event that failed to write alone this many times goes to the dead-letter queue (wrangler.toml's
// max_retries is at least this, so Cloudflare does not move it first).
export const DEAD_LETTER_AFTER_ATTEMPTS = 10;

/**
 * One event as delivered, and how to settle it: on its own message (the shape sent before messages
 * held a batch), or within a packed message, which is acknowledged once all its events are settled.
 */
interface Delivery {
  readonly id: string;
  /** Deliveries of this event so far, this one included. */
  readonly attempts: number;
  ack(): void;
  retry(delaySeconds?: number): void;
}

interface Pending<E> {
  delivery: Delivery;
  event: E;
}

/** A message of many events: the ones to deliver again go out as a new message once the batch is done. */
interface Packed {
  message: Message<unknown>;
  attempts: number;
  again: { event: unknown; delaySeconds: number | undefined }[];
}

// The events of one consumer batch (up to 100 messages of up to 100 events) are written this many at
// a time: one JSON parameter well under D1's limits.
const EVENTS_PER_WRITE = 1_000;
// Conversions 100 at a time: the per-address limit compares each with those before it in the write.
const CONVERSIONS_PER_WRITE = 100;

/** What became of a batch's events; logged once per batch. */
interface BatchOutcome {
  /** Written to D1 and acknowledged (a redelivered event counts, but inserts nothing twice). */
  written: number;
  /** Delivered again later: a failed write, or a conversion still waiting for its click. */
  retried: number;
  deadLettered: number;
  /** Acknowledged unwritten: events older than the attribution window; conversions whose click never came or came too long before, of an unknown test, or in another currency than the test's. */
  dropped: number;
}

/** A batch's valid events, sorted by type, each with how to settle its delivery. */
interface Sorted {
  clicks: Pending<ClickEvent>[];
  conversions: Pending<ConversionEvent>[];
  ruleVisits: Pending<RuleVisitEvent>[];
  uncounted: Pending<UncountedEvent>[];
  sightings: Pending<SightingEvent>[];
}

/** What the steps of one batch share. */
interface BatchContext {
  env: Env;
  outcome: BatchOutcome;
  windowMs: number;
}

/**
 * Takes a batch of tracking messages into D1: each holds an isolate's batch of events (or, sent before,
 * one event). A malformed message or event goes to the dead-letter queue at once. If a write fails, its
 * events are written in halves until each good one lands; one that fails alone is delivered again and,
 * after DEAD_LETTER_AFTER_ATTEMPTS deliveries, sent to the dead-letter queue. Event ids make a
 * redelivery insert, and count, nothing twice.
 */
export async function consumeEvents(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const context: BatchContext = {
    env,
    outcome: { written: 0, retried: 0, deadLettered: 0, dropped: 0 },
    windowMs: attributionWindowMs(env),
  };
  const { sorted, packed } = await sortBatch(context, batch);
  const shardOf = await shardsOfBatch(context, sorted);
  // Events delivered again unwritten (the main database down) are not this batch's.
  const events = shardOf ? Object.values(sorted).reduce((sum, list) => sum + list.length, 0) : 0;
  if (shardOf) {
    const write = writerByShard(context, shardOf);
    await write(sorted.clicks, EVENTS_PER_WRITE, toShardWriter(env));
    await write(sorted.ruleVisits, EVENTS_PER_WRITE, settlingAll(writeRuleVisits));
    await write(sorted.sightings, EVENTS_PER_WRITE, settlingAll(writeSightings));
    const refused = await takeConversions(context, write, sorted.conversions);
    await countRefused(context, write, shardOf, sorted.uncounted, refused);
  }
  for (const entry of packed) await settlePacked(env, entry);
  // Past max_retries the Queues runtime moves a message to the dead-letter queue; attempts tells how close a batch is.
  const attempts = Math.max(0, ...batch.messages.map((message) => message.attempts));
  log("info", "queue_batch", {
    queue: batch.queue,
    size: batch.messages.length,
    events,
    attempts,
    ...context.outcome,
  });
}

/** Acknowledges an event that will never be written, and says why. */
function drop({ env, outcome }: BatchContext, delivery: Delivery, event: TrackingEvent, reason: string) {
  log("warn", "tracking_event_dropped", {
    reason,
    type: event.type,
    testId: event.testId,
    at: new Date(event.timestamp).toISOString(),
    ...(reason === OUTSIDE_ATTRIBUTION_WINDOW ? { windowDays: env.ATTRIBUTION_WINDOW_DAYS } : {}),
  });
  delivery.ack();
  outcome.dropped += 1;
}

/** The batch's events by type; malformed ones dead-lettered, those past the window dropped. */
async function sortBatch(
  context: BatchContext,
  batch: MessageBatch<unknown>,
): Promise<{ sorted: Sorted; packed: Packed[] }> {
  const sorted: Sorted = { clicks: [], conversions: [], ruleVisits: [], uncounted: [], sightings: [] };
  const packed: Packed[] = [];
  const take = async (delivery: Delivery, body: unknown) => {
    const parsed = trackingEventSchema.safeParse(body);
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? "malformed";
      await deadLetter(context.env, delivery, body, reason, context.outcome);
      return;
    }
    const event = parsed.data;
    // Nothing is written into a day the archive may have moved to R2 (worker/archive/).
    if (isPastWindow(event.timestamp, context.windowMs))
      drop(context, delivery, event, OUTSIDE_ATTRIBUTION_WINDOW);
    else if (event.type === "click") sorted.clicks.push({ delivery, event });
    else if (event.type === "rule") sorted.ruleVisits.push({ delivery, event });
    else if (event.type === "uncounted") sorted.uncounted.push({ delivery, event });
    else if (event.type === "sighting") sorted.sightings.push({ delivery, event });
    else sorted.conversions.push({ delivery, event });
  };

  for (const message of batch.messages) {
    const pack = packedEventsSchema.safeParse(message.body);
    if (!pack.success) {
      await take(alone(message), message.body);
      continue;
    }
    const entry: Packed = { message, attempts: message.attempts + (pack.data.attempts ?? 0), again: [] };
    packed.push(entry);
    for (const [index, event] of pack.data.events.entries()) {
      await take(
        {
          id: `${message.id}#${index}`,
          attempts: entry.attempts,
          ack: () => {},
          retry: (delaySeconds) => entry.again.push({ event, delaySeconds }),
        },
        event,
      );
    }
  }
  return { sorted, packed };
}

/**
 * Each test's shard (worker/db/shards.ts), one lookup for the batch; null when the main database is
 * down: then nothing is written and every event is delivered again.
 */
async function shardsOfBatch(
  { env, outcome }: BatchContext,
  sorted: Sorted,
): Promise<((testId: string) => string) | null> {
  const pending = Object.values(sorted).flat() as Pending<TrackingEvent>[];
  try {
    const shards = await shardsOf(
      env,
      pending.map(({ event }) => event.testId),
    );
    return (testId) => shards.get(testId) ?? LEGACY_SHARD;
  } catch (error) {
    log("warn", "queue_batch_write_failed", { size: pending.length, error, next: "delivering again" });
    for (const { delivery } of pending) delivery.retry();
    outcome.retried += pending.length;
    return null;
  }
}

/** An event shard: its binding's name and its database. */
interface Shard {
  name: string;
  db: D1Database;
}

/** Writes events to a shard, returning those it leaves unsettled (a conversion still waiting for its click). */
type Write<E> = (shard: Shard, events: E[]) => Promise<E[]>;

/** A write that settles every event it writes. */
function settlingAll<E>(write: (db: D1Database, events: E[]) => Promise<void>): Write<E> {
  return async ({ db }, events) => {
    await write(db, events);
    return [];
  };
}

/** Clicks go through the shard's one writer (worker/queue/shard-writer.ts), settled once it has written them. */
function toShardWriter(env: Env): Write<ClickEvent> {
  return async ({ name }, clicks) => {
    const error = await shardWriter(env, name).writeClicks(name, clicks);
    if (error !== null) throw new Error(error);
    return [];
  };
}
type WriteByShard = <E extends { testId: string }>(
  pending: Pending<E>[],
  perWrite: number,
  write: Write<E>,
) => Promise<E[]>;

/** Writes each shard's events to it, all shards at once: one that refuses writes holds up (and retries) only its own events. */
function writerByShard(context: BatchContext, shardOf: (testId: string) => string): WriteByShard {
  return async (pending, perWrite, write) => {
    const groups = [...byShard(pending, ({ event }) => shardOf(event.testId))];
    const unsettled = await Promise.all(
      groups.map(([shard, group]) =>
        writeIsolated(context.env, group, context.outcome, perWrite, (events) =>
          write({ name: shard, db: eventsDb(context.env, shard) }, events),
        ),
      ),
    );
    return unsettled.flat();
  };
}

/**
 * Writes the conversions and sends the counted ones' webhooks. A conversion without its click yet waits
 * for it; one that can never count (its visitor's click came longer than the window before it, too) is
 * acknowledged at once. Returns the refused ones, to be counted.
 */
async function takeConversions(
  context: BatchContext,
  write: WriteByShard,
  conversions: Pending<ConversionEvent>[],
): Promise<{ event: ConversionEvent; reason: UnmatchedReason }[]> {
  const { env, outcome } = context;
  const refused: { event: ConversionEvent; reason: UnmatchedReason }[] = [];
  const counted: CountedConversion[] = [];
  const waiting = new Set(
    await write(conversions, CONVERSIONS_PER_WRITE, async ({ db }, events) => {
      const written = await writeConversions(db, events, context.windowMs);
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
  for (const { delivery, event } of conversions) {
    if (!waiting.has(event)) continue;
    if (delivery.attempts < CONVERSION_WAIT_ATTEMPTS) {
      delivery.retry(CONVERSION_RETRY_DELAY_SECONDS);
      outcome.retried += 1;
    } else {
      drop(context, delivery, event, "conversion_without_click");
      refused.push({ event, reason: "no_click" });
    }
  }
  return refused;
}

/**
 * What the tests' trafficQuality shows: the edge's counts, then the conversions refused here (an unknown
 * test has nowhere to show them). Those are acknowledged already: a failure to count them is logged,
 * and fails nothing.
 */
async function countRefused(
  { env }: BatchContext,
  write: WriteByShard,
  shardOf: (testId: string) => string,
  uncounted: Pending<UncountedEvent>[],
  refused: { event: ConversionEvent; reason: UnmatchedReason }[],
): Promise<void> {
  await write(uncounted, EVENTS_PER_WRITE, settlingAll(countUncounted));
  const refusals = refused.flatMap(({ event, reason }) =>
    reason === "unknown_test"
      ? []
      : [{ testId: event.testId, reason, events: 1, id: event.id, timestamp: event.timestamp }],
  );
  await Promise.all(
    [...byShard(refusals, ({ testId }) => shardOf(testId))].map(([shard, some]) =>
      countUncounted(eventsDb(env, shard), some).catch((error: unknown) =>
        log("warn", "traffic_quality_not_counted", { shard, refusals: some.length, error }),
      ),
    ),
  );
}

/** A message of one event (the shape sent before messages held a batch). */
function alone(message: Message<unknown>): Delivery {
  return {
    id: message.id,
    attempts: message.attempts,
    ack: () => message.ack(),
    retry: (delaySeconds) => message.retry(delaySeconds === undefined ? undefined : { delaySeconds }),
  };
}

/**
 * Acknowledges a packed message once its events are settled: those to deliver again go out first as
 * new messages, carrying their deliveries so far, so the others are not delivered again. Should the
 * queue refuse them, the whole message is delivered again: event ids keep its written events from
 * counting twice.
 */
async function settlePacked(env: Env, { message, attempts, again }: Packed): Promise<void> {
  const byDelay = new Map<number | undefined, unknown[]>();
  for (const { event, delaySeconds } of again)
    byDelay.set(delaySeconds, [...(byDelay.get(delaySeconds) ?? []), event]);
  try {
    for (const [delaySeconds, events] of byDelay) {
      const bodies = packEvents(events, attempts);
      await env.CLICKS.sendBatch(bodies.map((body) => ({ body, delaySeconds })));
    }
    message.ack();
  } catch (error) {
    log("warn", "queue_events_not_sent_again", { messageId: message.id, events: again.length, error });
    message.retry();
  }
}

/**
 * Writes the events `perWrite` at a time, a write that fails again in halves. Acknowledges each
 * written event except those the write answers as not settled yet (conversions still waiting for
 * their click), which it returns; an event whose own write fails is delivered again alone, and a part
 * whose two halves both fail is delivered again whole (see writeInHalves).
 */
async function writeIsolated<E>(
  env: Env,
  pending: Pending<E>[],
  outcome: BatchOutcome,
  perWrite: number,
  write: (events: E[]) => Promise<E[]>,
): Promise<E[]> {
  const unsettled: E[] = [];
  for (let start = 0; start < pending.length; start += perWrite) {
    const part = pending.slice(start, start + perWrite);
    const tried = await tryWrite(part, outcome, write);
    unsettled.push(
      ...("error" in tried ? await writeInHalves(env, part, outcome, write, tried.error) : tried.unsettled),
    );
  }
  return unsettled;
}

/** Writes the events, settling those written; the write's error instead if it fails. */
async function tryWrite<E>(
  pending: Pending<E>[],
  outcome: BatchOutcome,
  write: (events: E[]) => Promise<E[]>,
): Promise<{ unsettled: E[] } | { error: unknown }> {
  try {
    return { unsettled: settle(pending, await write(pending.map((p) => p.event)), outcome) };
  } catch (error) {
    return { error };
  }
}

/**
 * After the write of `pending` failed with `error`: its halves, and a half that fails in halves again,
 * until the event that fails alone is found and delivered again (dead-lettered on its last delivery).
 * Both halves failing is the shard refusing writes, not one event: a write of each would fail as well,
 * two for each event of the batch, so they are all delivered again together. Unless one of them is on
 * its last delivery: then each is written alone, so that only what fails alone is dead-lettered.
 */
async function writeInHalves<E>(
  env: Env,
  pending: Pending<E>[],
  outcome: BatchOutcome,
  write: (events: E[]) => Promise<E[]>,
  error: unknown,
): Promise<E[]> {
  const [item] = pending;
  if (pending.length === 1 && item) {
    const { delivery, event } = item;
    if (delivery.attempts >= DEAD_LETTER_AFTER_ATTEMPTS) {
      await deadLetter(env, delivery, event, `failed to write ${delivery.attempts} times: ${error}`, outcome);
    } else {
      log("warn", "tracking_event_retried", { messageId: delivery.id, attempts: delivery.attempts, error });
      delivery.retry();
      outcome.retried += 1;
    }
    return [];
  }
  log("warn", "queue_batch_write_failed", { size: pending.length, error, next: "writing each half" });
  const half = Math.ceil(pending.length / 2);
  const halves = [pending.slice(0, half), pending.slice(half)];
  const tried = [];
  for (const events of halves) tried.push(await tryWrite(events, outcome, write));
  const lastDelivery = pending.some(({ delivery }) => delivery.attempts >= DEAD_LETTER_AFTER_ATTEMPTS);
  if (tried.every((each) => "error" in each) && !lastDelivery) {
    log("warn", "queue_batch_write_failed", { size: pending.length, error, next: "delivering all again" });
    for (const { delivery } of pending) delivery.retry();
    outcome.retried += pending.length;
    return [];
  }
  const unsettled: E[] = [];
  for (const [i, each] of tried.entries())
    unsettled.push(
      ...("error" in each
        ? await writeInHalves(env, halves[i] ?? [], outcome, write, each.error)
        : each.unsettled),
    );
  return unsettled;
}

function settle<E>(pending: Pending<E>[], unsettled: E[], outcome: BatchOutcome): E[] {
  const open = new Set(unsettled);
  for (const { delivery, event } of pending) {
    if (open.has(event)) continue;
    delivery.ack();
    outcome.written += 1;
  }
  return unsettled;
}

/**
 * Keeps an event the consumer can never take, with the reason, out of the way of the others: on the
 * dead-letter queue, or, when that refuses it (a message too big to wrap, the queue down), straight in
 * D1, cut to size. Only when both fail is it delivered again; it never fails the batch.
 */
async function deadLetter(
  env: Env,
  delivery: Delivery,
  body: unknown,
  reason: string,
  outcome: BatchOutcome,
): Promise<void> {
  log("error", "tracking_event_dead_lettered", { messageId: delivery.id, reason });
  const letter = { messageId: delivery.id, reason: reason.slice(0, MAX_DEAD_LETTER_REASON), body };
  try {
    await env.DEAD_LETTERS.send(letter);
  } catch (sendError) {
    try {
      await keepDeadLetter(env.DB, letter);
    } catch (error) {
      log("error", "dead_letter_not_kept", { messageId: delivery.id, sendError, error });
      delivery.retry();
      outcome.retried += 1;
      return;
    }
  }
  delivery.ack();
  outcome.deadLettered += 1;
}
