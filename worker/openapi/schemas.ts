import * as z from "zod";
import {
  type ApiErrorBody,
  type ConversionResponse,
  type CreatedWebhookResponse,
  type CustomDomain,
  type DomainListResponse,
  type PendingConversionResponse,
  type TestBreakdownsResponse,
  type TestWithStats,
  type TrafficQualityResponse,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookListResponse,
} from "../../contract/api";
import { PRIMARY_METRICS } from "../../contract/metrics";
import { END_ACTIONS, END_REASONS, END_RESULTS } from "../../contract/schedule";
import {
  CONVERSION_SOURCES,
  REFUSED_CONVERSION_REASONS,
  UNCOUNTED_VISIT_REASONS,
} from "../../contract/trust";
import { TEST_MODES, VARIANT_LABELS } from "../../contract/variants";
import { ruleSchema } from "../schemas/rules";

// The public API's answers as zod schemas, for its OpenAPI document. The compile-time checks at the end
// keep them equal to the contract's types; tests/worker/public-api.test.ts parses real answers with them.

const millis = (what: string) => z.int().describe(`${what}, in milliseconds since the epoch`);
const count = (what: string) => z.int().min(0).describe(what);

const label = z.enum(VARIANT_LABELS);

export const armStatsSchema = z.object({
  label: label.describe("The variant: A (the control), B, C…"),
  clicks: count("Clicks on the variant (bots excluded)"),
  visitors: count("Unique visitors of the variant"),
  conversions: count("Conversions of the variant"),
  conversionRate: z.number().min(0).describe("conversions / clicks × 100"),
  orders: count("Conversions of the variant that carried an amount"),
  revenue: z
    .number()
    .min(0)
    .describe("The variant's revenue in the test's currency (major units, e.g. 49.99)"),
  revenuePerVisitor: z.number().min(0).describe("revenue / visitors; 0 without visitors"),
});

export const testStatsSchema = z.object({
  clicksA: count("Clicks on version A (bots excluded)"),
  clicksB: count("Clicks on version B (bots excluded)"),
  conversionsA: count("Conversions of version A"),
  conversionsB: count("Conversions of version B"),
  conversionRateA: z.number().min(0).describe("conversionsA / clicksA × 100"),
  conversionRateB: z.number().min(0).describe("conversionsB / clicksB × 100"),
  winner: z
    .enum([...VARIANT_LABELS, "tie"])
    .nullable()
    .describe(
      "The variant with the highest conversion rate (or revenue per visitor, when that is the test's primary metric), or tie; null while every value is 0",
    ),
  visitorsA: count("Unique visitors of version A"),
  visitorsB: count("Unique visitors of version B"),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe("The leader's chance to be the best variant by the primary metric; null without a leader"),
  arms: z.array(armStatsSchema).describe("Every variant's numbers, A first"),
});

export const testVariantSchema = z.object({
  label: label.describe("A, B, C… by position; A is the control"),
  url: z.string().describe("Where the variant sends visitors"),
  weight: z.int().min(1).max(99).describe("Its share of visitors in percent; the weights add up to 100"),
});

export const testWithStatsSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  slug: z.string().describe("The test's 6-character slug, as in /r/{slug}"),
  urlA: z.string().describe("Variant A's URL"),
  urlB: z.string().describe("Variant B's URL"),
  variants: z.array(testVariantSchema).describe("2 to 8 variants, A first"),
  variantsLocked: z
    .boolean()
    .describe("True once a click was counted: variants and weights can no longer change"),
  conversionUrl: z.string().nullable(),
  createdAt: millis("When the test was created"),
  customDomainId: z.string().nullable(),
  customSlug: z.string().nullable(),
  status: z.enum(["active", "paused", "completed"]),
  winnerVariant: label.nullable().describe("The promoted variant of a completed test"),
  link: z.string().describe("The shareable split link"),
  primaryMetric: z
    .enum(PRIMARY_METRICS)
    .describe("What decides the verdict and the winner: conversion_rate or revenue_per_visitor"),
  currency: z
    .string()
    .nullable()
    .describe(
      "The ISO 4217 currency of the test's revenue, the owner's; null when none was set (valued conversions then count without their value)",
    ),
  conversionSources: z
    .enum(CONVERSION_SOURCES)
    .describe("Which conversions count: all (the tag's and the server-side API's) or server (API keys only)"),
  mode: z
    .enum(TEST_MODES)
    .describe("experiment: the weights stay as set; optimise: a bandit moves traffic to the better variants"),
  endsAt: z.string().nullable().describe("When the test ends (ISO 8601); null for no end date"),
  endAfterVisitors: z.int().nullable().describe("The test ends at this many unique visitors; null for none"),
  onEnd: z
    .enum(END_ACTIONS)
    .describe("At the end: keep the split, send everyone to A (control), or promote the proven winner"),
  stopEarly: z.boolean().describe("Whether the test ends as soon as the always-valid verdict names a winner"),
  completedAt: millis("When the test completed").nullable(),
  endedBy: z
    .enum(END_REASONS)
    .nullable()
    .describe("Why the test ended on its own: its date, its visitors, or an early clear winner"),
  endResult: z
    .enum(END_RESULTS)
    .nullable()
    .describe(
      "What its end did: kept the split, sent everyone to A, promoted the winner, or kept A for want of a winner (no_winner)",
    ),
  rules: z
    .array(ruleSchema)
    .describe("Audience rules, in order; the first whose conditions all match decides, before the split"),
  fallbackUrl: z
    .string()
    .nullable()
    .describe("Where visitors who match no rule go when a rule joins the experiment"),
  stats: testStatsSchema,
});

export const conversionSchema = z.object({
  id: z.string(),
  testId: z.string(),
  sessionId: z.string(),
  variant: label.describe("The variant of the session's click"),
  amount: z.number().min(0).nullable().describe("The order's value in major units; null without one"),
  currency: z.string().nullable().describe("The amount's ISO 4217 currency; null without an amount"),
  recordedAt: millis("When the conversion was recorded"),
});

export const conversionResponseSchema = z.object({
  conversion: conversionSchema,
  counted: z
    .boolean()
    .describe(
      "true (201) when this request recorded it; false (200) when the session already had its conversion",
    ),
  pending: z.literal(false),
});

export const pendingConversionResponseSchema = z.object({
  conversion: conversionSchema.extend({
    id: z.string().describe("The id the conversion gets when it counts"),
    variant: z.null().describe("Not known before the session's click is recorded"),
  }),
  counted: z.literal(false),
  pending: z
    .literal(true)
    .describe("Accepted before the session's click was recorded: it counts once the click lands"),
});

const segmentArmSchema = z.object({
  label: label.describe("The variant"),
  visitors: count(
    "Unique visitors of the variant in the segment (a visitor's segment is their first click's)",
  ),
  conversions: count("Their conversions"),
  rate: z.number().min(0).max(1).describe("conversions / visitors, a fraction"),
  interval: z
    .object({ lower: z.number().min(0).max(1), upper: z.number().min(0).max(1) })
    .describe("The rate's 95 % Wilson interval, as for the totals"),
});

const segmentSchema = z.object({
  value: z
    .string()
    .describe(
      "The device type, operating system, country code or referrer host; empty for unknown and other",
    ),
  kind: z
    .enum(["known", "unknown", "other"])
    .describe(
      "known: a value; unknown: nothing known (no country, no referrer…); other: the rest beyond the top 10",
    ),
  arms: z.array(segmentArmSchema).describe("Every variant, A first"),
});

export const testBreakdownsResponseSchema = z.object({
  breakdowns: z
    .object({
      device: z.array(segmentSchema).describe("mobile, tablet, desktop"),
      os: z.array(segmentSchema).describe("ios, android, windows, macos, linux, chromeos"),
      country: z.array(segmentSchema).describe("The top 10 countries by visitors, then the others"),
      referrer: z.array(segmentSchema).describe("The top 10 referrer hosts by visitors, then the others"),
    })
    .describe(
      "Segments found after the fact are hypotheses to test, not results: with many segments, some differ by chance",
    ),
});

export const trafficQualityResponseSchema = z.object({
  trafficQuality: z
    .object({
      visits: z
        .array(z.object({ reason: z.enum(UNCOUNTED_VISIT_REASONS), events: z.int() }))
        .describe(
          "Visits counted in no variant, most first: bot (bots and link previews), burst (more sessions an hour from one address than a test counts), paused, completed, rule (sent to a fixed URL by an audience rule)",
        ),
      conversions: z
        .array(z.object({ reason: z.enum(REFUSED_CONVERSION_REASONS), events: z.int() }))
        .describe(
          "Conversions not counted, most first (other_currency: counted, its value set aside): no_click, outside_attribution_window, duplicate, test_completed, rate_limited, address_limit (more a day from one address's visitors than a test counts), not_server (a beacon on a test that counts the server's conversions only), other_currency",
        ),
    })
    .describe("What reached the test and was not counted, and why; only reasons that happened"),
});

export const customDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  verified: z.boolean().describe("True only when status is active"),
  status: z.enum(["new", "pending_validation", "active", "error"]),
  verificationMessage: z.string().nullable(),
  validationToken: z.string().nullable(),
  createdAt: millis("When the domain was added"),
});

export const testListResponseSchema = z.object({ tests: z.array(testWithStatsSchema) });
export const testResponseSchema = z.object({ test: testWithStatsSchema });
export const deletedResponseSchema = z.object({ ok: z.literal(true) });
export const domainListResponseSchema = z.object({
  domains: z.array(customDomainSchema),
  fallbackOrigin: z.string().describe("The host custom domains point their CNAME record at"),
});

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string().describe("Where the events are sent"),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).describe("The event types sent to it"),
  status: z
    .enum(["active", "failing"])
    .describe("failing: a delivery was given up after retrying for more than 24 hours"),
  createdAt: millis("When the endpoint was added"),
  failingSince: millis("Since when deliveries fail").nullable(),
  lastSuccessAt: millis("The last delivery answered with a 2xx status").nullable(),
});

export const webhookListResponseSchema = z.object({ webhooks: z.array(webhookEndpointSchema) });
export const createdWebhookResponseSchema = z.object({
  webhook: webhookEndpointSchema,
  secret: z
    .string()
    .describe(
      "The signing secret of the SplitLink-Signature header. Shown only in this answer: store it now.",
    ),
});

export const apiErrorDetailSchema = z.looseObject({
  code: z.string().describe("A stable machine-readable code, e.g. invalid_input or not_found"),
  message: z.string().describe("A message for people, word for word as the app shows it"),
  reasons: z.array(z.string()).optional().describe("Details, where there are several"),
});

export const apiErrorSchema = z.object({ error: apiErrorDetailSchema });

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const agree = <_ extends true>() => undefined;
agree<Equal<z.infer<typeof testWithStatsSchema>, TestWithStats>>();
agree<Equal<z.infer<typeof customDomainSchema>, CustomDomain>>();
agree<Equal<z.infer<typeof conversionResponseSchema>, ConversionResponse>>();
agree<Equal<z.infer<typeof pendingConversionResponseSchema>, PendingConversionResponse>>();
agree<Equal<z.infer<typeof testBreakdownsResponseSchema>, TestBreakdownsResponse>>();
agree<Equal<z.infer<typeof trafficQualityResponseSchema>, TrafficQualityResponse>>();
agree<Equal<z.infer<typeof domainListResponseSchema>, DomainListResponse>>();
agree<Equal<z.infer<typeof webhookEndpointSchema>, WebhookEndpoint>>();
agree<Equal<z.infer<typeof webhookListResponseSchema>, WebhookListResponse>>();
agree<Equal<z.infer<typeof createdWebhookResponseSchema>, CreatedWebhookResponse>>();
agree<ApiErrorBody extends z.infer<typeof apiErrorSchema> ? true : false>();
