import { isbot } from "isbot";
import type { Background } from "../lib/background";
import { isSecureRequest, readCookie, serializeCookie } from "../lib/cookies";
import { eventId } from "../lib/event-id";
import { clientIpOf } from "../lib/rate-limit";
import { buildDestination, chooseVariant } from "../lib/variant";
import { enqueueEvent } from "../queue/producer";
import type { CachedLink } from "../services/link-cache";
import { addressHash, issueSession, signVariant, verifySession, verifyVariant } from "./session";

export const SESSION_COOKIE = "sl_sid";
export const CONVERSION_COOKIE = "sl_conv";
export const variantCookie = (testId: string) => `sl_v_${testId}`;
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const CONVERSION_SESSION_SECONDS = 30 * 24 * 60 * 60;

/**
 * The hot path: a cache hit reaches here with no D1 query. It draws the variant, builds the
 * destination, hands the click to the queue without waiting, and answers one 302.
 * The session and the variant are the server's: a session cookie it did not sign is replaced by a
 * new session, a variant cookie not signed for this session and test is ignored.
 */
export async function visit(
  request: Request,
  url: URL,
  env: Env,
  ctx: Background,
  link: CachedLink,
): Promise<Response> {
  const cookies = request.headers.get("cookie");
  // Link-preview fetchers send HEAD; crawlers announce themselves in the user agent.
  const bot = request.method !== "GET" || isbot(request.headers.get("user-agent"));
  const counted = link.status === "active";
  const signedSession = readCookie(cookies, SESSION_COOKIE);
  const known = await verifySession(env.JWT_SECRET, signedSession);
  const session =
    known && signedSession ? { id: known, cookie: signedSession } : await issueSession(env.JWT_SECRET);
  const sessionId = session.id;
  const remembered =
    known && counted && !bot
      ? await verifyVariant(env.JWT_SECRET, readCookie(cookies, variantCookie(link.id)), known, link.id)
      : null;
  const variant = bot && counted ? "A" : chooseVariant(link, remembered ?? undefined);

  const headers = new Headers({
    location: buildDestination(variant === "A" ? link.urlA : link.urlB, url.searchParams, sessionId, variant),
    "cache-control": "private, no-store",
    "x-robots-tag": "noindex",
  });
  if (counted) {
    const timestamp = Date.now();
    enqueueEvent(env, ctx, {
      type: "click",
      id: eventId(timestamp),
      testId: link.id,
      variant,
      sessionId,
      isBot: bot,
      // A new session carries a keyed hash of its address: the consumer flags bursts of them.
      ...(!known && !bot
        ? { source: await addressHash(env.JWT_SECRET, clientIpOf(request.headers), link.id) }
        : {}),
      timestamp,
    });
  }
  if (counted && !bot) {
    const secure = isSecureRequest(url);
    headers.append("set-cookie", serializeCookie(SESSION_COOKIE, session.cookie, YEAR_SECONDS, secure));
    const signedVariant = await signVariant(env.JWT_SECRET, sessionId, link.id, variant);
    headers.append(
      "set-cookie",
      serializeCookie(variantCookie(link.id), signedVariant, YEAR_SECONDS, secure),
    );
    headers.append(
      "set-cookie",
      serializeCookie(
        CONVERSION_COOKIE,
        `${link.id}|${variant}|${sessionId}`,
        CONVERSION_SESSION_SECONDS,
        secure,
      ),
    );
  }
  return new Response(null, { status: 302, headers });
}
