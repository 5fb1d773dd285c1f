import { TEST_MESSAGES } from "@contract/messages";
import { customSlugProblem } from "@contract/slug";
import { isHttpUrl } from "@contract/urls";
import type { SlugCheckState } from "@/features/create-test/slug-check-state";

export interface CreateTestValues {
  name: string;
  urlA: string;
  urlB: string;
  conversionUrl: string;
  /** Empty unless a custom domain is chosen. */
  customSlug: string;
}

/** The first problem in the specification's order, as its message; null when the form may be sent. */
export function createTestProblem(values: CreateTestValues, slugCheck: SlugCheckState): string | null {
  if (!values.name || !values.urlA || !values.urlB) return TEST_MESSAGES.requiredFields;
  const urls = [values.urlA, values.urlB, values.conversionUrl].filter(Boolean);
  if (!urls.every(isHttpUrl)) return TEST_MESSAGES.invalidUrls;
  const slugUnusable = customSlugProblem(values.customSlug) !== null || slugCheck === "taken";
  if (values.customSlug && slugUnusable) return TEST_MESSAGES.fixCustomSlug;
  return null;
}
