import { DOMAIN_MESSAGES } from "@contract/messages";

// The specification's domain format: starts with a letter or digit; letters, digits, hyphens and dots;
// ends with a dot and a top-level label of at least 2 letters. Checked label by label, the same rule the
// API applies (worker/domains/format.ts), so the form refuses exactly what the API would.
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOMAIN_PATTERN = new RegExp(`^(?:${LABEL}\\.)+[a-z]{2,63}$`);

/** Longest input the field accepts: a DNS name is at most 253 characters. */
export const DOMAIN_MAX_LENGTH = 253;

/** The specification's message for a (trimmed) domain that cannot be sent, or null when it can. */
export function domainProblem(domain: string): string | null {
  if (domain === "") return DOMAIN_MESSAGES.empty;
  const valid = domain.length <= DOMAIN_MAX_LENGTH && DOMAIN_PATTERN.test(domain.toLowerCase());
  return valid ? null : DOMAIN_MESSAGES.invalidFormat;
}
