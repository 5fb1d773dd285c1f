import * as z from "zod";
import type { ApiErrorBody, CustomDomain, DomainListResponse, TestWithStats } from "../../contract/api";
import { END_ACTIONS, END_REASONS, END_RESULTS } from "../../contract/schedule";
import { VARIANT_LABELS } from "../../contract/variants";

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
    .describe("The variant with the highest conversion rate, or tie; null while every rate is 0"),
  visitorsA: count("Unique visitors of version A"),
  visitorsB: count("Unique visitors of version B"),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe("The leader's chance to be the best variant; null without a leader"),
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
  stats: testStatsSchema,
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
agree<Equal<z.infer<typeof domainListResponseSchema>, DomainListResponse>>();
agree<ApiErrorBody extends z.infer<typeof apiErrorSchema> ? true : false>();
