// The specification's domain format, shared by the API and the Domains form: starts with a letter or
// digit; letters, digits, hyphens and dots; ends with a dot and a top-level label of at least 2 letters.
// Checked label by label, so empty labels and labels ending in a hyphen are refused here rather than by Cloudflare.
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOMAIN_PATTERN = new RegExp(`^(?:${LABEL}\\.)+[a-z]{2,63}$`);

/** A DNS name is at most 253 characters. */
export const MAX_DOMAIN_LENGTH = 253;

/** For a trimmed domain, in any case. */
export function isValidDomain(domain: string): boolean {
  return domain.length <= MAX_DOMAIN_LENGTH && DOMAIN_PATTERN.test(domain.toLowerCase());
}
