import type { Background } from "../lib/background";
import { log } from "../observability/log";
import type { TrackingEvent } from "./events";
import { writeClicks, writeConversions } from "./record";

/**
 * Sends a tracking event to the queue without holding up the response. Should the queue refuse it,
 * the event goes straight into D1 instead, so nothing is lost.
 */
export function enqueueEvent(env: Env, ctx: Background, event: TrackingEvent): void {
  ctx.waitUntil(
    env.CLICKS.send(event).catch(async (error: unknown) => {
      log("error", "queue_send_failed", { eventType: event.type, fallback: "direct_write", error });
      const db = env.DB;
      if (event.type === "click") await writeClicks(db, [event]);
      else await writeConversions(db, [event]);
    }),
  );
}
