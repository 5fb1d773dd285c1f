/** A scheme such as "https:" or "mailto:"; "localhost:3000" is a host and port, not a scheme. */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * A URL as typed, with `https://` put before it when it has no scheme: `shop.example/a` becomes
 * `https://shop.example/a`, `//shop.example/a` becomes `https://shop.example/a`. Empty stays empty, and
 * a URL with a scheme (even one the form refuses, such as ftp:) is left for the check to judge.
 */
export function withHttpsScheme(text: string): string {
  const url = text.trim();
  if (url === "" || SCHEME.test(url)) return url;
  return url.startsWith("//") ? `https:${url}` : `https://${url}`;
}
