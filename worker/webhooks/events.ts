import * as z from "zod";
import type { WebhookEvent } from "../../contract/api";
import { eventId } from "../lib/event-id";

/** One delivery of one event to one endpoint, as it travels through the WEBHOOKS queue. */
export const webhookMessageSchema = z.object({
  endpointId: z.string().min(1),
  eventId: z.string().min(1),
  type: z.string().min(1),
  /** The JSON body, serialised once: every endpoint and every retry sends the same bytes. */
  body: z.string(),
});
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;

/** Queues' sendBatch takes at most 100 messages. */
const SEND_BATCH_LIMIT = 100;

/** The event's envelope `{ id, type, createdAt, data }`, serialised; its id doubles as the message's. */
export function webhookEvent(
  type: WebhookEvent["type"],
  data: Record<string, unknown>,
  now = Date.now(),
): { eventId: string; type: string; body: string } {
  const event: WebhookEvent = { id: eventId(now), type, createdAt: new Date(now).toISOString(), data };
  return { eventId: event.id, type, body: JSON.stringify(event) };
}

/** Queues one delivery per endpoint of each event. */
export async function queueDeliveries(
  queue: Queue,
  deliveries: { endpointIds: string[]; event: ReturnType<typeof webhookEvent> }[],
): Promise<void> {
  const messages = deliveries.flatMap(({ endpointIds, event }) =>
    endpointIds.map((endpointId) => ({ body: { endpointId, ...event } satisfies WebhookMessage })),
  );
  for (let start = 0; start < messages.length; start += SEND_BATCH_LIMIT)
    await queue.sendBatch(messages.slice(start, start + SEND_BATCH_LIMIT));
}
