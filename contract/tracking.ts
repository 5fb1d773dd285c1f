// How a test's conversions are told apart from its visits (issue #32): its goal, and where the tag was
// seen. The tag (web/tag/t.js) applies the goal in the visitor's browser.

/**
 * What makes a visitor of the test convert: a visit of the goal page (`page`, the conversion URL), an
 * explicit call on the marketer's page (`call`: `splitlink.convert()` or a tag with `data-convert`), or
 * nothing yet (`none`: the site tag counts nothing by itself).
 */
export const CONVERSION_GOALS = ["page", "call", "none"] as const;
export type ConversionGoal = (typeof CONVERSION_GOALS)[number];

/**
 * How the goal page's URL is compared with the page the visitor is on, by the tag (web/tag/t.js
 * `matches`): `equals` compares host and path (a trailing slash aside) and, when the goal names a
 * query, that query too; `starts_with` and `contains` compare the goal's text with the page's address
 * without its scheme.
 */
export const URL_MATCHES = ["equals", "starts_with", "contains"] as const;
export type UrlMatch = (typeof URL_MATCHES)[number];

/**
 * The hidden part of a page goal, as /t/goals/{siteKey} names it to the tag: its length and a hash of
 * it, so the tag can tell that the page's address has it without the world reading the goal's query.
 */
export interface HiddenQuery {
  length: number;
  hash: number;
}

/** A page goal as the tag reads it: `url` without its query (and fragment), the rest as a hash. */
export interface TagPageGoal {
  url: string;
  match: UrlMatch;
  query?: HiddenQuery;
}

/**
 * A 53-bit hash of a text's UTF-16 code units (cyrb53), the same as web/tag/t.js `textHash`: quick and
 * synchronous on any page (crypto.subtle is async and only on https). It hides a goal's query from a
 * casual read, and a guessed query is a matched page anyway; it is no secret's keeper.
 */
export function textHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

function hidden(text: string): HiddenQuery {
  return { length: text.length, hash: textHash(text) };
}

/**
 * What the tag needs of a page goal to match a page as `URL_MATCHES` says, and nothing more: for
 * `equals` the goal's origin and path, with its query (`?...`) as a hash; for `starts_with` and
 * `contains` the goal's text up to its first `?` or `#`, the rest as a hash.
 */
export function tagPageGoal(goal: string, match: UrlMatch): TagPageGoal {
  if (match === "equals") {
    const url = new URL(goal);
    const base = `${url.origin}${url.pathname}`;
    return url.search ? { url: base, match, query: hidden(url.search) } : { url: base, match };
  }
  const at = goal.search(/[?#]/);
  return at < 0 ? { url: goal, match } : { url: goal.slice(0, at), match, query: hidden(goal.slice(at)) };
}

/** Where the tag reports it ran: a landing page (reached from the split link) or the goal page. */
export const SIGHTING_KINDS = ["landing", "goal"] as const;
export type SightingKind = (typeof SIGHTING_KINDS)[number];

// Second-level labels under which a country's registrable domains sit (example.co.uk). Enough for the
// page's warning; the tag itself asks the browser, which knows the whole public suffix list.
const SECOND_LEVELS = new Set(["co", "com", "org", "net", "ac", "gov", "edu", "ne", "or"]);

/**
 * The registrable domain of a host, as far as a site's cookies reach: `www.shop.example` and
 * `checkout.shop.example` share `shop.example`. An IP address or a one-label host is its own.
 */
export function registrableDomainOf(host: string): string {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (/^[\d.]+$/.test(name) || name.includes(":")) return name;
  const labels = name.split(".");
  const last = labels.at(-1) ?? "";
  const second = labels.at(-2) ?? "";
  const keep = last.length === 2 && SECOND_LEVELS.has(second) ? 3 : 2;
  return labels.slice(-keep).join(".");
}

/** A test's goal as stored: the conversion URL only with the page goal. */
export interface Goal {
  conversionGoal: ConversionGoal;
  conversionUrl: string | null;
  conversionUrlMatch: UrlMatch;
}

/**
 * The goal after a change (all fields optional, as a create or a PATCH sends them): a conversion URL alone
 * makes it the page goal, a goal without a page drops the URL. Answers what is wrong instead, as
 * GOAL_MESSAGES names it: a page goal without its URL, or a URL beside another goal.
 */
export function goalAfter(
  current: Goal,
  change: { conversionGoal?: ConversionGoal; conversionUrl?: string | null; conversionUrlMatch?: UrlMatch },
): Goal | "urlRequired" | "urlOnlyForPage" {
  const url = change.conversionUrl === undefined ? current.conversionUrl : change.conversionUrl || null;
  const goal =
    change.conversionGoal ??
    (change.conversionUrl === undefined ? current.conversionGoal : url ? "page" : "none");
  const match = change.conversionUrlMatch ?? current.conversionUrlMatch;
  if (goal === "page")
    return url ? { conversionGoal: goal, conversionUrl: url, conversionUrlMatch: match } : "urlRequired";
  if (change.conversionUrl) return "urlOnlyForPage";
  return { conversionGoal: goal, conversionUrl: null, conversionUrlMatch: match };
}

/** A new test's goal: the conversion URL's page when one is given, else none. */
export const NO_GOAL: Goal = { conversionGoal: "none", conversionUrl: null, conversionUrlMatch: "equals" };

/**
 * The site tag's first line, defined before the async tag loads (as gtag's dataLayer is): a
 * `splitlink.convert()` called inline, before the tag has run, is kept and sent once it has.
 */
export const TAG_QUEUE_STUB =
  "<script>window.splitlink=window.splitlink||{q:[],convert:function(o){window.splitlink.q.push(o||{})}};</script>";
