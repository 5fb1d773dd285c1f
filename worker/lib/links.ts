import { isLocalOrPreviewHost } from "./hosts";

/**
 * The shareable split link. On a custom domain: `https://{domain}/{customSlug or slug}`.
 * Otherwise `{current origin}/r/{customSlug or slug}` on local and preview hosts, `https://{APP_HOST}/r/…` in
 * production.
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
  return `${appOrigin(requestUrl, appHost)}/r/${encodeURIComponent(test.customSlug ?? test.slug)}`;
}

/** Where the app lives for links we hand out: the current origin on local and preview hosts, else https://{APP_HOST}. */
export function appOrigin(requestUrl: URL | string, appHost: string): string {
  const url = new URL(requestUrl);
  return isLocalOrPreviewHost(url.hostname) ? url.origin : `https://${appHost}`;
}

/**
 * Where links in emails point. Outside development always https://{APP_HOST}: a request's Host
 * header is the sender's to choose, and a reset link must never be mailed to someone else's host.
 */
export function emailOrigin(requestUrl: URL | string, env: Pick<Env, "APP_HOST" | "ENVIRONMENT">): string {
  return env.ENVIRONMENT === "development" ? appOrigin(requestUrl, env.APP_HOST) : `https://${env.APP_HOST}`;
}

/**
 * Where links in what the crons and queues send (alerts, digests) point, with no request to take a host
 * from: the deployment's own https://{APP_HOST}; on a local server (development) the origin it was
 * started at, LOCAL_ORIGIN (`npm run dev` and the browser tests pass it), so a link opens the app that
 * sent it rather than the production host.
 */
export function ownOrigin(env: Pick<Env, "APP_HOST" | "ENVIRONMENT">): string {
  const local = (env as { LOCAL_ORIGIN?: string }).LOCAL_ORIGIN;
  return env.ENVIRONMENT === "development" && local ? local : `https://${env.APP_HOST}`;
}

function portOf(url: URL): string {
  return url.port ? `:${url.port}` : "";
}
