import * as z from "zod";
import { ANALYTICS_INTEGRATION_MESSAGES, SLACK_MESSAGES, STRIPE_MESSAGES } from "../messages";

// Integrations a marketer already uses (issue #36), one section per integration; each is a setting of
// the workspace that only an owner or an editor changes.

/** The integrations the listing names. */
export const INTEGRATION_KINDS = ["stripe", "slack", "ga4"] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

const isoTime = (what: string) => z.iso.datetime().describe(`${what}, ISO 8601`);

/** One integration's status in the workspace. */
export const integrationStatusSchema = z.object({
  kind: z.enum(INTEGRATION_KINDS).describe("stripe, slack or ga4 (Google Analytics 4 and Tag Manager)"),
  connected: z.boolean().describe("Whether the workspace has it on"),
  connectedAt: z.string().nullable().describe("Since when, as an ISO 8601 time; null while off"),
  lastEventAt: z
    .string()
    .nullable()
    .describe(
      "The last event SplitLink received from it, as an ISO 8601 time; null for none (always for ga4)",
    ),
});
export type IntegrationStatus = z.output<typeof integrationStatusSchema>;

/** GET /api/integrations, GET /api/v1/integrations */
export const integrationListResponseSchema = z.object({ integrations: z.array(integrationStatusSchema) });
export type IntegrationListResponse = z.output<typeof integrationListResponseSchema>;

/** The answer of a change to one integration: its status now. */
export const integrationResponseSchema = z.object({ integration: integrationStatusSchema });
export type IntegrationResponse = z.output<typeof integrationResponseSchema>;

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
      "Add this URL as the webhook endpoint in Stripe, with the events checkout.session.completed, invoice.paid, invoice_payment.paid and charge.refunded. It stays the same when you connect again.",
    ),
});
export type ConnectStripeResponse = z.output<typeof connectStripeResponseSchema>;

/** What became of the last Stripe event received, as the status names it (STRIPE_MESSAGES.outcomes). */
export const STRIPE_OUTCOMES = [
  "counted",
  "value_added",
  "refunded",
  "payment_linked",
  "paid_without_payment_intent",
  "already_counted",
  "not_attributed",
  "no_click",
  "not_counted",
  "unpaid",
  "unknown_payment",
  "invoice_payment_missing",
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
    secretRetired: z
      .boolean()
      .describe(
        "The member who pasted the signing secret was removed or lost the role to paste it: events signed with it are refused until an owner rolls the secret in Stripe and pastes the new one (after a disconnect too: the retired secret is never taken again)",
      ),
    lastEvent: z
      .object({
        at: isoTime("When it was received"),
        type: z.string().describe("Stripe's event type, e.g. checkout.session.completed"),
        outcome: z.enum(STRIPE_OUTCOMES).describe("What became of it"),
      })
      .nullable(),
    unlinkedInvoicePayments: z
      .number()
      .int()
      .describe(
        "Invoice payments (subscriptions) received more than an hour ago, after the last one linked, that no invoice_payment.paid linked to their payment intent (at most 100): while there are any, select invoice_payment.paid for the endpoint in Stripe, or their refunds are not taken off",
      ),
  }),
});
export type StripeStatusResponse = z.output<typeof stripeStatusResponseSchema>;

// Google Analytics 4 and Tag Manager

/**
 * PUT /api/integrations/ga4, PUT /api/v1/integrations/ga4: whether the site tag reports each visitor's
 * assignment to the page's own gtag and dataLayer. Nothing is sent from SplitLink's servers.
 */
export const ga4SettingSchema = z.object(
  {
    enabled: z
      .boolean({ error: ANALYTICS_INTEGRATION_MESSAGES.ga4Invalid })
      .describe(
        "true: on pages with the site tag, each visitor's version goes to the page's gtag (experience_impression) and dataLayer (splitlink_exposure)",
      ),
  },
  { error: ANALYTICS_INTEGRATION_MESSAGES.ga4Invalid },
);
export type Ga4SettingInput = z.input<typeof ga4SettingSchema>;

// Slack

/** The longest incoming webhook URL accepted; Slack's are about 80 characters. */
export const SLACK_WEBHOOK_URL_MAX_LENGTH = 256;
/** Slack's incoming webhook host: the only one a Slack alert is ever sent to. */
export const SLACK_WEBHOOK_HOST = "hooks.slack.com";
// /services/<workspace id>/<webhook id>/<secret token>, as Slack gives it out.
const SLACK_WEBHOOK_PATH = /^\/services\/(T[A-Z0-9]+)\/(B[A-Z0-9]+)\/([A-Za-z0-9]+)$/;

/** Why a value is not a Slack incoming webhook URL, as the field says it; null when it is one. */
export function slackWebhookUrlProblem(value: string): string | null {
  const url = URL.canParse(value) && !/\s/.test(value) ? new URL(value) : null;
  if (!url) return SLACK_MESSAGES.urlInvalid;
  if (url.protocol !== "https:") return SLACK_MESSAGES.urlNotHttps;
  if (url.hostname !== SLACK_WEBHOOK_HOST || url.port || url.username || url.password)
    return SLACK_MESSAGES.urlNotSlack;
  if (!SLACK_WEBHOOK_PATH.test(url.pathname) || url.search || url.hash) return SLACK_MESSAGES.urlWrongPath;
  return null;
}

/**
 * How a saved webhook URL is shown: its workspace and webhook ids cut short and never its token, for
 * the URL is a secret (anyone who has it can post to the channel).
 */
export function maskedSlackWebhookUrl(value: string): string {
  const [, team = "", hook = ""] =
    SLACK_WEBHOOK_PATH.exec(URL.canParse(value) ? new URL(value).pathname : "") ?? [];
  return `${SLACK_WEBHOOK_HOST}/services/${team.slice(0, 4)}…/${hook.slice(0, 4)}…/••••`;
}

/**
 * How any other webhook endpoint's URL is shown to a viewer or a read key, as Slack's is to everyone:
 * its origin and the start of its path, never the rest (a receiver's URL often carries its token).
 */
export function maskedWebhookUrl(value: string): string {
  if (!URL.canParse(value)) return "••••";
  const url = new URL(value);
  const start = url.pathname.slice(1, 5);
  return `${url.origin}/${start ? `${start}…/` : ""}••••`;
}

/** PUT /api/integrations/slack, PUT /api/v1/integrations/slack */
export const connectSlackSchema = z
  .object(
    {
      webhookUrl: z
        .string({ error: SLACK_MESSAGES.urlRequired })
        .trim()
        .min(1, SLACK_MESSAGES.urlRequired)
        .max(SLACK_WEBHOOK_URL_MAX_LENGTH, SLACK_MESSAGES.urlTooLong)
        .superRefine((value, ctx) => {
          const problem = slackWebhookUrlProblem(value);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        })
        .describe(
          "The incoming webhook URL Slack gave for a channel: https://hooks.slack.com/services/T…/B…/…. Stored as a secret, never shown back in full.",
        ),
    },
    { error: SLACK_MESSAGES.urlRequired },
  )
  .meta({ required: ["webhookUrl"] });
export type ConnectSlackInput = z.input<typeof connectSlackSchema>;

/**
 * The workspace's Slack connection: `active` while alerts arrive; `failing` once one was given up after
 * its last retry; `broken` when Slack said the webhook no longer exists (paste a new one).
 */
export const SLACK_STATUSES = ["active", "failing", "broken"] as const;
export type SlackStatus = (typeof SLACK_STATUSES)[number];

/** GET, PUT /api/integrations/slack and the same under /api/v1. */
export const slackConnectionResponseSchema = z.object({
  connected: z.boolean(),
  webhookUrl: z
    .string()
    .nullable()
    .describe("The webhook URL with its secret part hidden: hooks.slack.com/services/T…/B…/••••"),
  status: z
    .enum(SLACK_STATUSES)
    .nullable()
    .describe(
      "active; failing: an alert was given up after its last retry; broken: Slack said the webhook is gone (paste a new one)",
    ),
  connectedAt: isoTime("When it was connected").nullable(),
  lastDeliveredAt: isoTime("The last message Slack accepted").nullable(),
  lastFailureAt: isoTime("The last message Slack did not accept").nullable(),
  lastFailure: z
    .string()
    .nullable()
    .describe("Why the last failure failed, e.g. Slack answered 404 no_service"),
  disabledAt: isoTime(
    "Since when no alert is sent: the member who connected it was removed or lost the role to connect it; an owner turns it back on",
  ).nullable(),
});
export type SlackConnection = z.output<typeof slackConnectionResponseSchema>;

/** POST /api/integrations/slack/test, POST /api/v1/integrations/slack/test: how the test message went. */
export const slackTestResponseSchema = z.object({
  delivered: z.boolean().describe("Slack accepted the test message"),
  error: z.string().nullable().describe("Why not, when it did not"),
  slack: slackConnectionResponseSchema,
});
export type SlackTestResponse = z.output<typeof slackTestResponseSchema>;
