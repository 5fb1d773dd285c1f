/** The URL a value spells, if it parses, has a host and holds no white space; null otherwise. */
function urlOf(value: string): URL | null {
  const url = URL.canParse(value) && !/\s/.test(value) ? new URL(value) : null;
  return url?.hostname ? url : null;
}

/** Absolute http(s) URLs only, for the form and the API alike: relative, `javascript:` and `data:` are refused. */
export function isHttpUrl(value: string): boolean {
  const protocol = urlOf(value)?.protocol;
  return protocol === "http:" || protocol === "https:";
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
