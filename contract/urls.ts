/** The longest URL the API takes (a destination, a goal page, a fallback, a webhook endpoint), in characters. */
export const MAX_URL_LENGTH = 2048;

/** The URL a value spells, if it parses, has a host and holds no white space; null otherwise. */
function urlOf(value: string): URL | null {
  const url = URL.canParse(value) && !/\s/.test(value) ? new URL(value) : null;
  return url?.hostname ? url : null;
}

/**
 * What is wrong with an address a person typed as an http(s) URL: not one at all (relative,
 * `javascript:`, `data:`), or a host without a dot (`https://shopco`, a typo that no visitor can reach;
 * `localhost` and `*.localhost` stay allowed for local development). Null when nothing.
 */
export function httpUrlProblem(value: string): "invalid" | "no_domain" | null {
  const url = urlOf(value);
  if (url?.protocol !== "http:" && url?.protocol !== "https:") return "invalid";
  const host = url.hostname;
  const local = host === "localhost" || host.endsWith(".localhost") || host.startsWith("[");
  return host.includes(".") || local ? null : "no_domain";
}

/** Absolute http(s) URLs only, for the form and the API alike: relative, `javascript:` and `data:` are refused. */
export function isHttpUrl(value: string): boolean {
  return httpUrlProblem(value) === null;
}

/**
 * Whether a value is a URL at all, as a webhook endpoint needs one: it parses, has a host, no
 * whitespace and no user or password. Which URLs the environment allows is the Worker's policy
 * (worker/webhooks/url-policy.ts).
 */
export function isPlainUrl(value: string): boolean {
  const url = urlOf(value);
  return url !== null && !url.username && !url.password;
}
