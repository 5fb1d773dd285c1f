import { isLocalOrPreviewHost } from "./hosts";

/**
 * The shareable split link. On a custom domain: `https://{domain}/{customSlug or slug}`.
 * Otherwise `{current origin}/r/{slug}` on local and preview hosts, `https://{APP_HOST}/r/{slug}` in production.
 */
export function splitLinkFor(
  test: { slug: string; customSlug: string | null },
  domain: string | null,
  requestUrl: URL,
  appHost: string,
): string {
  const local = isLocalOrPreviewHost(requestUrl.hostname);
  if (domain) {
    const path = encodeURIComponent(test.customSlug ?? test.slug);
    // *.localhost domains resolve to this machine: keep the dev server's scheme and port.
    if (local && domain.endsWith(".localhost"))
      return `${requestUrl.protocol}//${domain}${portOf(requestUrl)}/${path}`;
    return `https://${domain}/${path}`;
  }
  return `${appOrigin(requestUrl, appHost)}/r/${encodeURIComponent(test.slug)}`;
}

/** Where the app lives for links we hand out: the current origin on local and preview hosts, else https://{APP_HOST}. */
export function appOrigin(requestUrl: URL | string, appHost: string): string {
  const url = new URL(requestUrl);
  return isLocalOrPreviewHost(url.hostname) ? url.origin : `https://${appHost}`;
}

function portOf(url: URL): string {
  return url.port ? `:${url.port}` : "";
}
