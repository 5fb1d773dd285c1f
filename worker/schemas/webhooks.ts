import * as z from "zod";
import { WEBHOOK_EVENT_TYPES } from "../../contract/api";
import { WEBHOOK_MESSAGES } from "../../contract/messages";
import { webhookUrlProblem } from "../webhooks/url-policy";

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
        .max(2048, WEBHOOK_MESSAGES.urlTooLong)
        .refine((url) => webhookUrlProblem(url, true) !== "invalid", WEBHOOK_MESSAGES.urlInvalid)
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

/** The path parameter of one endpoint; an id another user owns is simply not found. */
export const webhookIdParam = z.object({ id: z.string().describe("The webhook endpoint's id") });
