import * as z from "zod";
import { STRIPE_MESSAGES } from "../messages";

// Integrations of a workspace with the tools a marketer already uses (issue #36). One section per
// integration; the status listing first, which every integration adds its row to.

/** The integrations the listing names, in the order Settings shows them. */
export const INTEGRATION_KINDS = ["stripe", "slack", "ga4"] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

const isoTime = (what: string) => z.string().describe(`${what}, an ISO 8601 time`);

/** One integration's state in the workspace. */
export const integrationStatusSchema = z.object({
  kind: z.enum(INTEGRATION_KINDS),
  connected: z.boolean(),
  connectedAt: isoTime("Since when it is connected").nullable(),
  lastEventAt: isoTime("The last event received from it").nullable(),
});
export type IntegrationStatus = z.output<typeof integrationStatusSchema>;

/** GET /api/integrations, GET /api/v1/integrations */
export const integrationListResponseSchema = z.object({ integrations: z.array(integrationStatusSchema) });
export type IntegrationListResponse = z.output<typeof integrationListResponseSchema>;

// Stripe

/**
 * The longest signing secret taken: Stripe's are `whsec_` and about 40 characters; the cap only keeps
 * out garbage.
 */
export const MAX_STRIPE_SECRET_LENGTH = 200;

/** Stripe's endpoint signing secret as its dashboard shows it. */
const STRIPE_SECRET = /^whsec_[A-Za-z0-9+/=_-]{16,}$/;

/** PUT /api/integrations/stripe, PUT /api/v1/integrations/stripe */
export const connectStripeSchema = z
  .object(
    {
      signingSecret: z
        .string({ error: STRIPE_MESSAGES.secretRequired })
        .trim()
        .min(1, STRIPE_MESSAGES.secretRequired)
        .max(MAX_STRIPE_SECRET_LENGTH, STRIPE_MESSAGES.secretInvalid)
        .regex(STRIPE_SECRET, STRIPE_MESSAGES.secretInvalid)
        .describe(
          "The signing secret of the webhook endpoint you added in Stripe (whsec_…, in Stripe's Workbench under Webhooks). Stored, never shown again.",
        ),
    },
    { error: STRIPE_MESSAGES.secretRequired },
  )
  .meta({ required: ["signingSecret"] });
export type ConnectStripeInput = z.input<typeof connectStripeSchema>;

/** PUT …/integrations/stripe: where Stripe must send its events. */
export const connectStripeResponseSchema = z.object({
  endpointUrl: z
    .string()
    .describe(
      "Add this URL as the webhook endpoint in Stripe, with the events checkout.session.completed, invoice.paid and charge.refunded. It stays the same when you connect again.",
    ),
});
export type ConnectStripeResponse = z.output<typeof connectStripeResponseSchema>;

/** What became of the last Stripe event received, as the status names it (STRIPE_MESSAGES.outcomes). */
export const STRIPE_OUTCOMES = [
  "counted",
  "value_added",
  "refunded",
  "already_counted",
  "not_attributed",
  "no_click",
  "not_counted",
  "unpaid",
  "unknown_payment",
  "ignored",
] as const;
export type StripeOutcome = (typeof STRIPE_OUTCOMES)[number];

/** GET /api/integrations/stripe: the connection, its endpoint URL and the last event received. */
export const stripeStatusResponseSchema = z.object({
  stripe: z.object({
    connected: z.boolean(),
    endpointUrl: z
      .string()
      .nullable()
      .describe("The endpoint URL to add in Stripe; null until an editor (or a write key) first asked"),
    connectedAt: isoTime("Since when Stripe is connected").nullable(),
    lastEvent: z
      .object({
        at: isoTime("When it was received"),
        type: z.string().describe("Stripe's event type, e.g. checkout.session.completed"),
        outcome: z.enum(STRIPE_OUTCOMES).describe("What became of it"),
      })
      .nullable(),
  }),
});
export type StripeStatusResponse = z.output<typeof stripeStatusResponseSchema>;
