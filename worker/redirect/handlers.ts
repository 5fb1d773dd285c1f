import { REDIRECT_MESSAGES } from "../../contract/messages";
import { isPossibleLinkPath } from "../../contract/slug";
import { isSecureRequest } from "../lib/cookies";
import { type RedirectErrorDetails, renderRedirectError } from "../lib/error-page";
import { MAX_HOSTNAME } from "../lib/headers";
import { isLocalOrPreviewHost } from "../lib/hosts";
import type { CachedLink } from "../link-cache/entries";
import { findHost, findLinkBySlug, findLinkOnDomain } from "../link-cache/lookup";
import { log } from "../observability/log";
import { plainRedirect, visit } from "./visit";

/** The path after the prefix, decoded, without a trailing slash. */
function pathSlug(pathname: string, prefix: string): string {
  const raw = pathname.slice(prefix.length).replace(/\/+$/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function homeUrl(url: URL, appHost: string): string {
  if (isLocalOrPreviewHost(url.hostname)) return `${url.origin}/`;
  if (url.hostname.endsWith(".localhost"))
    return `${url.protocol}//localhost${url.port ? `:${url.port}` : ""}/`;
  return `https://${appHost}/`;
}

function errorPage(
  url: URL,
  env: Env,
  slug: string,
  status: RedirectErrorDetails["status"],
  message: string,
) {
  return renderRedirectError({
    status,
    message,
    hostname: url.hostname,
    slug,
    secure: isSecureRequest(url) && url.protocol === "https:",
    homeUrl: homeUrl(url, env.APP_HOST),
  });
}

/**
 * Finds the link and visits it; a missing slug, a missing link or a failure get the error page, or, on a
 * custom domain with a fallback URL, the first two go there.
 */
async function redirectTo(
  request: Request,
  url: URL,
  env: Env,
  ctx: ExecutionContext,
  slug: string,
  find: () => Promise<CachedLink | null>,
  fallbackUrl?: string,
): Promise<Response> {
  if (fallbackUrl && !(slug && isPossibleLinkPath(slug))) return plainRedirect(fallbackUrl);
  if (!slug) return errorPage(url, env, slug, 400, REDIRECT_MESSAGES.noSlug);
  // No slug has other characters (nor is longer than 50): such a path is no link, and is never looked up.
  if (!isPossibleLinkPath(slug)) return errorPage(url, env, slug, 404, REDIRECT_MESSAGES.testNotFound);
  try {
    const link = await find();
    if (!link && fallbackUrl) return plainRedirect(fallbackUrl);
    if (!link) return errorPage(url, env, slug, 404, REDIRECT_MESSAGES.testNotFound);
    return await visit(request, url, env, ctx, link);
  } catch (error) {
    log("error", "redirect_failed", { host: url.hostname, slug, error });
    const message = error instanceof Error ? error.message : undefined;
    return errorPage(url, env, slug, 500, REDIRECT_MESSAGES.redirectError(message));
  }
}

/** `/r/{slug or custom path}` on the app host. */
export function redirectBySlug(
  request: Request,
  url: URL,
  env: Env,
  ctx: ExecutionContext,
): Promise<Response> {
  const slug = pathSlug(url.pathname, "/r/");
  return redirectTo(request, url, env, ctx, slug, () => findLinkBySlug(env, ctx, slug));
}

/** `/{customSlug or slug}` on a custom domain; its root and unknown paths go to its fallback URL, if it has one. */
export async function redirectOnCustomDomain(
  request: Request,
  url: URL,
  env: Env,
  ctx: ExecutionContext,
): Promise<Response> {
  const hostname = url.hostname;
  const slug = pathSlug(url.pathname, "/");
  // No DNS name is longer; nor could it be a KV key.
  if (hostname.length > MAX_HOSTNAME)
    return errorPage(url, env, slug, 404, REDIRECT_MESSAGES.domainNotRegistered(hostname));
  let host: Awaited<ReturnType<typeof findHost>>;
  try {
    host = await findHost(env, ctx, hostname);
  } catch (error) {
    log("error", "domain_lookup_failed", { host: hostname, error });
    const message = error instanceof Error ? error.message : undefined;
    return errorPage(url, env, slug, 500, REDIRECT_MESSAGES.domainLookupError(message));
  }
  if (!host) return errorPage(url, env, slug, 404, REDIRECT_MESSAGES.domainNotRegistered(hostname));
  if (host.status !== "active") {
    return errorPage(url, env, slug, 404, REDIRECT_MESSAGES.domainNotVerified(hostname));
  }
  const domainId = host.id;
  return redirectTo(
    request,
    url,
    env,
    ctx,
    slug,
    () => findLinkOnDomain(env, ctx, domainId, slug),
    host.fallbackUrl,
  );
}
