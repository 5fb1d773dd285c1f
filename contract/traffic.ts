// A workspace's traffic rules (issue #47): the addresses of its own people, the sources it blocks, and
// whether visits from hosting and cloud networks count. Pure: the form, the API and the redirect share it.

/** A blocked source: an address or range, a network's ASN, a user-agent substring or a referrer host. */
export const BLOCK_TYPES = ["address", "asn", "userAgent", "referrer"] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export interface BlockRule {
  type: BlockType;
  value: string;
}

export interface TrafficRules {
  internal: string[];
  blocked: BlockRule[];
  machineTraffic: boolean;
}

export const MAX_INTERNAL_ADDRESSES = 100;
export const MAX_BLOCK_RULES = 100;
/** A user agent substring or referrer host longer than this names no real source. */
export const MAX_BLOCK_VALUE = 200;

/** What a workspace that never set its rules has. */
export const DEFAULT_TRAFFIC_RULES: TrafficRules = { internal: [], blocked: [], machineTraffic: true };

/** An address or range as bits: IPv4 as 32, IPv6 as 128 (an IPv4 address written `::ffff:a.b.c.d` as IPv4). */
interface Range {
  v6: boolean;
  bits: bigint;
  prefix: number;
}

function ipv4Bits(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let bits = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    bits = (bits << 8n) | BigInt(part);
  }
  return bits;
}

function ipv6Bits(text: string): bigint | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split("::").length > 2) return null;
  const [head = "", tail] = text.split("::");
  const side = (part: string) => (part ? part.split(":") : []);
  const left = side(head);
  const right = side(tail ?? "");
  const groups: bigint[] = [];
  for (const group of [...left, ...(tail === undefined ? [] : ["::"]), ...right]) {
    if (group === "::") {
      const width = [...left, ...right].reduce((sum, g) => sum + (g.includes(".") ? 2 : 1), 0);
      if (width > 7) return null;
      for (let i = 0; i < 8 - width; i++) groups.push(0n);
    } else if (group.includes(".")) {
      const v4 = ipv4Bits(group);
      if (v4 === null) return null;
      groups.push(v4 >> 16n, v4 & 0xffffn);
    } else {
      if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
      groups.push(BigInt(`0x${group}`));
    }
  }
  if (groups.length !== 8) return null;
  return groups.reduce((bits, group) => (bits << 16n) | group, 0n);
}

/** An address (`203.0.113.7`, `2001:db8::1`) or CIDR range (`203.0.113.0/24`, `2001:db8::/32`); null if neither. */
export function parseRange(text: string): Range | null {
  const [address = "", prefixText, extra] = text.trim().split("/");
  if (extra !== undefined || address.length > 45) return null;
  const v6 = address.includes(":");
  const bits = v6 ? ipv6Bits(address) : ipv4Bits(address);
  if (bits === null) return null;
  const width = v6 ? 128 : 32;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (prefix > width) return null;
  // An IPv4 address written as IPv6 is that IPv4 address.
  if (v6 && bits >> 32n === 0xffffn && prefix >= 96) return masked(false, bits & 0xffffffffn, prefix - 96);
  return masked(v6, bits, prefix);
}

function masked(v6: boolean, bits: bigint, prefix: number): Range {
  const hostBits = BigInt((v6 ? 128 : 32) - prefix);
  return { v6, bits: (bits >> hostBits) << hostBits, prefix };
}

/** Whether an address lies in a range (both as `parseRange` reads them). */
export function inRange(address: Range, range: Range): boolean {
  if (address.v6 !== range.v6) return false;
  const shift = BigInt((range.v6 ? 128 : 32) - range.prefix);
  return address.bits >> shift === range.bits >> shift;
}

/** A referrer host as a rule names it: lower case, no scheme, path or `www.`. */
export function referrerHostOf(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/[/?#:].*$/, "")
    .replace(/^www\./, "");
}

/** A referrer host rule: letters, digits, dots and hyphens, with a dot. */
export function isReferrerHost(value: string): boolean {
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(referrerHostOf(value));
}

/** An ASN as Cloudflare reports it, with or without the `AS` prefix. */
export function asnOf(value: string): number | null {
  const match = /^(?:AS)?(\d{1,10})$/i.exec(value.trim());
  const asn = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(asn) && asn > 0 && asn < 2 ** 32 ? asn : null;
}

/** What the rules look at of a visit or a conversion: its address, network, user agent (lower case) and referrer host. */
export interface TrafficSource {
  address: string;
  asn: number | null;
  userAgent: string;
  referrerHost: string | null;
}

/** The rules' addresses and ranges, parsed (one that does not parse matches nothing). */
interface RuleRanges {
  internal: Range[];
  blocked: Range[];
}

// Parsed once a rules object: the redirect matches every visit against the rules its link cache holds,
// up to 200 ranges, and the visitor's address only when there is a range to match it with. Rules are
// never changed in place: a change is a new cache entry, and so a new object, parsed afresh.
const parsedRanges = new WeakMap<TrafficRules, RuleRanges>();

function rangesOf(rules: TrafficRules): RuleRanges {
  let ranges = parsedRanges.get(rules);
  if (!ranges) {
    const parsed = (texts: string[]) => texts.map(parseRange).filter((range) => range !== null);
    ranges = {
      internal: parsed(rules.internal),
      blocked: parsed(rules.blocked.filter((rule) => rule.type === "address").map((rule) => rule.value)),
    };
    parsedRanges.set(rules, ranges);
  }
  return ranges;
}

/** Whether a source is one of the workspace's own (internal) or a blocked one; null when neither. */
export function matchedRule(rules: TrafficRules, source: TrafficSource): "internal" | "blocked" | null {
  const ranges = rangesOf(rules);
  const address = ranges.internal.length + ranges.blocked.length > 0 ? parseRange(source.address) : null;
  const within = (list: Range[]) => address !== null && list.some((range) => inRange(address, range));
  if (within(ranges.internal)) return "internal";
  if (within(ranges.blocked)) return "blocked";
  const blocked = rules.blocked.some((rule) => {
    if (rule.type === "address") return false;
    if (rule.type === "asn") return source.asn !== null && asnOf(rule.value) === source.asn;
    if (rule.type === "userAgent") return source.userAgent.includes(rule.value.toLowerCase());
    const host = referrerHostOf(rule.value);
    const from = source.referrerHost?.replace(/^www\./, "") ?? null;
    return from !== null && (from === host || from.endsWith(`.${host}`));
  });
  return blocked ? "blocked" : null;
}

/**
 * What the rules look at of a request (the redirect's visit, the beacon's conversion): its address,
 * network (Cloudflare's `request.cf.asn`), user agent (capped, lower case) and referrer host.
 */
export function trafficSourceOf(
  request: Request,
  address: string,
  referrerHost: string | null,
): TrafficSource {
  const cf = (request as { cf?: { asn?: unknown } }).cf;
  return {
    address,
    asn: typeof cf?.asn === "number" ? cf.asn : null,
    userAgent: (request.headers.get("user-agent") ?? "").slice(0, 512).toLowerCase(),
    referrerHost,
  };
}
