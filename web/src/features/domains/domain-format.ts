import { isValidDomain } from "@contract/domain";
import { DOMAIN_MESSAGES } from "@contract/messages";
import { isHttpUrl, MAX_URL_LENGTH } from "@contract/urls";

/** The specification's message for a (trimmed) domain that cannot be sent, or null when it can. */
export function domainProblem(domain: string): string | null {
  if (domain === "") return DOMAIN_MESSAGES.empty;
  return isValidDomain(domain) ? null : DOMAIN_MESSAGES.invalidFormat;
}

/**
 * What is wrong with a domain's fallback URL as typed, in the API's words (its rule too: an http or https
 * URL of at most MAX_URL_LENGTH characters); null when nothing. Empty is fine: it removes the fallback.
 */
export function fallbackUrlProblem(typed: string): string | null {
  const url = typed.trim();
  if (url === "") return null;
  return url.length <= MAX_URL_LENGTH && isHttpUrl(url) ? null : DOMAIN_MESSAGES.fallbackUrl;
}
