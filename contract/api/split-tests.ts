import * as z from "zod";
import { MAX_LINK_PASSWORD, MIN_LINK_PASSWORD } from "../link-password";
import {
  GOAL_MESSAGES,
  LIFECYCLE_MESSAGES,
  LINK_PASSWORD_MESSAGES,
  METRIC_MESSAGES,
  SCHEDULE_MESSAGES,
  TEST_MESSAGES,
  VARIANT_MESSAGES,
} from "../messages";
import {
  EVENT_NAME,
  MAX_GUARDRAILS,
  MAX_METRIC_NAME,
  MAX_SECONDARY_METRICS,
  METRIC_DIRECTIONS,
  METRIC_KINDS,
  METRIC_ROLES,
  type MetricGoal,
  type MetricRole,
  PRIMARY_METRICS,
  type PrimaryMetric,
  type TestMetric,
} from "../metrics";
import { isPlannable } from "../planner";
import { normalizeRule, rulesProblem } from "../rules";
import {
  afterPageProblem,
  DEFAULT_MINIMUM_DAYS,
  END_ACTIONS,
  END_REASONS,
  END_RESULTS,
  type EndAction,
  endsBeforeMinimumDays,
  endWaitsForMinimumDays,
  isMinimumDays,
  MAX_MINIMUM_DAYS,
  scheduleProblem,
  startProblem,
} from "../schedule";
import { customSlugProblem } from "../slug";
import { CONVERSION_GOALS, type Goal, goalAfter, NO_GOAL, URL_MATCHES, type UrlMatch } from "../tracking";
import { CONVERSION_SOURCES } from "../trust";
import { isHttpUrl, MAX_URL_LENGTH } from "../urls";
import {
  evenWeights,
  isPlainLink,
  MAX_VARIANTS,
  TEST_KINDS,
  TEST_MODES,
  TOTAL_WEIGHT,
  VARIANT_LABELS,
  weightsProblem,
} from "../variants";
import { count, currencyCode, idParam, millis, plainName } from "./common";
import { ruleFields, ruleSchema } from "./rules";
import { tagName, tagsSchema } from "./tags";

// Split tests: what a caller sends to create or change one, and the test with its stats as answered.

const required = TEST_MESSAGES.requiredFields;
const text = (max: number, tooLong: string) => z.string({ error: required }).trim().max(max, tooLong);

const url = (describe: string) => text(MAX_URL_LENGTH, TEST_MESSAGES.invalidUrls).describe(describe);

/** A variant as a caller sends it: its label is its position (the first is A, the control). */
const variantSchema = z
  .object(
    {
      url: url("Where this variant sends visitors (http or https)").default(""),
      weight: z
        .number({ error: VARIANT_MESSAGES.weight })
        .describe("Its share of visitors in percent: a whole number from 1 to 99; all add up to 100"),
      name: plainName(text(60, VARIANT_MESSAGES.nameTooLong), VARIANT_MESSAGES.nameCharacters)
        .optional()
        .describe("Optional name shown beside its label, up to 60 characters"),
    },
    { error: required },
  )
  .meta({ required: ["url", "weight"] });
export type VariantInput = z.output<typeof variantSchema>;

const variantsSchema = z
  .array(variantSchema, { error: VARIANT_MESSAGES.count })
  .max(MAX_VARIANTS, VARIANT_MESSAGES.count)
  .describe(
    "1 to 8 variants, labelled A, B, C… in this order; A is the control. One alone (weight 100) is a plain link; a second one added later starts phase 2 as a test",
  );

/** The scheduled start's and end's fields, the same in a new test and in a change to one. */
const scheduleFields = {
  startsAt: z.iso
    .datetime({ offset: true, error: SCHEDULE_MESSAGES.startsAtInvalid })
    .nullish()
    .describe(
      "When the link starts (ISO 8601 with a time zone): until then everyone goes to beforeUrl (or A) and nothing counts; null starts it now. Changes only before it starts",
    ),
  beforeUrl: url(
    "Where visitors go before startsAt (http or https); null or absent: version A's URL",
  ).nullish(),
  endsAt: z.iso
    .datetime({ offset: true, error: SCHEDULE_MESSAGES.endsAtInvalid })
    .nullish()
    .describe("When the test ends (ISO 8601 with a time zone, e.g. 2026-12-31T18:00:00Z); null for no date"),
  endAfterVisitors: z
    .number({ error: SCHEDULE_MESSAGES.visitors })
    .nullish()
    .describe(
      "End once this many unique visitors came (200 to 100,000,000; from 1 with onEnd url); null for no such end",
    ),
  onEnd: z
    .enum(END_ACTIONS, { error: SCHEDULE_MESSAGES.onEnd })
    .optional()
    .describe(
      "At the end: keep the split (keep), send everyone to A (control), promote the winner the always-valid verdict names, else A (promote), or send everyone to afterUrl (url). Default keep",
    ),
  afterUrl: url(
    "Where everyone goes once the test ends, with onEnd url (http or https); the results freeze",
  ).nullish(),
  stopEarly: z
    .boolean({ error: SCHEDULE_MESSAGES.stopEarly })
    .optional()
    .describe("End as soon as the always-valid verdict names a winner, then do what onEnd says"),
  minimumDays: z
    .number({ error: SCHEDULE_MESSAGES.minimumDays })
    .refine(isMinimumDays, SCHEDULE_MESSAGES.minimumDays)
    .optional()
    .describe(
      "Whole days (0 to 56) the test's current phase runs before any call: until then no verdict, alert, end, promotion or early stop. Default 7 for a new test",
    ),
};

/** Which conversions count: set at creation, changed later by the owner. */
const evidenceFields = {
  conversionSources: z
    .enum(CONVERSION_SOURCES, { error: TEST_MESSAGES.conversionSources })
    .optional()
    .describe(
      "Which conversions count: all (the tag's and the server-side API's, the default) or server (only those sent with an API key, which no visitor can forge)",
    ),
};

/** The goal: what counts as a conversion. Changed any time; conversions counted so far stay. */
const goalFields = {
  conversionUrl: text(MAX_URL_LENGTH, TEST_MESSAGES.invalidUrls)
    .nullish()
    .describe("The goal page, e.g. the thank-you page: a visit of it counts as a conversion"),
  conversionGoal: z
    .enum(CONVERSION_GOALS, { error: GOAL_MESSAGES.invalid })
    .optional()
    .describe(
      "What counts as a conversion: page (a visit of conversionUrl), call (splitlink.convert() or a tag with data-convert on your page) or none (the site tag counts nothing by itself). Default: page with a conversionUrl, else none",
    ),
  conversionUrlMatch: z
    .enum(URL_MATCHES, { error: GOAL_MESSAGES.match })
    .optional()
    .describe(
      "How the page goal's URL is matched: equals (host and path, and the query if it has one; the default), starts_with or contains",
    ),
};

/** What is wrong with the goal fields as sent; null when nothing (the service checks a change against the test's goal). */
function goalMessage(input: z.output<z.ZodObject<typeof goalFields>>, current: Goal): string | null {
  if (input.conversionUrl && !isHttpUrl(input.conversionUrl)) return TEST_MESSAGES.invalidUrls;
  const goal = goalAfter(current, input);
  return typeof goal === "string" ? GOAL_MESSAGES[goal] : null;
}

/** A metric's goal as a caller sends it: a page (`url`, `match`) or a named call (`event`). */
const metricGoalSchema = z
  .strictObject(
    {
      url: text(MAX_URL_LENGTH, TEST_MESSAGES.invalidUrls)
        .optional()
        .describe("The goal page: a visit of it counts"),
      match: z
        .enum(URL_MATCHES, { error: GOAL_MESSAGES.match })
        .optional()
        .describe("How the page's URL is matched: equals (the default), starts_with or contains"),
      event: z
        .string({ error: METRIC_MESSAGES.event })
        .regex(EVENT_NAME, METRIC_MESSAGES.event)
        .optional()
        .describe('The name your page passes to splitlink.convert({ goal: "signup" })'),
    },
    { error: METRIC_MESSAGES.goal },
  )
  .superRefine((goal, ctx) => {
    if ((goal.url === undefined) === (goal.event === undefined) || (goal.event && goal.match))
      ctx.addIssue({ code: "custom", message: METRIC_MESSAGES.goal });
    else if (goal.url !== undefined && !isHttpUrl(goal.url))
      ctx.addIssue({ code: "custom", message: TEST_MESSAGES.invalidUrls });
  })
  .transform(
    (goal): MetricGoal =>
      goal.event ? { event: goal.event } : { url: goal.url ?? "", match: goal.match ?? "equals" },
  );

const metricSchema = z
  .object(
    {
      name: plainName(
        z
          .string({ error: METRIC_MESSAGES.name })
          .trim()
          .min(1, METRIC_MESSAGES.name)
          .max(MAX_METRIC_NAME, METRIC_MESSAGES.name),
        METRIC_MESSAGES.name,
      ).describe("How the screens name it, up to 60 characters; unique in the test"),
      role: z
        .enum(METRIC_ROLES, { error: METRIC_MESSAGES.role })
        .describe(
          "primary decides (at most one); secondary is reported, never decides; guardrail blocks deploying a version proven worse on it",
        ),
      kind: z
        .enum(METRIC_KINDS, { error: METRIC_MESSAGES.kind })
        .describe(
          "conversion: the share of visitors who reach the goal; revenue: revenue per visitor (the goal's values; without a goal, the primary's orders); refunds: the share of visitors whose Stripe payment was refunded",
        ),
      goal: metricGoalSchema
        .optional()
        .describe("What reaching it means: a page ({ url, match }) or a named call ({ event })"),
      better: z
        .enum(METRIC_DIRECTIONS, { error: METRIC_MESSAGES.better })
        .describe("Whether higher or lower is better"),
    },
    { error: METRIC_MESSAGES.list },
  )
  .meta({ required: ["name", "role", "kind", "better"] });
export type MetricInput = z.output<typeof metricSchema>;

/** What is wrong with a test's metrics as sent; null when nothing. */
function metricsProblem(metrics: readonly MetricInput[]): string | null {
  const count = (role: MetricRole) => metrics.filter((metric) => metric.role === role).length;
  if (
    count("primary") > 1 ||
    count("secondary") > MAX_SECONDARY_METRICS ||
    count("guardrail") > MAX_GUARDRAILS
  )
    return METRIC_MESSAGES.list;
  const names = new Set(metrics.map((metric) => metric.name.toLowerCase()));
  if (names.size < metrics.length) return METRIC_MESSAGES.sameName;
  for (const metric of metrics) {
    if (metric.kind === "conversion" && !metric.goal) return METRIC_MESSAGES.conversionGoal;
    if (metric.kind === "refunds" && metric.goal) return METRIC_MESSAGES.refundsGoal;
    if (metric.role === "primary" && metric.kind === "refunds") return METRIC_MESSAGES.primaryKind;
    if (metric.role === "primary" && metric.better === "lower") return METRIC_MESSAGES.primaryBetter;
  }
  return null;
}

const metricsFields = {
  metrics: z
    .array(metricSchema, { error: METRIC_MESSAGES.list })
    .max(1 + MAX_SECONDARY_METRICS + MAX_GUARDRAILS, METRIC_MESSAGES.list)
    .optional()
    .describe(
      "The test's metrics: at most one primary (which decides; the goal fields and primaryMetric are its shorthand), up to 3 secondary and 2 guardrail metrics. A change replaces the secondary and guardrail metrics; conversions counted so far stay",
    ),
};

/**
 * The primary metric of `metrics`, as the shorthand fields say it, and the other metrics; nothing of
 * the primary when `metrics` names none (the shorthand fields, or the test's own, stand).
 */
function metricsOf(metrics: readonly MetricInput[]): {
  metrics: TestMetric[];
  primaryMetricName?: string;
  primaryMetric?: PrimaryMetric;
  conversionGoal?: "page" | "call";
  conversionUrl?: string | null;
  conversionUrlMatch?: UrlMatch;
  conversionEvent?: string | null;
} {
  const primary = metrics.find((metric) => metric.role === "primary");
  const others: TestMetric[] = metrics.filter((metric) => metric.role !== "primary");
  if (!primary) return { metrics: others };
  const goal = primary.goal;
  return {
    metrics: others,
    primaryMetricName: primary.name,
    primaryMetric:
      primary.kind === "revenue" ? ("revenue_per_visitor" as const) : ("conversion_rate" as const),
    ...(goal === undefined
      ? {}
      : "event" in goal
        ? { conversionGoal: "call", conversionUrl: null, conversionEvent: goal.event }
        : {
            conversionGoal: "page",
            conversionUrl: goal.url,
            conversionUrlMatch: goal.match,
            conversionEvent: null,
          }),
  };
}

/** Whether a caller sent the primary both ways: in metrics and as the shorthand fields. */
function primarySentTwice(input: {
  metrics?: MetricInput[];
  primaryMetric?: unknown;
  conversionGoal?: unknown;
  conversionUrl?: unknown;
  conversionUrlMatch?: unknown;
}): boolean {
  const shorthand = [
    input.primaryMetric,
    input.conversionGoal,
    input.conversionUrl,
    input.conversionUrlMatch,
  ];
  return (
    Boolean(input.metrics?.some((metric) => metric.role === "primary")) &&
    shorthand.some((field) => field !== undefined)
  );
}

/** A password on the link (issue #49): set or changed with a new one, removed with null; stored hashed. */
const passwordFields = {
  password: z
    .string({ error: LINK_PASSWORD_MESSAGES.length })
    .min(MIN_LINK_PASSWORD, LINK_PASSWORD_MESSAGES.length)
    .max(MAX_LINK_PASSWORD, LINK_PASSWORD_MESSAGES.length)
    .nullish()
    .describe(
      "A password visitors type on the link's page before it sends them on (4 to 100 characters); null removes it. Stored hashed and never answered: see passwordProtected",
    ),
};

const settingsFields = { ...scheduleFields, ...ruleFields, ...evidenceFields, ...passwordFields };
type Settings = z.output<z.ZodObject<typeof settingsFields>>;

/** The end settings and audience rules as create and update pass them on, rules in the form the redirect compares. */
function settingsOf(input: Settings): Settings {
  // Every settings field as sent, whatever else the input holds: a field added to settingsFields needs nothing here.
  const settings = Object.fromEntries(
    Object.keys(settingsFields).map((key) => [key, input[key as keyof Settings]]),
  ) as Settings;
  return { ...settings, rules: input.rules?.map(normalizeRule) };
}

/** The schedule's problem as a message; null when nothing. Absent fields are not checked. */
function scheduleMessage(input: {
  endsAt?: string | null;
  endAfterVisitors?: number | null;
  onEnd?: EndAction;
}): string | null {
  const problem = scheduleProblem(
    input.endsAt ?? null,
    input.endAfterVisitors ?? null,
    Date.now(),
    input.onEnd,
  );
  return problem ? SCHEDULE_MESSAGES[problem] : null;
}

/** The after-page's problem as a message; null when nothing. */
function afterPageMessage(onEnd: EndAction | undefined, afterUrl: string | null | undefined): string | null {
  const problem = afterPageProblem(onEnd, afterUrl);
  return problem ? SCHEDULE_MESSAGES[problem] : null;
}

/** The start date's problem, or the page before it's, as a message; null when nothing. */
function startMessage(input: {
  startsAt?: string | null;
  endsAt?: string | null;
  beforeUrl?: string | null;
}): string | null {
  if (input.beforeUrl && !isHttpUrl(input.beforeUrl)) return TEST_MESSAGES.invalidUrls;
  if (!input.startsAt) return null;
  const problem = startProblem(input.startsAt, input.endsAt ?? null, Date.now());
  return problem ? SCHEDULE_MESSAGES[problem] : null;
}

/** A new test's end date that comes before its minimum days are up, when it would end without a call. */
function endBeforeMinimumDays(input: {
  endsAt?: string | null;
  minimumDays?: number;
  startsAt?: string | null;
  onEnd?: EndAction;
}): string | null {
  const minimumDays = input.minimumDays ?? DEFAULT_MINIMUM_DAYS;
  const start = input.startsAt ? Date.parse(input.startsAt) : Date.now();
  return input.endsAt &&
    endWaitsForMinimumDays(input.onEnd) &&
    endsBeforeMinimumDays(Date.parse(input.endsAt), minimumDays, start)
    ? SCHEDULE_MESSAGES.endsBeforeMinimumDays
    : null;
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

/** The planner's inputs as a caller sends them with a new test. */
const planSchema = z
  .object(
    {
      baselineRate: z.number({ error: TEST_MESSAGES.plan }),
      relativeLift: z.number({ error: TEST_MESSAGES.plan }),
      dailyVisitors: z.number({ error: TEST_MESSAGES.plan }).max(1e9, TEST_MESSAGES.plan),
    },
    { error: TEST_MESSAGES.plan },
  )
  .refine(isPlannable, TEST_MESSAGES.plan);

/**
 * A new split test, for the SPA's API and the public API alike: `variants`, or the specification's
 * `urlA` and `urlB` (then A and B at 50/50). Checked in the specification's order: required fields,
 * then URLs, then weights, then the custom slug. The defaults only let a missing field get the
 * "required fields" message.
 */
export const createTestSchema = z
  .object(
    {
      name: plainName(text(200, "Test name must be 200 characters or fewer"), TEST_MESSAGES.nameCharacters)
        .default("")
        .describe("The test's name, for you"),
      variants: variantsSchema.optional(),
      urlA: url(
        "Where version A sends visitors (http or https); with urlB, instead of variants; alone, a plain link",
      ).optional(),
      urlB: url("Where version B sends visitors (http or https); with urlA, instead of variants").optional(),
      ...goalFields,
      ...metricsFields,
      customDomainId: z
        .string({ error: TEST_MESSAGES.domainNotUsable })
        .max(64)
        .nullish()
        .describe("One of your active custom domains (see GET /api/v1/domains)"),
      customSlug: z
        .string({ error: TEST_MESSAGES.invalidCustomSlugService })
        .trim()
        .nullish()
        .describe("A custom path: 3-50 letters, numbers and hyphens; on that domain, else at /r/{path}"),
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
      plan: planSchema
        .nullish()
        .describe(
          "The planner's inputs, kept with the test for its page's planner: baselineRate (a fraction, e.g. 0.05), relativeLift (e.g. 0.2 for +20 %) and dailyVisitors",
        ),
      mode: z
        .enum(TEST_MODES, { error: VARIANT_MESSAGES.mode })
        .optional()
        .describe(
          "experiment (default): the weights stay as set. optimise: a bandit moves traffic to the variants that convert better; it starts at an even split whatever the weights",
        ),
      tags: tagsSchema.optional(),
      ...settingsFields,
    },
    { error: required },
  )
  .superRefine((input, ctx) => {
    if (input.variants && (input.urlA !== undefined || input.urlB !== undefined)) {
      ctx.addIssue({ code: "custom", message: VARIANT_MESSAGES.bothShapes });
      return;
    }
    if (!input.name || (!input.variants && (!input.urlA || input.urlB === ""))) {
      ctx.addIssue({ code: "custom", message: required });
      return;
    }
    const problem = variantsProblem(variantsOf(input));
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return;
    }
    if (input.mode === "optimise" && isPlainLink(variantsOf(input))) {
      ctx.addIssue({ code: "custom", message: VARIANT_MESSAGES.optimiseNeedsTwo });
      return;
    }
    const goal = goalMessage(input, NO_GOAL);
    if (goal) {
      ctx.addIssue({ code: "custom", message: goal });
      return;
    }
    const metrics = primarySentTwice(input)
      ? METRIC_MESSAGES.primaryTwice
      : metricsProblem(input.metrics ?? []);
    if (metrics) {
      ctx.addIssue({ code: "custom", message: metrics, path: ["metrics"] });
      return;
    }
    const slugProblem = input.customSlug ? customSlugProblem(input.customSlug) : null;
    if (slugProblem === "invalid")
      ctx.addIssue({ code: "custom", message: TEST_MESSAGES.invalidCustomSlugService });
    if (slugProblem === "reserved") ctx.addIssue({ code: "custom", message: TEST_MESSAGES.reservedSlug });
    const schedule =
      scheduleMessage(input) ??
      afterPageMessage(input.onEnd, input.afterUrl) ??
      startMessage(input) ??
      endBeforeMinimumDays(input);
    if (schedule) ctx.addIssue({ code: "custom", message: schedule });
    const rules = rulesProblem(input.rules ?? [], input.fallbackUrl);
    if (rules) ctx.addIssue({ code: "custom", message: rules });
    // A beacon no longer sets it: without one, no order could ever count in a revenue test.
    const decidingMetric = metricsOf(input.metrics ?? []).primaryMetric ?? input.primaryMetric;
    if (decidingMetric === "revenue_per_visitor" && !input.currency)
      ctx.addIssue({ code: "custom", message: METRIC_MESSAGES.currencyRequired, path: ["currency"] });
  })
  .transform((input) => ({
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
    ...(goalAfter(NO_GOAL, input) as Goal),
    conversionEvent: null as string | null,
    primaryMetric: input.primaryMetric,
    primaryMetricName: null as string | null,
    ...metricsOf(input.metrics ?? []),
    customDomainId: input.customDomainId,
    customSlug: input.customSlug,
    currency: input.currency,
    plan: input.plan ?? null,
    tags: input.tags ?? [],
    ...settingsOf(input),
    minimumDays: input.minimumDays ?? DEFAULT_MINIMUM_DAYS,
  }))
  .meta({ required: ["name"] });
/** POST /api/tests and /api/v1/tests as a caller sends it: `variants` (1–8), or `urlA` (and `urlB`). */
export type CreateTestRequest = z.input<typeof createTestSchema>;
/** A new test as the service receives it: always `variants`, rules normalised. */
export type CreateTestInput = z.output<typeof createTestSchema>;

function variantsOf(input: { variants?: VariantInput[]; urlA?: string; urlB?: string }): VariantInput[] {
  if (input.variants) return input.variants;
  if (input.urlB === undefined) return [{ url: input.urlA ?? "", weight: TOTAL_WEIGHT }];
  const [a = 50, b = 50] = evenWeights(2);
  return [
    { url: input.urlA ?? "", weight: a },
    { url: input.urlB ?? "", weight: b },
  ];
}

/**
 * A change to a test: new variants, weights and names (after its first counted click, new URLs or weights
 * start a new phase; names change any time), new end settings (while
 * it runs) and/or new audience rules. Fields left out stay as they are.
 */
export const updateTestSchema = z
  .object(
    {
      variants: variantsSchema.optional(),
      ...settingsFields,
      ...goalFields,
      ...metricsFields,
      currency: currencyCode
        .optional()
        .describe(
          "A new ISO 4217 currency for the test's revenue, until an order has counted in its currency",
        ),
      tags: tagsSchema.optional().describe("The test's tags, replaced whole: [] removes them all"),
    },
    { error: SCHEDULE_MESSAGES.nothingToChange },
  )
  .superRefine((input, ctx) => {
    if (Object.values(input).every((value) => value === undefined)) {
      ctx.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.nothingToChange });
      return;
    }
    // The rules with the fallback URL, and the goal, are checked by updateTest: either may be the test's own.
    const problem =
      (input.variants && variantsProblem(input.variants)) ||
      // Without onEnd, the fewest visitors and the after-page depend on the test's own end: updateTest checks them.
      (input.onEnd ? scheduleMessage(input) : scheduleMessage({ endsAt: input.endsAt })) ||
      (input.onEnd || input.afterUrl ? afterPageMessage(input.onEnd, input.afterUrl) : null) ||
      // A start date is checked by updateTest: the test's own, once past, may be sent again unchanged.
      (input.beforeUrl && !isHttpUrl(input.beforeUrl) ? TEST_MESSAGES.invalidUrls : null) ||
      (input.conversionUrl && !isHttpUrl(input.conversionUrl) ? TEST_MESSAGES.invalidUrls : null) ||
      (primarySentTwice(input) ? METRIC_MESSAGES.primaryTwice : metricsProblem(input.metrics ?? []));
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((input) => ({
    variants: input.variants,
    currency: input.currency,
    conversionGoal: input.conversionGoal,
    conversionUrl: input.conversionUrl,
    conversionUrlMatch: input.conversionUrlMatch,
    ...(input.metrics ? metricsOf(input.metrics) : {}),
    tags: input.tags,
    ...settingsOf(input),
  }));
/** PATCH /api/tests/:id and /api/v1/tests/{id} as a caller sends it; what is left out stays as it is. */
export type UpdateTestRequest = z.input<typeof updateTestSchema>;
/** A change as the service receives it, rules normalised. */
export type UpdateTestInput = z.output<typeof updateTestSchema>;

/** The path parameter of one test (public API); an id another user owns is simply not found. */
export const testIdParam = idParam("The test's id");

/** GET /api/tests/slug-availability?slug=&domainId= */
export const slugQuerySchema = z.object({
  slug: z.string({ error: TEST_MESSAGES.invalidCustomSlugService }).trim().max(100),
  // None: the default domain's /r/{path}.
  domainId: z.string({ error: TEST_MESSAGES.domainNotUsable }).max(64).optional(),
});

/** POST /api/tests/:id/promote */
export const promoteSchema = z.object(
  { variant: z.enum(VARIANT_LABELS, { error: LIFECYCLE_MESSAGES.chooseVariant }) },
  { error: LIFECYCLE_MESSAGES.chooseVariant },
);

const label = z.enum(VARIANT_LABELS);

/** One variant's counts on the dashboard; the rate is a percentage (conversions / clicks × 100). */
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
export type ArmStats = z.output<typeof armStatsSchema>;

/**
 * The specification's stats per test (its A and B fields), and every variant's in `arms`; rates are
 * percentages (conversions / clicks × 100).
 */
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
      "The leader: the variant with the highest conversion rate (or revenue per visitor, when that is the test's primary metric), or tie; null while every value is 0. It decides nothing: see `verdict`",
    ),
  visitorsA: count("Unique visitors of version A"),
  visitorsB: count("Unique visitors of version B"),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe("The leader's chance to be the best variant by the primary metric; null without a leader"),
  decided: label
    .nullable()
    .describe(
      "The winner the test's one verdict names (the same as the test page's), else null (until then `winner` only leads)",
    ),
  verdict: z
    .object({
      status: z.enum(["decided", "collecting", "no_difference", "held"]),
      winner: label.optional().describe("When decided: the proven winner"),
      guardrail: z
        .object({ variant: label, metric: z.string() })
        .optional()
        .describe(
          "When held: the version that won the primary metric and the guardrail it is proven worse on; nothing deploys or promotes it",
        ),
      until: z
        .string()
        .optional()
        .describe(
          "While the test's minimum days run (collecting): when they are up and a call can be made (ISO 8601)",
        ),
    })
    .describe(
      "The one verdict, the test page's: decided, collecting (not proven yet), no_difference, or held (a winner proven worse on a guardrail)",
    ),
  arms: z.array(armStatsSchema).describe("Every variant's numbers, A first"),
});
export type TestStats = z.output<typeof testStatsSchema>;
export type StatsVerdict = TestStats["verdict"];

/** One version of a test: where it sends visitors and its share of them (percent). */
export const testVariantSchema = z.object({
  label: label.describe("A, B, C… by position; A is the control"),
  url: z.string().describe("Where the variant sends visitors"),
  weight: z.int().min(1).max(99).describe("Its share of visitors in percent; the weights add up to 100"),
  name: z.string().nullable().describe("Its name, or null"),
});
export type TestVariant = z.output<typeof testVariantSchema>;

const testStatusSchema = z.enum(["active", "paused", "completed"]);
export type TestStatus = z.output<typeof testStatusSchema>;

const testMetricSchema = z.object({
  name: z.string(),
  role: z.enum(METRIC_ROLES),
  kind: z.enum(METRIC_KINDS),
  goal: z
    .union([z.object({ url: z.string(), match: z.enum(URL_MATCHES) }), z.object({ event: z.string() })])
    .optional()
    .describe(
      "A page ({ url, match }) or a named call ({ event }); absent for the refund rate, revenue from the primary's orders, or a primary without a goal",
    ),
  better: z.enum(METRIC_DIRECTIONS),
});

/** The specification's client shape of a split test, plus its variants, link and lifecycle. */
export const splitTestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  slug: z.string().describe("The test's 6-character slug, as in /r/{slug}"),
  // The specification's fields.
  urlA: z.string().describe("Variant A's URL"),
  urlB: z.string().describe("Variant B's URL; empty for a plain link"),
  variants: z.array(testVariantSchema).describe("1 to 8 variants, A first: one is a plain link"),
  kind: z
    .enum(TEST_KINDS)
    .describe(
      "link: one destination, a plain short link (clicks counted, no statistics, no verdict); test: two or more variants",
    ),
  variantsLocked: z
    .boolean()
    .describe("True once the current phase counted a click: new URLs or weights then start a new phase"),
  phase: z.int().min(1).describe("The current phase, which decides"),
  phaseStartedAt: millis("When it started; null for phase 1").nullable(),
  conversionUrl: z.string().nullable().describe("The goal page, with the page goal; else null"),
  conversionGoal: z
    .enum(CONVERSION_GOALS)
    .describe(
      "What counts as a conversion: page (a visit of conversionUrl), call (splitlink.convert() or data-convert) or none (nothing counts by itself)",
    ),
  conversionUrlMatch: z
    .enum(URL_MATCHES)
    .describe("How the goal page's URL is matched: equals, starts_with or contains"),
  metrics: z
    .array(testMetricSchema)
    .describe(
      "The primary metric first (the goal fields and primaryMetric say it too), then the secondary and guardrail metrics",
    ),
  createdAt: millis("When the test was created"),
  customDomainId: z.string().nullable(),
  customSlug: z.string().nullable(),
  status: testStatusSchema,
  winnerVariant: label.nullable().describe("The promoted variant of a completed test"),
  // Absolute.
  link: z.string().describe("The shareable split link"),
  // What decides the verdict, the winner badge and the confidence.
  primaryMetric: z
    .enum(PRIMARY_METRICS)
    .describe("What decides the verdict and the winner: conversion_rate or revenue_per_visitor"),
  // Set at creation; no conversion sets it.
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
  startsAt: z
    .string()
    .nullable()
    .describe("When the link starts counting (ISO 8601); null when it started at creation"),
  beforeUrl: z
    .string()
    .nullable()
    .describe("Where visitors go before startsAt; null sends them to version A"),
  passwordProtected: z
    .boolean()
    .describe(
      "Whether visitors must type a password before the link sends them on (the password is never answered)",
    ),
  endsAt: z.string().nullable().describe("When the test ends (ISO 8601); null for no end date"),
  endAfterVisitors: z.int().nullable().describe("The test ends at this many unique visitors; null for none"),
  // Also at an early stop.
  onEnd: z
    .enum(END_ACTIONS)
    .describe(
      "At the end: keep the split, send everyone to A (control), promote the proven winner, or send everyone to afterUrl (url)",
    ),
  afterUrl: z
    .string()
    .nullable()
    .describe("Where everyone goes once the test ends, with onEnd url; null otherwise"),
  stopEarly: z.boolean().describe("Whether the test ends as soon as the always-valid verdict names a winner"),
  minimumDays: z
    .int()
    .min(0)
    .max(MAX_MINIMUM_DAYS)
    .describe("Whole days the current phase runs before any call (verdict, alert, end, promotion)"),
  plan: z
    .object({ baselineRate: z.number(), relativeLift: z.number(), dailyVisitors: z.number() })
    .nullable()
    .describe("The planner's inputs saved at creation (rate and lift as fractions), or null"),
  // Null while it runs.
  completedAt: millis("When the test completed").nullable(),
  // Both null while it runs or after a manual promote.
  endedBy: z
    .enum(END_REASONS)
    .nullable()
    .describe("Why the test ended on its own: its date, its visitors, or an early clear winner"),
  endResult: z
    .enum(END_RESULTS)
    .nullable()
    .describe(
      "What its end did: kept the split, sent everyone to A, promoted the winner, kept A for want of a winner (no_winner), or sent everyone to afterUrl (url)",
    ),
  rules: z
    .array(ruleSchema)
    .describe("Audience rules, in order; the first whose conditions all match decides, before the split"),
  fallbackUrl: z
    .string()
    .nullable()
    .describe("Where visitors who match no rule go when a rule joins the experiment"),
  tags: z
    .array(z.string())
    .describe("Its tags, lower-case, in alphabetical order (GET /api/v1/tags gives their colours)"),
});
export type SplitTest = z.output<typeof splitTestSchema>;

export const testWithStatsSchema = splitTestSchema.extend({ stats: testStatsSchema });
export type TestWithStats = z.output<typeof testWithStatsSchema>;

/** GET /api/tests, GET /api/v1/tests */
/** GET /api/v1/tests?q=: what a caller may narrow the list by. */
export const testListQuerySchema = z.object({
  q: z
    .string({ error: TEST_MESSAGES.searchTooLong })
    .trim()
    .max(100, TEST_MESSAGES.searchTooLong)
    .optional()
    .describe(
      "Only the tests whose name, slug, custom path or one of whose tags contains this text, in any case",
    ),
  tag: tagName
    .optional()
    .describe("Only the tests (and links) that carry this tag, in any case; with q, both must match"),
  kind: z
    .enum(TEST_KINDS, { error: TEST_MESSAGES.kindFilter })
    .optional()
    .describe("Only plain links (link: one destination) or only tests (test: two or more)"),
});
export type TestListQuery = z.output<typeof testListQuerySchema>;

export const testListResponseSchema = z.object({ tests: z.array(testWithStatsSchema) });
export type TestListResponse = z.output<typeof testListResponseSchema>;

/** POST /api/tests (201), GET /api/tests/:slug */
export const testResponseSchema = z.object({ test: testWithStatsSchema });
export type TestResponse = z.output<typeof testResponseSchema>;

/** The app's other answers, for their types only (see contract/api.ts, "answers only the app reads"). */
function answers() {
  return {
    /** GET /api/tests/slug-availability?slug=&domainId= */
    slugAvailability: z.object({
      available: z.boolean(),
      status: z.enum(["available", "taken", "invalid", "reserved"]),
    }),
  };
}
export type SlugAvailabilityResponse = z.output<ReturnType<typeof answers>["slugAvailability"]>;
export type SlugCheck = SlugAvailabilityResponse["status"];
