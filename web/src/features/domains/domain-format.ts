import { isValidDomain } from "@contract/domain";
import { DOMAIN_MESSAGES } from "@contract/messages";

/** The specification's message for a (trimmed) domain that cannot be sent, or null when it can. */
export function domainProblem(domain: string): string | null {
  if (domain === "") return DOMAIN_MESSAGES.empty;
  return isValidDomain(domain) ? null : DOMAIN_MESSAGES.invalidFormat;
}
