import * as z from "zod";
import type { CreateTestInput, VariantInput } from "../../contract/api";
import { isCurrency } from "../../contract/currency";
import {
  CONVERSION_MESSAGES,
  METRIC_MESSAGES,
  TEST_MESSAGES,
  VARIANT_MESSAGES,
} from "../../contract/messages";
import { PRIMARY_METRICS } from "../../contract/metrics";
import { customSlugProblem } from "../../contract/slug";
import { isHttpUrl } from "../../contract/urls";
import { evenWeights, MAX_VARIANTS, weightsProblem } from "../../contract/variants";

const required = TEST_MESSAGES.requiredFields;
const text = (max: number, tooLong: string) => z.string({ error: required }).trim().max(max, tooLong);

const url = (describe: string) => text(2048, TEST_MESSAGES.invalidUrls).describe(describe);

const variantSchema = z
  .object(
    {
      url: url("Where this variant sends visitors (http or https)").default(""),
      weight: z
        .number({ error: VARIANT_MESSAGES.weight })
        .describe("Its share of visitors in percent: a whole number from 1 to 99; all add up to 100"),
    },
    { error: required },
  )
  .meta({ required: ["url", "weight"] });

const variantsSchema = z
  .array(variantSchema, { error: VARIANT_MESSAGES.count })
  .max(MAX_VARIANTS, VARIANT_MESSAGES.count)
  .describe("2 to 8 variants, labelled A, B, C… in this order; A is the control");

/** What is wrong with a set of variants, in the order a person fixes it; null when nothing. */
function variantsProblem(variants: readonly VariantInput[]): string | null {
  if (variants.some((variant) => !variant.url)) return required;
  const weights = weightsProblem(variants.map((variant) => variant.weight));
  if (weights === "count") return VARIANT_MESSAGES.count;
  if (!variants.every((variant) => isHttpUrl(variant.url))) return TEST_MESSAGES.invalidUrls;
  if (weights) return VARIANT_MESSAGES[weights];
  return null;
}

/**
 * A new split test, for the SPA's API and the public API alike: `variants`, or the specification's
 * `urlA` and `urlB` (then A and B at 50/50). Checked in the specification's order: required fields,
 * then URLs, then weights, then the custom slug. The defaults only let a missing field get the
 * "required fields" message.
 */
export const createTestSchema = z
  .object(
    {
      name: text(200, "Test name must be 200 characters or fewer")
        .default("")
        .describe("The test's name, for you"),
      variants: variantsSchema.optional(),
      urlA: url("Where version A sends visitors (http or https); with urlB, instead of variants").optional(),
      urlB: url("Where version B sends visitors (http or https); with urlA, instead of variants").optional(),
      conversionUrl: text(2048, TEST_MESSAGES.invalidUrls)
        .nullish()
        .describe("The thank-you page whose visits count as conversions"),
      customDomainId: z
        .string({ error: TEST_MESSAGES.domainNotUsable })
        .max(64)
        .nullish()
        .describe("One of your active custom domains (see GET /api/v1/domains)"),
      customSlug: z
        .string({ error: TEST_MESSAGES.invalidCustomSlugService })
        .trim()
        .nullish()
        .describe("A custom path on that domain: 3-50 letters, numbers and hyphens"),
      primaryMetric: z
        .enum(PRIMARY_METRICS, { error: METRIC_MESSAGES.invalid })
        .optional()
        .describe(
          "What decides the verdict and the winner: conversion_rate (the default) or revenue_per_visitor",
        ),
      currency: z
        .string({ error: CONVERSION_MESSAGES.invalidCurrency })
        .refine(isCurrency, CONVERSION_MESSAGES.invalidCurrency)
        .nullish()
        .describe(
          "The ISO 4217 currency of the test's revenue, e.g. EUR; without it the first valued conversion sets it",
        ),
    },
    { error: required },
  )
  .superRefine((input, ctx) => {
    if (input.variants && (input.urlA !== undefined || input.urlB !== undefined)) {
      ctx.addIssue({ code: "custom", message: VARIANT_MESSAGES.bothShapes });
      return;
    }
    if (!input.name || (!input.variants && (!input.urlA || !input.urlB))) {
      ctx.addIssue({ code: "custom", message: required });
      return;
    }
    const problem = variantsProblem(variantsOf(input));
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return;
    }
    if (input.conversionUrl && !isHttpUrl(input.conversionUrl)) {
      ctx.addIssue({ code: "custom", message: TEST_MESSAGES.invalidUrls });
      return;
    }
    const slugProblem = input.customSlug ? customSlugProblem(input.customSlug) : null;
    if (slugProblem === "invalid")
      ctx.addIssue({ code: "custom", message: TEST_MESSAGES.invalidCustomSlugService });
    if (slugProblem === "reserved") ctx.addIssue({ code: "custom", message: TEST_MESSAGES.reservedSlug });
  })
  .transform(
    (input): CreateTestInput => ({
      name: input.name,
      variants: variantsOf(input),
      conversionUrl: input.conversionUrl,
      customDomainId: input.customDomainId,
      customSlug: input.customSlug,
      primaryMetric: input.primaryMetric,
      currency: input.currency,
    }),
  )
  .meta({ required: ["name"] });

function variantsOf(input: { variants?: VariantInput[]; urlA?: string; urlB?: string }): VariantInput[] {
  if (input.variants) return input.variants;
  const [a = 50, b = 50] = evenWeights(2);
  return [
    { url: input.urlA ?? "", weight: a },
    { url: input.urlB ?? "", weight: b },
  ];
}

/** New variants and weights for a test that has counted no click yet. */
export const updateVariantsSchema = z
  .object({ variants: variantsSchema }, { error: VARIANT_MESSAGES.count })
  .superRefine((input, ctx) => {
    const problem = variantsProblem(input.variants);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
