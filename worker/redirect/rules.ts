import type { DeviceType, OperatingSystem, Rule, RuleCondition } from "../../contract/rules";
import { cappedHeader, MAX_HOSTNAME } from "../lib/headers";
import type { AgentFacts } from "../lib/user-agent";

/** Names the visitor's country in development only, where `wrangler dev` has no real `request.cf`. */
export const DEV_COUNTRY_HEADER = "x-splitlink-dev-country";

/** What the rules and the breakdowns know of a visitor; no address and no full user agent. */
export interface Visitor {
  device: DeviceType;
  os: OperatingSystem | null;
  /** Two letters, upper case, from Cloudflare (`request.cf.country`); null when unknown. */
  country: string | null;
  /** Lower case; null without a (parseable) Referer. */
  referrerHost: string | null;
  acceptLanguage: string | null;
  query: URLSearchParams;
}

export function visitorOf(request: Request, url: URL, environment: string, agent: AgentFacts): Visitor {
  const cf = request.cf as { country?: unknown } | undefined;
  const country =
    (environment === "development" ? cappedHeader(request.headers, DEV_COUNTRY_HEADER, 2) : null) ??
    (typeof cf?.country === "string" ? cf.country : null);
  return {
    device: agent.device,
    os: agent.os,
    // Cloudflare answers "T1" for Tor and "XX" for unknown: neither is a country.
    country: country && /^[A-Za-z]{2}$/.test(country) && country !== "XX" ? country.toUpperCase() : null,
    referrerHost: hostOf(cappedHeader(request.headers, "referer", MAX_REFERRER)),
    acceptLanguage: cappedHeader(request.headers, "accept-language"),
    query: url.searchParams,
  };
}

// Long enough for any real Referer's host to survive the cut, whatever its path and query.
const MAX_REFERRER = 8192;

/** The Referer's host; null without one, or when it is longer than any DNS name (then it is no real one). */
function hostOf(referrer: string | null): string | null {
  if (!referrer || !URL.canParse(referrer)) return null;
  const host = new URL(referrer).hostname.toLowerCase();
  return host && host.length <= MAX_HOSTNAME ? host : null;
}

/** Any language the visitor accepts (q above 0) that is the tag or one of its subtags: `es` matches `es-ES`. */
function acceptsLanguage(header: string | null, tag: string): boolean {
  if (!header) return false;
  for (const entry of header.split(",")) {
    const [range = "", ...parameters] = entry.trim().toLowerCase().split(";");
    const quality = parameters.find((p) => p.trim().startsWith("q="));
    if (quality && Number(quality.trim().slice(2)) === 0) continue;
    if (range === tag || range.startsWith(`${tag}-`)) return true;
  }
  return false;
}

/** Conditions hold normalised values (contract/rules.ts `normalizeRule`). */
export function conditionMatches(condition: RuleCondition, visitor: Visitor): boolean {
  const value = condition.value;
  switch (condition.type) {
    case "device":
      return visitor.device === value;
    case "os":
      return visitor.os === value;
    case "country":
      return visitor.country === value;
    case "language":
      return value !== undefined && acceptsLanguage(visitor.acceptLanguage, value);
    case "referrer":
      return (
        value !== undefined &&
        visitor.referrerHost !== null &&
        (visitor.referrerHost === value || visitor.referrerHost.endsWith(`.${value}`))
      );
    case "query": {
      const found = condition.name ? visitor.query.get(condition.name) : null;
      return found !== null && (value === undefined || found === value);
    }
    default:
      return false;
  }
}

/** Where the rules send a visitor outside the experiment: a rule's URL, or the fallback's (rule null). */
export interface RuleTarget {
  url: string;
  rule: number | null;
}

/**
 * The first rule whose conditions all match decides: its URL, or the experiment (null). With a rule
 * that joins the experiment, a visitor who matches no rule goes to the fallback URL; without one, into
 * the experiment.
 */
export function ruleTarget(
  rules: readonly Rule[],
  fallbackUrl: string | null | undefined,
  visitor: Visitor,
): RuleTarget | null {
  let joins = false;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as Rule;
    if (rule.conditions.every((condition) => conditionMatches(condition, visitor)))
      return rule.action.type === "redirect" ? { url: rule.action.url, rule: i } : null;
    joins ||= rule.action.type === "experiment";
  }
  return joins && fallbackUrl ? { url: fallbackUrl, rule: null } : null;
}
