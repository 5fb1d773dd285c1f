// Audience rules: evaluated on every visit before the split. Shared by the create form, the test page
// and the API; the redirect evaluates them in worker/redirect/rules.ts.
import type { Rule, RuleCondition } from "./api/rules";
import { RULE_MESSAGES } from "./messages";
import { isHttpUrl } from "./urls";

export const CONDITION_TYPES = ["device", "os", "language", "country", "query", "referrer"] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const DEVICE_TYPES = ["mobile", "tablet", "desktop"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const OPERATING_SYSTEMS = ["ios", "android", "windows", "macos", "linux", "chromeos"] as const;
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number];

export type { Rule, RuleAction, RuleCondition } from "./api/rules";

export const MAX_RULES = 20;
export const MAX_CONDITIONS = 10;

/** With a rule that joins the experiment, visitors who match no rule go to the fallback URL. */
export function hasExperimentRule(rules: readonly Rule[]): boolean {
  return rules.some((rule) => rule.action.type === "experiment");
}

const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;
const COUNTRY_CODE = /^[a-z]{2}$/i;
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;
const QUERY_NAME = /^[^\s&=#]{1,100}$/;

/** What is wrong with one condition; null when nothing. */
export function conditionProblem(condition: RuleCondition): string | null {
  const value = condition.value ?? "";
  switch (condition.type) {
    case "device":
      return (DEVICE_TYPES as readonly string[]).includes(value) ? null : RULE_MESSAGES.device;
    case "os":
      return (OPERATING_SYSTEMS as readonly string[]).includes(value) ? null : RULE_MESSAGES.os;
    case "language":
      return LANGUAGE_TAG.test(value) ? null : RULE_MESSAGES.language;
    case "country":
      return COUNTRY_CODE.test(value) ? null : RULE_MESSAGES.country;
    case "referrer":
      return HOST.test(value) ? null : RULE_MESSAGES.referrer;
    case "query":
      if (!QUERY_NAME.test(condition.name ?? "")) return RULE_MESSAGES.queryName;
      return value.length <= 200 ? null : RULE_MESSAGES.queryValue;
    default:
      return RULE_MESSAGES.conditionType;
  }
}

/** What is wrong with a set of rules and its fallback URL, in the order a person fixes it; null when nothing. */
export function rulesProblem(rules: readonly Rule[], fallbackUrl: string | null | undefined): string | null {
  if (rules.length > MAX_RULES) return RULE_MESSAGES.tooMany;
  for (const rule of rules) {
    if (rule.conditions.length < 1 || rule.conditions.length > MAX_CONDITIONS)
      return RULE_MESSAGES.conditions;
    for (const condition of rule.conditions) {
      const problem = conditionProblem(condition);
      if (problem) return problem;
    }
    if (rule.action.type === "redirect" && !isHttpUrl(rule.action.url)) return RULE_MESSAGES.actionUrl;
  }
  if (fallbackUrl && !isHttpUrl(fallbackUrl)) return RULE_MESSAGES.fallbackUrl;
  if (hasExperimentRule(rules) && !fallbackUrl) return RULE_MESSAGES.fallbackNeeded;
  return null;
}

/** The form the redirect compares against: lower-case values, upper-case countries, trimmed. */
export function normalizeRule(rule: Rule): Rule {
  return {
    conditions: rule.conditions.map(({ type, value, name }) => {
      const trimmed = value?.trim();
      const normalized =
        type === "country" ? trimmed?.toUpperCase() : type === "query" ? trimmed : trimmed?.toLowerCase();
      return {
        type,
        ...(normalized !== undefined && normalized !== "" ? { value: normalized } : {}),
        ...(type === "query" ? { name: name?.trim() } : {}),
      };
    }),
    action:
      rule.action.type === "redirect"
        ? { type: "redirect", url: rule.action.url.trim() }
        : { type: "experiment" },
  };
}

/** The rule in words: "Mobile visitors from DE → https://…". */
export function ruleSummary(rule: Rule): string {
  const words = RULE_MESSAGES.summary;
  const devices = rule.conditions.filter((c) => c.type === "device").map((c) => words.device(c.value ?? ""));
  const parts = rule.conditions.flatMap((condition) => {
    const value = condition.value ?? "";
    switch (condition.type) {
      case "os":
        return [words.os(value)];
      case "language":
        return [words.language(value)];
      case "country":
        return [words.country(value)];
      case "query":
        return [words.query(condition.name ?? "", condition.value)];
      case "referrer":
        return [words.referrer(value)];
      default:
        return [];
    }
  });
  const who = [devices.length > 0 ? words.visitorsOf(devices) : words.visitors, ...parts].join(" ");
  return rule.action.type === "redirect" ? words.redirect(who, rule.action.url) : words.experiment(who);
}
