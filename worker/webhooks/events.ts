import * as z from "zod";
import type { WebhookEvent } from "../../contract/api";
import { END_REASONS, END_RESULTS } from "../../contract/schedule";
import { VARIANT_LABELS } from "../../contract/variants";
import { timeOrderedUuid } from "../lib/ids";

/** One delivery of one event to one endpoint, as it travels through the WEBHOOKS queue. */
export const webhookMessageSchema = z.object({
  endpointId: z.string().min(1),
  eventId: z.string().min(1),
  type: z.string().min(1),
  /** The JSON body, serialised once: every endpoint and every retry sends the same bytes. */
  body: z.string(),
});
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;

/**
 * One Slack message of one event, through the same queue: its connection (a new URL is a new
 * connection, so a message for a replaced one is dropped), the event's id and type, and the Block Kit
 * body, serialised once so every retry posts the same bytes.
 */
export const slackMessageSchema = z.object({
  destination: z.literal("slack"),
  connectionId: z.string().min(1),
  eventId: z.string().min(1),
  type: z.string().min(1),
  body: z.string(),
});
export type SlackMessage = z.infer<typeof slackMessageSchema>;

const variantSchema = z.enum(VARIANT_LABELS);

/** Something a test did that its workspace's members may want to hear of; each kind at most once per test. */
export const testAlertSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("verdict"), winner: variantSchema }),
  z.object({
    kind: z.literal("completed"),
    endedBy: z.enum(END_REASONS),
    result: z.enum(END_RESULTS),
    winner: variantSchema.nullable(),
  }),
  z.object({ kind: z.literal("srm"), pValue: z.number() }),
]);
export type TestAlert = z.infer<typeof testAlertSchema>;

/**
 * A test's alert on its way to the workspace's Slack, through the same queue: the Slack integration
 * (worker/integrations/slack/alert.ts) words it and queues its message, so the services that raise an
 * alert need not know Slack. The event's id and type are the webhooks' (one message per event).
 */
export const slackAlertSchema = z.object({
  destination: z.literal("slack-alert"),
  workspaceId: z.string().min(1),
  testId: z.string().min(1),
  eventId: z.string().min(1),
  type: z.string().min(1),
  alert: testAlertSchema,
  /** The optional name of the alert's winner, as the test had it when the alert was raised. */
  winnerName: z.string().nullable(),
});
export type SlackAlertMessage = z.infer<typeof slackAlertSchema>;

/** Queues' sendBatch takes at most 100 messages. */
const SEND_BATCH_LIMIT = 100;

/** The event's envelope `{ id, type, createdAt, data }`, serialised; its id doubles as the message's. */
export function webhookEvent(
  type: WebhookEvent["type"],
  data: Record<string, unknown>,
  now = Date.now(),
): { eventId: string; type: string; body: string } {
  const event: WebhookEvent = {
    id: timeOrderedUuid(now),
    type,
    createdAt: new Date(now).toISOString(),
    data,
  };
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

/** Queues the Slack message of an event to the connection. */
export async function queueSlackMessage(
  queue: Queue,
  message: Omit<SlackMessage, "destination">,
): Promise<void> {
  await queue.send({ destination: "slack", ...message } satisfies SlackMessage);
}

/** Queues a test's alert for the workspace's Slack, if it has one (the Slack integration looks). */
export async function queueSlackAlert(
  queue: Queue,
  message: Omit<SlackAlertMessage, "destination">,
): Promise<void> {
  await queue.send({ destination: "slack-alert", ...message } satisfies SlackAlertMessage);
}
