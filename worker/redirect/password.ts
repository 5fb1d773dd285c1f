import {
  LINK_PASSWORD_COOKIE_PREFIX,
  LINK_PASSWORD_COOKIE_SECONDS,
  LINK_PASSWORD_FIELD,
} from "../../contract/link-password";
import { LINK_PASSWORD_MESSAGES } from "../../contract/messages";
import { verifyPassword } from "../auth/password";
import { addressGroupOf, clientIpOf } from "../lib/client-ip";
import { isSecureRequest, readCookie, serializeCookie } from "../lib/cookies";
import { renderPasswordPage } from "../lib/password-page";
import { isPreviewFetch } from "../lib/preview-fetchers";
import { agentOf } from "../lib/user-agent";
import type { CachedLink } from "../link-cache/entries";
import { isPasswordPass, passwordPass } from "./session";
import { variantOfLink } from "./variant";

// A password link (issue #49 point 3), loaded on its first visit: other links never run this. Its page
// comes before anything else of the link (a preview, the start date, the rules): a person's GET with
// the link's pass goes on as an ordinary visit, counted as usual; everything else gets the page, and
// nothing is counted or queued. Bots, card fetchers, HEAD requests and previews never get through.

/** A form holds one field of at most 100 characters: a few hundred bytes, percent-encoded. */
const MAX_FORM_BYTES = 4 * 1024;

/**
 * Answers are limited like logins (services/limits.ts), on the same limiter: per client address (an
 * IPv6 address by its /64), whichever link they go to, counted before the password is checked.
 */
async function answerAllowed(env: Env, request: Request): Promise<boolean> {
  const address = addressGroupOf(clientIpOf(request.headers));
  const { success } = await env.AUTH_IP_LIMITER.limit({ key: `link-password:${address}` });
  return success;
}

/** Null when the visitor may go on to the link; else the page (or the redirect after a right answer). */
export async function passwordGate(
  request: Request,
  url: URL,
  env: Env,
  link: CachedLink,
  passwordHash: string,
): Promise<Response | null> {
  const agent = agentOf(request);
  const machine =
    isPreviewFetch(request.method, agent) ||
    agent.bot ||
    // A preview (visit.ts's PREVIEW_PARAM) of a label the link has.
    variantOfLink(link, url.searchParams.get("preview")) !== null;
  const cookie = `${LINK_PASSWORD_COOKIE_PREFIX}${link.id}`;
  if (machine) return page(url, 200);
  if (request.method === "POST") return answer(request, url, env, link, passwordHash, cookie);
  const pass = readCookie(request.headers.get("cookie"), cookie);
  if (request.method === "GET" && (await isPasswordPass(env.JWT_SECRET, link.id, passwordHash, pass)))
    return null;
  return page(url, 200);
}

/**
 * The form's answer: limited per address first, then checked. A right one gets the link's pass and goes
 * back to the link as it was opened (303: the browser GETs it, now with the pass).
 */
async function answer(
  request: Request,
  url: URL,
  env: Env,
  link: CachedLink,
  passwordHash: string,
  cookie: string,
): Promise<Response> {
  if (!(await answerAllowed(env, request))) return page(url, 429, LINK_PASSWORD_MESSAGES.tooMany);
  const typed = await typedPassword(request);
  if (typed === null || !(await verifyPassword(typed, passwordHash)))
    return page(url, 403, LINK_PASSWORD_MESSAGES.wrong);
  const pass = await passwordPass(env.JWT_SECRET, link.id, passwordHash);
  return new Response(null, {
    status: 303,
    headers: {
      location: `${url.pathname}${url.search}`,
      "set-cookie": serializeCookie(cookie, pass, LINK_PASSWORD_COOKIE_SECONDS, isSecureRequest(url)),
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
}

/** The password field of a form post, or null for anything else (another type, a body too large). */
async function typedPassword(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return null;
  const body = await boundedText(request, MAX_FORM_BYTES);
  return body === null ? null : new URLSearchParams(body).get(LINK_PASSWORD_FIELD);
}

/** The body as text, read no further than `max` bytes: null when it is longer. */
async function boundedText(request: Request, max: number): Promise<string | null> {
  if (Number(request.headers.get("content-length") ?? 0) > max) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const bytes = new Uint8Array(max);
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > max) {
      await reader.cancel();
      return null;
    }
    bytes.set(value, size);
    size += value.byteLength;
  }
  return new TextDecoder().decode(bytes.subarray(0, size));
}

function page(url: URL, status: 200 | 403 | 429, error?: string): Response {
  return renderPasswordPage({
    status,
    action: `${url.pathname}${url.search}`,
    secure: url.protocol === "https:",
    error,
  });
}
