import type { Variant } from "../../contract/api";
import { notStartedAt } from "../../contract/schedule";
import type { UncountedVisitReason } from "../../contract/trust";
import type { Background } from "../lib/background";
import { addressGroupOf, clientIpOf } from "../lib/client-ip";
import { isSecureRequest, readCookie, serializeCookie } from "../lib/cookies";
import { clickId, eventId, timeOrderedUuid } from "../lib/ids";
import { onDemand } from "../lib/on-demand";
import { isPreviewFetch } from "../lib/preview-fetchers";
import { agentOf } from "../lib/user-agent";
import type { CachedLink } from "../link-cache/entries";
import { enqueueEvent } from "../queue/producer";
import { type RuleTarget, ruleTarget, visitorOf } from "./rules";
import { addressHash, sessionOf, signArm, verifyArm } from "./session";
import { excludedVisit } from "./traffic";
import { buildDestination, chooseVariant, urlOf, variantOfLink, withIncoming } from "./variant";

export const SESSION_COOKIE = "sl_sid";
export const CONVERSION_COOKIE = "sl_conv";
/**
 * An optimised test's arm cookie, `sl_arm_{testId}` = `{label}.{signature}`: while the bandit moves the
 * weights, a returning visitor stays on the arm they first got. Signed for the session and test, so a
 * visitor cannot pick an arm with it.
 */
export const ARM_COOKIE_PREFIX = "sl_arm_";
/** `?preview=B`: the arm's URL with nothing counted (see `visit`). */
export const PREVIEW_PARAM = "preview";
const DAY_SECONDS = 24 * 60 * 60;
const YEAR_SECONDS = 365 * DAY_SECONDS;
/** A password link's page and check (issue #49), loaded on the first visit of a link that has one. */
const loadPassword = onDemand(() => import("./password"));

/**
 * The hot path: a cache hit reaches here with no D1 query. It picks the variant from the session,
 * builds the destination, hands the click to the queue without waiting, and answers one 302 that sets
 * only the cookies that are new or changed (none for a returning visitor).
 * The session is the server's: a session cookie it did not sign is replaced by a new session, and the
 * variant follows from the session, the test's secret and the weights alone (or an arm cookie this server
 * signed for the session), never from a value the client chose.
 */
export async function visit(
  request: Request,
  url: URL,
  env: Env,
  ctx: Background,
  link: CachedLink,
): Promise<Response> {
  // A password link (issue #49): its page first, until a person's GET carries the link's pass. Loaded
  // only for such a link; the others pay this one check.
  if (link.passwordHash) {
    const { passwordGate } = await loadPassword();
    const page = await passwordGate(request, url, env, link, link.passwordHash);
    if (page) return page;
  }
  const previewed = variantOfLink(link, url.searchParams.get(PREVIEW_PARAM));
  if (previewed) return preview(url, link, previewed);
  // Not started yet (issue #49): everyone to the page before it, nothing counted, no session, no cookie.
  if (notStartedAt(link.startsAt, Date.now()))
    return plainRedirect(withIncoming(link.beforeUrl ?? urlOf(link, "A"), url.searchParams).toString());
  const cookies = request.headers.get("cookie");
  // Apps fetching the link for its card (HEAD, or a known fetcher) and crawlers are not people.
  const agent = agentOf(request);
  const cardFetch = isPreviewFetch(request.method, agent);
  const bot = cardFetch || request.method !== "GET" || agent.bot;
  // A visit counted in no arm, on the test's traffic quality with its reason (added up per batch by the producer).
  const uncounted = (excludedBy: UncountedVisitReason | null, timestamp = Date.now()) =>
    enqueueEvent(env, ctx, {
      type: "uncounted",
      testId: link.id,
      reason: uncountedReason(cardFetch, bot, excludedBy, link.status),
      timestamp,
    });
  // Ended to the campaign's after-page (issue #49): everyone goes there, and the results stay frozen.
  if (link.endedTo) {
    uncounted(null);
    return plainRedirect(withIncoming(link.endedTo, url.searchParams).toString());
  }
  const active = link.status === "active";
  // What the rules and a counted click's segment need; a paused link without rules needs neither.
  const visitor = active || link.rules ? visitorOf(request, url, env.ENVIRONMENT, agent) : null;
  // The workspace's traffic rules (its own people, blocked sources, machine traffic), from the cache.
  const excluded =
    active && !bot && link.workspaceId
      ? await excludedVisit(request, env, ctx, link.workspaceId, visitor?.referrerHost ?? null)
      : null;
  const counted = active && !excluded;
  const target = link.rules && visitor ? ruleTarget(link.rules, link.fallbackUrl, visitor) : null;
  if (target) {
    // A rule visit is recorded for a person's counted visit; any other says why on the traffic quality.
    const recorded = counted && !bot;
    if (!recorded) uncounted(excluded);
    return ruleVisit(url, env, ctx, link, target, recorded);
  }
  // Only a counted visit of a person needs a session the server vouches for (it decides the variant
  // and is what a conversion must match); a bot's, an excluded or a paused link's visit gets a
  // throwaway id and costs no signature.
  const session =
    counted && !bot ? await sessionOf(env.JWT_SECRET, readCookie(cookies, SESSION_COOKIE)) : null;
  const sessionId = session?.id ?? timeOrderedUuid();
  const armCookie = session && link.mode === "optimise" ? `${ARM_COOKIE_PREFIX}${link.id}` : null;
  const kept = armCookie
    ? variantOfLink(link, await verifyArm(env.JWT_SECRET, link.id, sessionId, readCookie(cookies, armCookie)))
    : null;
  const variant = bot && counted ? "A" : (kept ?? (await chooseVariant(link, sessionId)));

  const headers = redirectHeaders(
    buildDestination(urlOf(link, variant), url.searchParams, link.id, sessionId, variant),
  );
  const timestamp = Date.now();
  // A preview is no click of anyone's: counted on the test's traffic quality only, with no click row.
  if (counted && !cardFetch) {
    enqueueEvent(
      env,
      ctx,
      {
        type: "click",
        id: clickId(),
        testId: link.id,
        variant,
        sessionId,
        isBot: bot,
        device: visitor?.device,
        os: visitor?.os,
        country: visitor?.country,
        referrer: visitor?.referrerHost,
        // A person's click carries a keyed hash of their address: a test counts a bounded number of
        // sessions per address and hour (queue/record.ts).
        ...(bot
          ? {}
          : {
              source: await addressHash(env.JWT_SECRET, addressGroupOf(clientIpOf(request.headers)), link.id),
            }),
        timestamp,
      },
      link.shard,
    );
  } else {
    uncounted(excluded, timestamp);
  }
  if (session) {
    const secure = isSecureRequest(url);
    // As long as a conversion can be credited to the click: the attribution window.
    const conversionSeconds = env.ATTRIBUTION_WINDOW_DAYS * DAY_SECONDS;
    if (session.isNew)
      headers.append("set-cookie", serializeCookie(SESSION_COOKIE, session.cookie, YEAR_SECONDS, secure));
    if (armCookie && !kept)
      headers.append(
        "set-cookie",
        serializeCookie(
          armCookie,
          await signArm(env.JWT_SECRET, link.id, sessionId, variant),
          conversionSeconds,
          secure,
        ),
      );
    const conversionSession = `${link.id}|${variant}|${sessionId}`;
    if (readCookie(cookies, CONVERSION_COOKIE) !== conversionSession)
      headers.append(
        "set-cookie",
        serializeCookie(CONVERSION_COOKIE, conversionSession, conversionSeconds, secure),
      );
  }
  return new Response(null, { status: 302, headers });
}

/** Why a visit that makes no click row counts in no arm: a card fetch, a bot, the rules, or the link's state. */
function uncountedReason(
  cardFetch: boolean,
  bot: boolean,
  excluded: UncountedVisitReason | null,
  status: CachedLink["status"],
): UncountedVisitReason {
  if (cardFetch) return "preview";
  if (bot) return "bot";
  return excluded ?? (status === "completed" ? "completed" : "paused");
}

function redirectHeaders(location: string): Headers {
  return new Headers({ location, "cache-control": "private, no-store", "x-robots-tag": "noindex" });
}

/** A 302 the redirect answers without a cookie: a preview, a rule's URL, a custom domain's fallback. */
export function plainRedirect(location: string): Response {
  return new Response(null, { status: 302, headers: redirectHeaders(location) });
}

/**
 * An arm's preview, for its owner to look at: its URL with the visitor's other parameters, and nothing
 * counted (no click, no session, no cookie, nothing queued) nor the parameters a counted visit gets, so
 * the site tag on the page has no session to credit. Anyone with the link may open it; it changes nothing.
 */
function preview(url: URL, link: CachedLink, variant: Variant): Response {
  const incoming = new URLSearchParams(url.searchParams);
  // Nor a session someone typed into the link: the tag on the page would keep it as a visit.
  for (const name of [PREVIEW_PARAM, "sessionId", "variant", "splitTestId"]) incoming.delete(name);
  return plainRedirect(withIncoming(urlOf(link, variant), incoming).toString());
}

/**
 * A visitor the rules send to a fixed URL is outside the experiment: no session, no cookie, and a rule
 * visit instead of an arm's click (counted nowhere in the results).
 */
function ruleVisit(
  url: URL,
  env: Env,
  ctx: Background,
  link: CachedLink,
  target: RuleTarget,
  recorded: boolean,
): Response {
  if (recorded) {
    const timestamp = Date.now();
    enqueueEvent(env, ctx, {
      type: "rule",
      id: eventId(),
      testId: link.id,
      rule: target.rule,
      url: target.url,
      timestamp,
    });
  }
  return plainRedirect(withIncoming(target.url, url.searchParams).toString());
}
