import { REDIRECT_MESSAGES } from "../../contract/messages";
import { isSecureRequest } from "../lib/cookies";
import { isLocalOrPreviewHost } from "../lib/hosts";
import { type RedirectErrorDetails, renderRedirectError } from "./error-page";
import { findHost, findLinkBySlug, findLinkOnDomain } from "./lookup";
import { visit } from "./visit";

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

function failure(url: URL, env: Env, slug: string, error: unknown) {
  console.error("Redirect failed", url.hostname, slug, error);
  return errorPage(
    url,
    env,
    slug,
    500,
    REDIRECT_MESSAGES.redirectError(error instanceof Error ? error.message : undefined),
  );
}

/** `/r/{slug}` on the app host. */
export async function redirectBySlug(
  request: Request,
  url: URL,
  env: Env,
  ctx: ExecutionContext,
): Promise<Response> {
  const slug = pathSlug(url.pathname, "/r/");
  if (!slug) return errorPage(url, env, slug, 400, REDIRECT_MESSAGES.noSlug);
  try {
    const link = await findLinkBySlug(env, ctx, slug);
    if (!link) return errorPage(url, env, slug, 404, REDIRECT_MESSAGES.testNotFound);
    return visit(request, url, env, ctx, link);
  } catch (error) {
    return failure(url, env, slug, error);
  }
}

/** `/{customSlug or slug}` on a custom domain. */
export async function redirectOnCustomDomain(
  request: Request,
  url: URL,
  env: Env,
  ctx: ExecutionContext,
): Promise<Response> {
  const hostname = url.hostname;
  const slug = pathSlug(url.pathname, "/");
  let host: Awaited<ReturnType<typeof findHost>>;
  try {
    host = await findHost(env, ctx, hostname);
  } catch (error) {
    console.error("Domain lookup failed", hostname, error);
    return errorPage(
      url,
      env,
      slug,
      500,
      REDIRECT_MESSAGES.domainLookupError(error instanceof Error ? error.message : undefined),
    );
  }
  if (!host) return errorPage(url, env, slug, 404, REDIRECT_MESSAGES.domainNotRegistered(hostname));
  if (host.status !== "active")
    return errorPage(url, env, slug, 404, REDIRECT_MESSAGES.domainNotVerified(hostname));
  if (!slug) return errorPage(url, env, slug, 400, REDIRECT_MESSAGES.noSlug);
  try {
    const link = await findLinkOnDomain(env, ctx, host.id, slug);
    if (!link) return errorPage(url, env, slug, 404, REDIRECT_MESSAGES.testNotFound);
    return visit(request, url, env, ctx, link);
  } catch (error) {
    return failure(url, env, slug, error);
  }
}
