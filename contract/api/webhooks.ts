import * as z from "zod";
import { WEBHOOK_MESSAGES } from "../messages";
import { isPlainUrl, MAX_URL_LENGTH } from "../urls";
import { WEBHOOK_EVENT_TYPES } from "../webhooks";
import { idParam, millis } from "./common";

// Webhook endpoints and their deliveries. The events and the retry schedule are plain constants in
// contract/webhooks.ts.

/**
 * A new webhook endpoint, for the SPA's API and the public API alike. Whether the URL may be used
 * depends on the environment (https, no private address in production): the service checks that with
 * the same rule every delivery does (worker/webhooks/url-policy.ts); here only that it is a URL at all.
 */
export const createWebhookSchema = z
  .object(
    {
      url: z
        .string({ error: WEBHOOK_MESSAGES.urlRequired })
        .trim()
        .min(1, WEBHOOK_MESSAGES.urlRequired)
        .max(MAX_URL_LENGTH, WEBHOOK_MESSAGES.urlTooLong)
        .refine(isPlainUrl, WEBHOOK_MESSAGES.urlInvalid)
        .describe(
          "Where to send the events: an https URL of a public host (private and local addresses are refused)",
        ),
      events: z
        .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventUnknown }), {
          error: WEBHOOK_MESSAGES.eventsRequired,
        })
        .min(1, WEBHOOK_MESSAGES.eventsRequired)
        .transform((events) => [...new Set(events)])
        .describe("The events to send: one or more of the four types"),
    },
    { error: WEBHOOK_MESSAGES.urlRequired },
  )
  .meta({ required: ["url", "events"] });
/** POST /api/webhooks, POST /api/v1/webhooks */
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

/** The path parameter of one endpoint; an id another user owns is simply not found. */
export const webhookIdParam = idParam("The webhook endpoint's id");

/** `failing`: a delivery gave up after its last retry; the next successful one makes it `active` again. */
const webhookStatusSchema = z
  .enum(["active", "failing"])
  .describe("failing: a delivery was given up after retrying for more than 24 hours");
export type WebhookStatus = z.output<typeof webhookStatusSchema>;

/** A webhook endpoint as listed: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z
    .string()
    .describe(
      "Where the events are sent; masked (origin and the start of the path) for a viewer or a read key",
    ),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).describe("The event types sent to it"),
  status: webhookStatusSchema,
  createdAt: millis("When the endpoint was added"),
  // Set when one gave up.
  failingSince: millis("Since when deliveries fail").nullable(),
  lastSuccessAt: millis("The last delivery answered with a 2xx status").nullable(),
  disabledAt: millis(
    "Since when nothing is sent to it: the member who added it was removed or lost the role to add it; an owner turns it back on",
  ).nullable(),
});
export type WebhookEndpoint = z.output<typeof webhookEndpointSchema>;

/** GET /api/webhooks, GET /api/v1/webhooks */
export const webhookListResponseSchema = z.object({ webhooks: z.array(webhookEndpointSchema) });
export type WebhookListResponse = z.output<typeof webhookListResponseSchema>;

/** POST /api/webhooks (201): the only answer that ever carries the endpoint's signing secret. */
export const createdWebhookResponseSchema = z.object({
  webhook: webhookEndpointSchema,
  secret: z
    .string()
    .describe(
      "The signing secret of the SplitLink-Signature header. Shown only in this answer: store it now.",
    ),
});
export type CreatedWebhookResponse = z.output<typeof createdWebhookResponseSchema>;

/** The delivery log's answers, for their types only (see contract/api.ts, "answers only the app reads"). */
function answers() {
  /** One delivery attempt: the answer's status code, or why there was none. */
  const delivery = z.object({
    id: z.number(),
    eventId: z.string(),
    type: z.string(),
    /** 1 for the first try, then each retry. */
    attempt: z.number(),
    /** True for a 2xx answer. */
    delivered: z.boolean(),
    statusCode: z.number().nullable(),
    /** A timeout, a network error or a refused address; null when an answer came. */
    error: z.string().nullable(),
    durationMs: z.number(),
    attemptedAt: z.number(),
  });
  return {
    delivery,
    /** GET /api/webhooks/:id/deliveries: the newest attempts first. */
    deliveries: z.object({ deliveries: z.array(delivery) }),
    /** POST /api/webhooks/:id/test: the attempt it made. */
    test: z.object({ delivery }),
  };
}
type Answers = ReturnType<typeof answers>;
export type WebhookDelivery = z.output<Answers["delivery"]>;
export type WebhookDeliveryListResponse = z.output<Answers["deliveries"]>;
export type WebhookTestResponse = z.output<Answers["test"]>;
