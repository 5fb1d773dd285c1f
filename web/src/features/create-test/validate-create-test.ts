import { isCurrency } from "@contract/currency";
import { CONVERSION_MESSAGES, METRIC_MESSAGES, TEST_MESSAGES } from "@contract/messages";
import { customSlugProblem } from "@contract/slug";
import type { SlugCheckState } from "@/features/create-test/slug-check-state";
import { type EndDraft, endProblem } from "@/lib/split-tests/end-drafts";
import { type RuleDraft, ruleDraftsProblem } from "@/lib/split-tests/rule-drafts";
import { type VariantDraft, variantsProblem } from "@/lib/split-tests/variant-drafts";

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
}

/**
 * The first problem in the specification's order, as its message: required fields, URLs, then the
 * variants' weights, then the custom slug, then the end settings, then the audience rules. Null when the
 * form may be sent.
 */
export function createTestProblem(values: CreateTestValues, slugCheck: SlugCheckState): string | null {
  if (!values.name) return TEST_MESSAGES.requiredFields;
  const variants = variantsProblem(values.variants, values.conversionUrl ? [values.conversionUrl] : []);
  if (variants) return variants;
  const slugUnusable = customSlugProblem(values.customSlug) !== null || slugCheck === "taken";
  if (values.customSlug && slugUnusable) return TEST_MESSAGES.fixCustomSlug;
  if (values.revenueDecides && !values.currency) return METRIC_MESSAGES.currencyRequired;
  if (values.currency && !isCurrency(values.currency)) return CONVERSION_MESSAGES.invalidCurrency;
  return endProblem(values.end) ?? ruleDraftsProblem(values.rules, values.fallbackUrl);
}
