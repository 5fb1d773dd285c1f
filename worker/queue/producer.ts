import { attributionWindowMs } from "../db/attribution";
import type { Background } from "../lib/background";
import { log } from "../observability/log";
import type {
  ClickEvent,
  ConversionEvent,
  RuleVisitEvent,
  SightingEvent,
  TrackingEvent,
  UncountedEvent,
} from "./events";
import { countUncounted, writeClicks, writeConversions } from "./record";
import { writeRuleVisits } from "./rule-visits";
import { writeSightings } from "./sightings";

/** How long a batch stays open for more events of the same isolate before it is sent. */
export const BATCH_WINDOW_MS = 100;
// Queues take at most 100 messages (and 256 KB; an event is about 200 bytes) in one sendBatch.
const MAX_BATCH_EVENTS = 100;

interface OpenBatch {
  events: TrackingEvent[];
}

// One open batch per queue binding (tests run requests with different bindings in one isolate).
const openBatches = new WeakMap<Queue, OpenBatch>();

/**
 * Hands a tracking event to the queue without holding up the response. The events of an isolate's
 * concurrent requests share one `sendBatch`: the request that opens a batch sends it from its own
 * `waitUntil` after a short window, the others only add to it, so no request waits on another's
 * promise and a busy link costs one queue call per batch instead of one per visit. Should the queue
 * refuse the batch, its events go straight into D1 instead, so nothing is lost.
 */
export function enqueueEvent(env: Env, ctx: Background, event: TrackingEvent): void {
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
  if (open && open.events.length < MAX_BATCH_EVENTS) {
    open.events.push(event);
    return;
  }
  const batch: OpenBatch = { events: [event] };
  openBatches.set(env.CLICKS, batch);
  ctx.waitUntil(sendAfterWindow(env, batch));
}

async function sendAfterWindow(env: Env, batch: OpenBatch): Promise<void> {
  await scheduler.wait(BATCH_WINDOW_MS);
  if (openBatches.get(env.CLICKS) === batch) openBatches.delete(env.CLICKS);
  try {
    await env.CLICKS.sendBatch(batch.events.map((body) => ({ body })));
  } catch (error) {
    const clicks = batch.events.filter((event): event is ClickEvent => event.type === "click");
    const conversions = batch.events.filter((event): event is ConversionEvent => event.type === "conversion");
    log("error", "queue_send_failed", {
      clicks: clicks.length,
      conversions: conversions.length,
      fallback: "direct_write",
      error,
    });
    // Clicks first: a conversion counts only once its visitor's click is in D1.
    await writeClicks(env.DB, clicks);
    await writeRuleVisits(
      env.DB,
      batch.events.filter((event): event is RuleVisitEvent => event.type === "rule"),
    );
    const { counted } = await writeConversions(env.DB, conversions, attributionWindowMs(env));
    await countUncounted(
      env.DB,
      batch.events.filter((event): event is UncountedEvent => event.type === "uncounted"),
    );
    await writeSightings(
      env.DB,
      batch.events.filter((event): event is SightingEvent => event.type === "sighting"),
    );
    // Loaded here, not at startup: this module is on the redirect's path (docs/architecture.md).
    const { sendConversionEvents } = await import("../webhooks/conversions");
    await sendConversionEvents(env, counted);
  }
}
