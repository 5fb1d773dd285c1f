import { RULE_MESSAGES } from "@contract/messages";
import {
  CONDITION_TYPES,
  type ConditionType,
  conditionProblem,
  hasExperimentRule,
  MAX_CONDITIONS,
  MAX_RULES,
  normalizeRule,
  type Rule,
  ruleSummary,
  rulesProblem,
} from "@contract/rules";

/** A condition as the editor holds it: every field as typed. */
export interface ConditionDraft {
  /** Stays with the row when others are added, removed or moved. */
  key: number;
  type: ConditionType;
  value: string;
  /** The query parameter's name; unused by the other types. */
  name: string;
}

export interface RuleDraft {
  key: number;
  conditions: ConditionDraft[];
  action: Rule["action"]["type"];
  /** Where a redirect rule sends visitors; kept while the action is switched back and forth. */
  url: string;
}

let nextKey = 0;
function newKey(): number {
  nextKey += 1;
  return nextKey;
}

/** The value a new condition of this type starts with: the first choice where there is a list. */
function firstValueOf(type: ConditionType): string {
  if (type === "device") return "mobile";
  if (type === "os") return "ios";
  return "";
}

export function newConditionDraft(type: ConditionType = "device"): ConditionDraft {
  return { key: newKey(), type, value: firstValueOf(type), name: "" };
}

/**
 * The condition "Add condition" adds to a rule: of the first type the rule does not test yet (a second
 * device condition could only contradict the first), a query parameter once every type is used.
 */
export function nextConditionDraft(rule: Pick<RuleDraft, "conditions">): ConditionDraft {
  const used = new Set(rule.conditions.map((condition) => condition.type));
  return newConditionDraft(CONDITION_TYPES.find((type) => !used.has(type)) ?? "query");
}

/** The condition with another type: its value starts over, since the old one means nothing to the new type. */
export function withConditionType(condition: ConditionDraft, type: ConditionType): ConditionDraft {
  return { ...condition, type, value: firstValueOf(type), name: "" };
}

/** A new rule: mobile visitors, sent to a URL still to be typed. */
export function newRuleDraft(): RuleDraft {
  return { key: newKey(), conditions: [newConditionDraft()], action: "redirect", url: "" };
}

/** A test's rules, to edit. */
export function ruleDraftsOf(rules: readonly Rule[]): RuleDraft[] {
  return rules.map((rule) => ({
    key: newKey(),
    conditions: rule.conditions.map(({ type, value, name }) => ({
      key: newKey(),
      type,
      value: value ?? "",
      name: name ?? "",
    })),
    action: rule.action.type,
    url: rule.action.type === "redirect" ? rule.action.url : "",
  }));
}

export const canAddRule = (drafts: readonly RuleDraft[]) => drafts.length < MAX_RULES;
export const canAddCondition = (draft: RuleDraft) => draft.conditions.length < MAX_CONDITIONS;

/** The list with the item at `index` swapped with its neighbour `by` (−1 up, +1 down); unchanged at an end. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  const next = [...items];
  if (target < 0 || target >= items.length) return next;
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

function ruleOf(draft: RuleDraft): Rule {
  return normalizeRule({
    conditions: draft.conditions.map(({ type, value, name }) => ({
      type,
      value,
      ...(type === "query" ? { name } : {}),
    })),
    action: draft.action === "redirect" ? { type: "redirect", url: draft.url } : { type: "experiment" },
  });
}

/** The rules as the API takes them, trimmed and normalized. */
export function rulesOf(drafts: readonly RuleDraft[]): Rule[] {
  return drafts.map(ruleOf);
}

/** The rule in words as typed so far; a URL not typed yet reads "…". */
export function draftSummary(draft: RuleDraft): string {
  return ruleSummary(
    ruleOf(draft.action === "redirect" && !draft.url.trim() ? { ...draft, url: "…" } : draft),
  );
}

/** The fallback URL counts only while a rule joins the experiment; the field is hidden otherwise. */
export function rulesInput(drafts: readonly RuleDraft[], fallbackUrl: string) {
  const rules = rulesOf(drafts);
  return { rules, fallbackUrl: hasExperimentRule(rules) ? fallbackUrl.trim() || null : null };
}

/** The first problem with the rules, as the API would say it; null when none. */
export function ruleDraftsProblem(drafts: readonly RuleDraft[], fallbackUrl: string): string | null {
  const { rules, fallbackUrl: fallback } = rulesInput(drafts, fallbackUrl);
  return rulesProblem(rules, fallback);
}

/**
 * Where the first problem with the rules is, for the editor to show it there: a rule's condition, its
 * URL, the rule as a whole (the number of rules or conditions), or the fallback URL.
 */
export type RulesProblemAt = { message: string } & (
  | { field: "condition"; rule: number; condition: number }
  | { field: "url" | "rule"; rule: number }
  | { field: "fallback" }
);

/** The first problem (ruleDraftsProblem) with where it is; null when none. */
export function ruleDraftsProblemAt(
  drafts: readonly RuleDraft[],
  fallbackUrl: string,
): RulesProblemAt | null {
  const message = ruleDraftsProblem(drafts, fallbackUrl);
  if (!message) return null;
  if (message === RULE_MESSAGES.fallbackUrl || message === RULE_MESSAGES.fallbackNeeded)
    return { message, field: "fallback" };
  const rules = rulesOf(drafts);
  // The first rule with a problem of its own; the whole list's (too many rules) shows at the first.
  const rule = Math.max(
    rules.findIndex((one) => rulesProblem([one], null) === message),
    0,
  );
  const condition = (rules[rule]?.conditions ?? []).findIndex((one) => conditionProblem(one) === message);
  if (condition >= 0) return { message, field: "condition", rule, condition };
  return { message, field: message === RULE_MESSAGES.actionUrl ? "url" : "rule", rule };
}
