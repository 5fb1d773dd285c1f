import * as z from "zod";
import type { CreateTestInput, UpdateTestInput, VariantInput } from "../../contract/api";
import { isCurrency } from "../../contract/currency";
import {
  CONVERSION_MESSAGES,
  METRIC_MESSAGES,
  SCHEDULE_MESSAGES,
  TEST_MESSAGES,
  VARIANT_MESSAGES,
} from "../../contract/messages";
import { PRIMARY_METRICS } from "../../contract/metrics";
import { normalizeRule, rulesProblem } from "../../contract/rules";
import { END_ACTIONS, scheduleProblem } from "../../contract/schedule";
import { customSlugProblem } from "../../contract/slug";
import { CONVERSION_SOURCES } from "../../contract/trust";
import { isHttpUrl } from "../../contract/urls";
import { evenWeights, MAX_VARIANTS, TEST_MODES, weightsProblem } from "../../contract/variants";
import { ruleFields } from "./rules";

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

/** The scheduled end's fields, the same in a new test and in a change to one. */
const scheduleFields = {
  endsAt: z.iso
    .datetime({ offset: true, error: SCHEDULE_MESSAGES.endsAtInvalid })
    .nullish()
    .describe("When the test ends (ISO 8601 with a time zone, e.g. 2026-12-31T18:00:00Z); null for no date"),
  endAfterVisitors: z
    .number({ error: SCHEDULE_MESSAGES.visitors })
    .nullish()
    .describe("End once this many unique visitors came (200 to 100,000,000); null for no such end"),
  onEnd: z
    .enum(END_ACTIONS, { error: SCHEDULE_MESSAGES.onEnd })
    .optional()
    .describe(
      "At the end: keep the split (keep), send everyone to A (control), or promote the winner the always-valid verdict names, else A (promote). Default keep",
    ),
  stopEarly: z
    .boolean({ error: SCHEDULE_MESSAGES.stopEarly })
    .optional()
    .describe("End as soon as the always-valid verdict names a winner, then do what onEnd says"),
};

/** The owner's currency of a test's revenue: set at creation, changed until an order counts in it. */
const currencyCode = z
  .string({ error: CONVERSION_MESSAGES.invalidCurrency })
  .refine(isCurrency, CONVERSION_MESSAGES.invalidCurrency);

/** Which conversions count: set at creation, changed later by the owner. */
const evidenceFields = {
  conversionSources: z
    .enum(CONVERSION_SOURCES, { error: TEST_MESSAGES.conversionSources })
    .optional()
    .describe(
      "Which conversions count: all (the tag's and the server-side API's, the default) or server (only those sent with an API key, which no visitor can forge)",
    ),
};

/** The end settings and audience rules as create and update pass them on, rules in the form the redirect compares. */
function settingsOf(
  input: Omit<UpdateTestInput, "variants" | "currency">,
): Omit<UpdateTestInput, "variants" | "currency"> {
  const { endsAt, endAfterVisitors, onEnd, stopEarly, rules, fallbackUrl, conversionSources } = input;
  return {
    endsAt,
    endAfterVisitors,
    onEnd,
    stopEarly,
    rules: rules?.map(normalizeRule),
    fallbackUrl,
    conversionSources,
  };
}

/** The schedule's problem as a message; null when nothing. Absent fields are not checked. */
function scheduleMessage(input: { endsAt?: string | null; endAfterVisitors?: number | null }): string | null {
  const problem = scheduleProblem(input.endsAt ?? null, input.endAfterVisitors ?? null, Date.now());
  return problem ? SCHEDULE_MESSAGES[problem] : null;
}

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
      currency: currencyCode
        .nullish()
        .describe(
          "The ISO 4217 currency of the test's revenue, e.g. EUR; required when revenue decides. Without it, valued conversions count without their value",
        ),
      mode: z
        .enum(TEST_MODES, { error: VARIANT_MESSAGES.mode })
        .optional()
        .describe(
          "experiment (default): the weights stay as set. optimise: a bandit moves traffic to the variants that convert better; it starts at an even split whatever the weights",
        ),
      ...scheduleFields,
      ...ruleFields,
      ...evidenceFields,
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
    const schedule = scheduleMessage(input);
    if (schedule) ctx.addIssue({ code: "custom", message: schedule });
    const rules = rulesProblem(input.rules ?? [], input.fallbackUrl);
    if (rules) ctx.addIssue({ code: "custom", message: rules });
    // A beacon no longer sets it: without one, no order could ever count in a revenue test.
    if (input.primaryMetric === "revenue_per_visitor" && !input.currency)
      ctx.addIssue({ code: "custom", message: METRIC_MESSAGES.currencyRequired, path: ["currency"] });
  })
  .transform(
    (input): CreateTestInput => ({
      name: input.name,
      // Optimise mode starts at an even split: the bandit's burn-in.
      variants:
        input.mode === "optimise"
          ? variantsOf(input).map((variant, i, all) => ({
              ...variant,
              weight: evenWeights(all.length)[i] ?? 0,
            }))
          : variantsOf(input),
      mode: input.mode,
      conversionUrl: input.conversionUrl,
      customDomainId: input.customDomainId,
      customSlug: input.customSlug,
      primaryMetric: input.primaryMetric,
      currency: input.currency,
      ...settingsOf(input),
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

/**
 * A change to a test: new variants and weights (until its first counted click), new end settings (while
 * it runs) and/or new audience rules. Fields left out stay as they are.
 */
export const updateTestSchema = z
  .object(
    {
      variants: variantsSchema.optional(),
      ...scheduleFields,
      ...ruleFields,
      ...evidenceFields,
      currency: currencyCode
        .optional()
        .describe(
          "A new ISO 4217 currency for the test's revenue, until an order has counted in its currency",
        ),
    },
    { error: SCHEDULE_MESSAGES.nothingToChange },
  )
  .superRefine((input, ctx) => {
    if (Object.values(input).every((value) => value === undefined)) {
      ctx.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.nothingToChange });
      return;
    }
    // The rules with the fallback URL are checked by updateTest: either may be the test's own.
    const problem = (input.variants && variantsProblem(input.variants)) || scheduleMessage(input);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform(
    (input): UpdateTestInput => ({
      variants: input.variants,
      currency: input.currency,
      ...settingsOf(input),
    }),
  );
