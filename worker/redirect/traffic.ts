import { matchedRule, type TrafficRules, type TrafficSource, trafficSourceOf } from "../../contract/traffic";
import type { UncountedVisitReason } from "../../contract/trust";
import type { Background } from "../lib/background";
import { clientIpOf } from "../lib/client-ip";
import { readCookie } from "../lib/cookies";
import { HOSTING_ASNS } from "../lib/hosting-asns";
import { onDemand } from "../lib/on-demand";
import type { CachedTrafficRules } from "../link-cache/entries";
import { findTrafficRules } from "../link-cache/lookup";

/** The app's own session cookie (auth/session-cookies.ts), which the redirect sees on the app host. */
const ACCESS_COOKIE = "sl_access";
/** jose loads only for a visitor who carries the app's cookie. */
const loadTokens = onDemand(() => import("../auth/tokens"));

/** Why the rules leave a visit out: internal, blocked or (machine traffic) datacenter; null when it counts. */
export function ruledOut(rules: TrafficRules, source: TrafficSource): UncountedVisitReason | null {
  const matched = matchedRule(rules, source);
  if (matched) return matched;
  if (rules.machineTraffic && source.asn !== null && HOSTING_ASNS.has(source.asn)) return "datacenter";
  return null;
}

/**
 * Whether the visitor is signed in to the app as a member of the workspace: only a session token this
 * server signed (its signature and expiry checked, no D1 read) for one of the members the cache holds.
 */
export async function isSignedInMember(
  secret: string,
  cookies: string | null,
  entry: CachedTrafficRules,
): Promise<boolean> {
  const token = readCookie(cookies, ACCESS_COOKIE);
  if (!token) return false;
  const { verifyAccessToken } = await loadTokens();
  const claims = await verifyAccessToken(secret, token);
  return claims !== null && entry.members.includes(claims.user.id);
}

/** Why the workspace's rules leave this visit out (its members' own clicks are internal); null when it counts. */
export async function excludedVisit(
  request: Request,
  env: Env,
  ctx: Background,
  workspaceId: string,
  referrerHost: string | null,
): Promise<UncountedVisitReason | null> {
  const entry = await findTrafficRules(env, ctx, workspaceId);
  if (!entry) return null;
  const source = trafficSourceOf(request, clientIpOf(request.headers), referrerHost);
  const reason = ruledOut(entry.rules, source);
  if (reason) return reason;
  return (await isSignedInMember(env.JWT_SECRET, request.headers.get("cookie"), entry)) ? "internal" : null;
}
