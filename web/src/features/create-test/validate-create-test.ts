import { isCurrency } from "@contract/currency";
import { isLinkPassword } from "@contract/link-password";
import {
  CONVERSION_MESSAGES,
  LINK_PASSWORD_MESSAGES,
  METRIC_MESSAGES,
  TEST_MESSAGES,
  VARIANT_MESSAGES,
} from "@contract/messages";
import { customSlugProblem } from "@contract/slug";
import { isPlainLink } from "@contract/variants";
import type { SlugCheckState } from "@/features/create-test/slug-check-state";
import { END_FIELDS, type EndDraft, type EndField, endProblemAt } from "@/lib/split-tests/end-drafts";
import { type RuleDraft, type RulesProblemAt, ruleDraftsProblemAt } from "@/lib/split-tests/rule-drafts";
import {
  destinationProblemMessage,
  urlProblemMessage,
  type VariantDraft,
  variantInputs,
  variantsProblem,
  weightsDraftProblem,
} from "@/lib/split-tests/variant-drafts";

export interface CreateTestValues {
  name: string;
  variants: readonly VariantDraft[];
  conversionUrl: string;
  /** The custom path, on the chosen domain or the default one; empty for none. */
  customSlug: string;
  end: EndDraft;
  /** Empty unless revenue per visitor is the metric and a currency was typed. */
  currency: string;
  /** Revenue needs a currency: no order can set it. */
  revenueDecides: boolean;
  rules: readonly RuleDraft[];
  /** Counts only while a rule joins the experiment. */
  fallbackUrl: string;
  /** Optimise mode: its bandit needs two variants at least. */
  optimise?: boolean;
  /** The link's password as typed (not trimmed); empty for none. */
  password?: string;
}

/**
 * A field the form can mark: the name, the n-th variant's URL, the weights, the conversion URL, the
 * currency, the end date or visitors, the audience rules (where in them: `rules` of the problem).
 */
export type CreateTestField =
  | "name"
  | `url-${number}`
  | "weights"
  | "conversionUrl"
  | "currency"
  | EndField
  | "rules"
  | "password";

export interface CreateTestProblem {
  /** The specification's message. */
  message: string;
  /** The fields it is about, in the form's order; empty when no single field is (the custom slug, said by its own check). */
  fields: CreateTestField[];
  /** What is wrong with each of the fields, where it says more than `message` (which the toast shows). */
  fieldMessages?: Partial<Record<CreateTestField, string>>;
  /** With the field `rules`: where in the rules the problem is. */
  rules?: RulesProblemAt;
}

const urlField = (index: number): CreateTestField => `url-${index}`;

/**
 * The first problem in the specification's order, as its message and the fields it is about: required
 * fields, URLs, then the variants' weights, then the custom slug, then the end settings, then the
 * audience rules, then the password. Null when the form may be sent.
 */
export function createTestProblems(
  values: CreateTestValues,
  slugCheck: SlugCheckState,
): CreateTestProblem | null {
  const urls = variantInputs(values.variants).map((variant) => variant.url);
  const missing: CreateTestField[] = [
    ...(values.name ? [] : (["name"] as const)),
    ...urls.flatMap((url, index) => (url ? [] : [urlField(index)])),
  ];
  if (missing.length > 0) return { message: TEST_MESSAGES.requiredFields, fields: missing };
  const variants = variantsProblem(values.variants, values.conversionUrl ? [values.conversionUrl] : []);
  if (variants === TEST_MESSAGES.invalidUrls) {
    const fieldMessages: Partial<Record<CreateTestField, string>> = {};
    urls.forEach((url, index) => {
      const found = destinationProblemMessage(url);
      if (found) fieldMessages[urlField(index)] = found;
    });
    const conversion = values.conversionUrl ? urlProblemMessage(values.conversionUrl) : null;
    if (conversion) fieldMessages.conversionUrl = conversion;
    return { message: variants, fields: Object.keys(fieldMessages) as CreateTestField[], fieldMessages };
  }
  if (variants)
    return {
      message: variants,
      fields: variants === weightsDraftProblem(values.variants) ? ["weights"] : [],
    };
  if (values.optimise && isPlainLink(values.variants))
    return { message: VARIANT_MESSAGES.optimiseNeedsTwo, fields: ["weights"] };
  const slugUnusable = customSlugProblem(values.customSlug) !== null || slugCheck === "taken";
  if (values.customSlug && slugUnusable) return { message: TEST_MESSAGES.fixCustomSlug, fields: [] };
  if (values.revenueDecides && !values.currency)
    return { message: METRIC_MESSAGES.currencyRequired, fields: ["currency"] };
  if (values.currency && !isCurrency(values.currency))
    return { message: CONVERSION_MESSAGES.invalidCurrency, fields: ["currency"] };
  const end = endProblemAt(values.end);
  if (end) return { message: end.message, fields: [end.field] };
  const rules = ruleDraftsProblemAt(values.rules, values.fallbackUrl);
  if (rules) return { message: rules.message, fields: ["rules"], rules };
  if (values.password && !isLinkPassword(values.password))
    return { message: LINK_PASSWORD_MESSAGES.length, fields: ["password"] };
  return null;
}

/** The first problem's message only (createTestProblems). */
export function createTestProblem(values: CreateTestValues, slugCheck: SlugCheckState): string | null {
  return createTestProblems(values, slugCheck)?.message ?? null;
}

/** The end settings' problem, for the field it is about; null when the problem is not about them. */
export function endProblemOf(problem: CreateTestProblem | null): { message: string; field: EndField } | null {
  const field = problem?.fields.find((one): one is EndField =>
    (END_FIELDS as readonly string[]).includes(one),
  );
  return problem && field ? { message: problem.message, field } : null;
}

/** The message to show at `field`, or null when the problem is not about it. */
export function problemAt(problem: CreateTestProblem | null, field: CreateTestField): string | null {
  return problem?.fields.includes(field) ? (problem.fieldMessages?.[field] ?? problem.message) : null;
}
