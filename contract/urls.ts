/** Absolute http(s) URLs only, for the form and the API alike: relative, `javascript:` and `data:` are refused. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0 && !/\s/.test(value)
  );
}

/**
 * Whether a value is a URL at all, as a webhook endpoint needs one: it parses, has a host, no
 * whitespace and no user or password. Which URLs the environment allows is the Worker's policy
 * (worker/webhooks/url-policy.ts).
 */
export function isPlainUrl(value: string): boolean {
  if (!URL.canParse(value) || /\s/.test(value)) return false;
  const url = new URL(value);
  return url.hostname.length > 0 && !url.username && !url.password;
}
