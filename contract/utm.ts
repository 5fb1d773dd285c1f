// UTM parameters on a destination (issue #49, point 6). No zod: the form and the API read these rules.
// A destination's URL holds its UTM parameters in its query: the builder reads them from it and writes
// them back (web/src/lib/split-tests/utm.ts), so the redirect, the link cache and the API take URLs only.

import { MAX_UTM_VALUE, UTM_MESSAGES } from "./messages/utm";

export { MAX_UTM_TEMPLATE_NAME, MAX_UTM_VALUE } from "./messages/utm";

import { hasUnsafeCharacters } from "./names";

/** The five UTM fields, in the order the builder shows them, and their query parameter names. */
export const UTM_FIELDS = ["source", "medium", "campaign", "content", "term"] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export const UTM_PARAMETER: Record<UtmField, string> = {
  source: "utm_source",
  medium: "utm_medium",
  campaign: "utm_campaign",
  content: "utm_content",
  term: "utm_term",
};

/** The fields a workspace's template holds: utm_content is each destination's own (its name by default). */
export const UTM_TEMPLATE_FIELDS = ["source", "medium", "campaign", "term"] as const;
export type UtmTemplateField = (typeof UTM_TEMPLATE_FIELDS)[number];

/** Whether a query parameter's name is a UTM one (utm_source, utm_id, …), any case. */
export function isUtmParameter(name: string): boolean {
  return name.toLowerCase().startsWith("utm_");
}

/** What is wrong with one typed UTM value, said next to its field; null when nothing (empty is fine). */
export function utmValueProblem(value: string): string | null {
  if (hasUnsafeCharacters(value)) return UTM_MESSAGES.valueUnsafe;
  if (value.trim().length > MAX_UTM_VALUE) return UTM_MESSAGES.valueTooLong;
  return null;
}
