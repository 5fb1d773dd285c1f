import { attributionWindowMs } from "../db/attribution";
import { byShard, eventsDb, LEGACY_SHARD, shardsOf, shardWriter } from "../db/shards";
import type { Background } from "../lib/background";
import { eventId } from "../lib/ids";
import { onDemand } from "../lib/on-demand";
import { log } from "../observability/log";
import type {
  ClickEvent,
  ConversionEvent,
  PackedEvents,
  RuleVisitEvent,
  SightingEvent,
  TrackingEvent,
  UncountedEvent,
} from "./events";
import { countUncounted, writeConversions } from "./record";
import { writeRuleVisits } from "./rule-visits";
import { writeSightings } from "./sightings";

/** The shortest time a batch stays open for more events of the same isolate before it is sent. */
export const BATCH_WINDOW_MS = 100;
/**
 * How long an isolate gathers its events before it sends them, to the shard's writer (clicks) or the
 * queue (the rest): a fifth of the writer's hold (`holdSeconds`, CLICK_HOLD_SECONDS), at least
 * BATCH_WINDOW_MS. The writer holds a click that long anyway, so it reaches D1 at most a fifth later, and
 * a conversion, which comes after its click, no later than the click; an isolate that sees few events,
 * as most of Cloudflare's locations do, sends more of them in a call (docs/capacity.md: at 100 million
 * clicks a day, 0.45 calls to the writer a click with 100 ms, 0.06 with 4 s, and 0.89 queue messages a
 * conversion with 100 ms, 0.42 with 4 s).
 */
export const batchWindowMs = (holdSeconds: number) => Math.max(BATCH_WINDOW_MS, holdSeconds * 200);
/**
 * How long the redirect waits for its shard's writer to answer, past its window and the writer's hold
 * (at most 4 and 20 s, worker/config.ts): a request's background work may last 30 s.
 */
const WRITER_ANSWER_MS = 5_000;
/** At most this many events travel in one queue message (here, where the redirect loads: events.ts builds zod). */
export const MAX_PACKED_EVENTS = 100;

// A queue message holds at most 128 KB (an event is about 250 bytes; a rule visit's URL up to 2 KB):
// a batch goes as one message unless its events are bigger than this together.
const MAX_MESSAGE_BYTES = 120_000;
const encoder = new TextEncoder();
// Loaded when the producer writes to D1 itself, not at startup: this module is on the redirect's path.
const loadConversionWebhooks = onDemand(() => import("../webhooks/conversions"));

interface OpenBatch {
  events: TrackingEvent[];
}

// One open batch per queue binding (tests run requests with different bindings in one isolate).
const openBatches = new WeakMap<Queue, OpenBatch>();
// The clicks for each shard's writer, per binding likewise.
const openClicks = new WeakMap<Env["SHARD_WRITERS"], Map<string, ClickEvent[]>>();

/**
 * Hands a tracking event to the queue without holding up the response. The events of an isolate's
 * concurrent requests share one `sendBatch`: the request that opens a batch sends it from its own
 * `waitUntil` after a short window, the others only add to it, so no request waits on another's
 * promise and a busy link costs one queue call, and one message, per batch instead of one per visit
 * (the consumer unpacks it; each event's id keeps a redelivery from counting twice). Should the queue
 * refuse the batch, its events go straight into D1 instead, so nothing is lost. A click of a link whose
 * `shard` the redirect knows skips the queue: see handClick.
 */
export function enqueueEvent(env: Env, ctx: Background, event: TrackingEvent, shard?: string): void {
  if (event.type === "click" && shard) {
    handClick(env, ctx, event, shard);
    return;
  }
  const open = openBatches.get(env.CLICKS);
  if (open && event.type === "uncounted") {
    const same = open.events.find(
      (other): other is UncountedEvent =>
        other.type === "uncounted" && other.testId === event.testId && other.reason === event.reason,
    );
    if (same) {
      same.events = (same.events ?? 1) + (event.events ?? 1);
      return;
    }
  }
  // An uncounted event stands for all of its kind in the batch: its id makes the sum count once.
  const tracked = event.type === "uncounted" ? { ...event, id: eventId() } : event;
  if (open && open.events.length < MAX_PACKED_EVENTS) {
    open.events.push(tracked);
    return;
  }
  const batch: OpenBatch = { events: [tracked] };
  openBatches.set(env.CLICKS, batch);
  ctx.waitUntil(sendAfterWindow(env, batch));
}

/**
 * Hands a click to its shard's writer (worker/queue/shard-writer.ts) instead of the queue: a request to
 * the writer costs less than a queue message (docs/capacity.md), and the writer holds the clicks of many
 * isolates a moment (CLICK_HOLD_SECONDS) to write them together. An isolate's clicks of a window
 * (batchWindowMs) go in one call, as its queue batches do. Should the writer refuse them or fail, they go
 * through the queue.
 */
function handClick(env: Env, ctx: Background, click: ClickEvent, shard: string): void {
  let byShard = openClicks.get(env.SHARD_WRITERS);
  if (!byShard) {
    byShard = new Map();
    openClicks.set(env.SHARD_WRITERS, byShard);
  }
  const open = byShard.get(shard);
  if (open && open.length < MAX_PACKED_EVENTS) {
    open.push(click);
    return;
  }
  const clicks = [click];
  byShard.set(shard, clicks);
  ctx.waitUntil(handAfterWindow(env, shard, clicks));
}

async function handAfterWindow(env: Env, shard: string, clicks: ClickEvent[]): Promise<void> {
  await scheduler.wait(batchWindowMs(env.CLICK_HOLD_SECONDS));
  const byShard = openClicks.get(env.SHARD_WRITERS);
  if (byShard?.get(shard) === clicks) byShard.delete(shard);
  const holdMs = env.CLICK_HOLD_SECONDS * 1000;
  const refused = await Promise.race([
    shardWriter(env, shard)
      .writeClicks(shard, clicks, holdMs)
      .catch((error: unknown) => String(error)),
    // The background work of a request lasts 30 s at most: clicks not written by then go by the queue
    // (should the writer write them after all, their ids keep them from counting twice).
    scheduler.wait(holdMs + WRITER_ANSWER_MS).then(() => "no answer in time"),
  ]);
  if (refused === null) return;
  log("warn", "click_write_refused", { shard, clicks: clicks.length, error: refused, fallback: "queue" });
  await sendEvents(env, clicks);
}

async function sendAfterWindow(env: Env, batch: OpenBatch): Promise<void> {
  await scheduler.wait(batchWindowMs(env.CLICK_HOLD_SECONDS));
  if (openBatches.get(env.CLICKS) === batch) openBatches.delete(env.CLICKS);
  await sendEvents(env, batch.events);
}

/** Sends events through the queue or, should it refuse them, writes them straight into D1. */
async function sendEvents(env: Env, events: TrackingEvent[]): Promise<void> {
  try {
    await env.CLICKS.sendBatch(packEvents(events).map((body) => ({ body })));
  } catch (error) {
    const clicks = events.filter((event): event is ClickEvent => event.type === "click");
    const conversions = events.filter((event): event is ConversionEvent => event.type === "conversion");
    log("error", "queue_send_failed", {
      clicks: clicks.length,
      conversions: conversions.length,
      fallback: "direct_write",
      error,
    });
    // Each test's events to its shard (worker/db/shards.ts), all shards at once.
    const shards = await shardsOf(
      env,
      events.map((event) => event.testId),
    );
    const groups = byShard(events, (event) => shards.get(event.testId) ?? LEGACY_SHARD);
    const counted = (
      await Promise.all([...groups].map(([shard, events]) => writeDirectly(env, shard, events)))
    ).flat();
    const { sendConversionEvents } = await loadConversionWebhooks();
    await sendConversionEvents(env, counted);
  }
}

/** Writes one shard's events as the consumer would; answers the conversions counted. */
async function writeDirectly(env: Env, shard: string, events: TrackingEvent[]) {
  const db = eventsDb(env, shard);
  // Clicks first, through the shard's one writer: a conversion counts only once its visitor's click is in D1.
  const clicks = events.filter((event): event is ClickEvent => event.type === "click");
  const refused = clicks.length > 0 ? await shardWriter(env, shard).writeClicks(shard, clicks) : null;
  if (refused !== null) throw new Error(refused);
  await writeRuleVisits(
    db,
    events.filter((event): event is RuleVisitEvent => event.type === "rule"),
  );
  const { counted } = await writeConversions(
    db,
    events.filter((event): event is ConversionEvent => event.type === "conversion"),
    attributionWindowMs(env),
  );
  await countUncounted(
    db,
    events.filter((event): event is UncountedEvent => event.type === "uncounted"),
  );
  await writeSightings(
    db,
    events.filter((event): event is SightingEvent => event.type === "sighting"),
  );
  return counted;
}

/** The events as few messages as fit: up to MAX_PACKED_EVENTS and MAX_MESSAGE_BYTES each. */
export function packEvents(events: readonly unknown[], attempts?: number): PackedEvents[] {
  const messages: PackedEvents[] = [];
  let open: PackedEvents | undefined;
  let bytes = 0;
  for (const event of events) {
    const size = encoder.encode(JSON.stringify(event)).length + 1;
    if (!open || open.events.length >= MAX_PACKED_EVENTS || bytes + size > MAX_MESSAGE_BYTES) {
      open = { type: "events", events: [], ...(attempts ? { attempts } : {}) };
      messages.push(open);
      bytes = 0;
    }
    open.events.push(event);
    bytes += size;
  }
  return messages;
}
