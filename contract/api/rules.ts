import * as z from "zod";
import { RULE_MESSAGES } from "../messages";
import { CONDITION_TYPES, MAX_CONDITIONS, MAX_RULES } from "../rules";
import { MAX_URL_LENGTH } from "../urls";

// The shape of audience rules; what each value may be is checked by contract/rules.ts `rulesProblem`,
// the same check the form runs, so the API and the app answer with the same messages.

/**
 * One condition. `value`: a device type, an operating system, a language tag (`es` also matches
 * `es-ES`), a two-letter country code, a referrer host (its subdomains match too), or for `query` the
 * parameter's value (left out: the parameter only has to be present); `name` is the query parameter's.
 */
const conditionSchema = z
  .object(
    {
      type: z
        .enum(CONDITION_TYPES, { error: RULE_MESSAGES.conditionType })
        .describe("device, os, language, country, query or referrer"),
      value: z
        .string({ error: RULE_MESSAGES.conditionType })
        .max(253)
        .optional()
        .describe(
          "device: mobile, tablet or desktop. os: ios, android, windows, macos, linux or chromeos. language: a tag such as es (matches es-ES too). country: two letters (DE). query: the parameter's value (left out: present with any value). referrer: a host (its subdomains match too)",
        ),
      name: z
        .string({ error: RULE_MESSAGES.queryName })
        .max(100)
        .optional()
        .describe("For query: the parameter's name"),
    },
    { error: RULE_MESSAGES.conditionType },
  )
  .meta({ required: ["type"] });
export type RuleCondition = z.output<typeof conditionSchema>;

const actionSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("redirect").describe("Send matching visitors to a fixed URL, outside the experiment"),
      url: z.string({ error: RULE_MESSAGES.actionUrl }).max(MAX_URL_LENGTH, RULE_MESSAGES.actionUrl),
    }),
    z.object({ type: z.literal("experiment").describe("Matching visitors join the experiment") }),
  ],
  { error: RULE_MESSAGES.action },
);
export type RuleAction = z.output<typeof actionSchema>;

/** A rule matches when all its conditions do; the first matching rule decides. */
export const ruleSchema = z.object(
  {
    conditions: z
      .array(conditionSchema, { error: RULE_MESSAGES.conditions })
      .min(1, RULE_MESSAGES.conditions)
      .max(MAX_CONDITIONS, RULE_MESSAGES.conditions)
      .describe("All must match (AND)"),
    action: actionSchema,
  },
  { error: RULE_MESSAGES.conditions },
);
export type Rule = z.output<typeof ruleSchema>;

/** The rule and fallback fields, the same in a new test and in a change to one. */
export const ruleFields = {
  rules: z
    .array(ruleSchema, { error: RULE_MESSAGES.conditions })
    .max(MAX_RULES, RULE_MESSAGES.tooMany)
    .optional()
    .describe(
      "Audience rules, evaluated in order on every visit before the split; the first whose conditions all match decides (several rules: OR). A redirect rule's visitors are outside the experiment and counted in no variant",
    ),
  fallbackUrl: z
    .string({ error: RULE_MESSAGES.fallbackUrl })
    .trim()
    .max(MAX_URL_LENGTH, RULE_MESSAGES.fallbackUrl)
    .nullish()
    .describe("With a rule whose action is experiment: where visitors who match no rule go"),
};
