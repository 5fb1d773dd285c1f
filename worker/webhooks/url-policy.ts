// Where SplitLink may send webhooks. A user chooses the URL, and the Worker fetches it: without these
// rules an endpoint could point into someone's network (SSRF). The check is by the URL's literal
// address and name; it does not resolve names (docs/architecture.md, "Webhooks").
import { isPlainUrl } from "../../contract/urls";

export type WebhookUrlProblem = "invalid" | "not_https" | "private";

/** Hosts that may take plain http, in development only. */
const LOCAL_HTTP_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Names that only mean something inside a network (RFC 6761, 6762, 8375, and cloud metadata names). */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/;

/**
 * Wildcard-DNS services: their names resolve to the address the name spells, in any notation
 * (127.0.0.1.nip.io, 0a000001.nip.io, --1.sslip.io), or always to loopback (*.localtest.me, *.lvh.me).
 */
const WILDCARD_DNS_NAME =
  /(^|\.)(nip\.io|sslip\.io|xip\.io|traefik\.me|localtest\.me|lvh\.me|vcap\.me|localho\.st)$/;

/**
 * Four numbers in a row, between dots or dashes (10.0.0.1.example.com, app-10-0-0-1.example.com): a name
 * that spells out an address, which is what any wildcard-DNS service answers for it.
 */
const SPELLED_OUT_IPV4 = /(^|[.-])\d{1,3}([.-]\d{1,3}){3}([.-]|$)/;

/** IPv4 ranges refused (IANA's special-purpose registry, less what is globally reachable). */
const REFUSED_IPV4 = [
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8", // private (RFC 1918)
  "100.64.0.0/10", // shared address space, CGNAT (RFC 6598); also 100.100.100.200, a metadata address
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local, including the 169.254.169.254 metadata service
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation, TEST-NET-1
  "192.88.99.0/24", // 6to4 relays (deprecated, RFC 7526)
  "192.168.0.0/16", // private
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation, TEST-NET-2
  "203.0.113.0/24", // documentation, TEST-NET-3
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, and 255.255.255.255, broadcast
].map((cidr) => rangeOf(cidr, ipv4Octets, 8));

/** IPv6 forms of an IPv4 address, in their last 32 bits: refused when that address is. */
const IPV4_IN_IPV6 = [
  "::ffff:0:0/96", // IPv4-mapped
  "::ffff:0:0:0/96", // IPv4-translated (RFC 2765)
].map((cidr) => rangeOf(cidr, ipv6Groups, 16));

/** IPv6 ranges refused whatever follows their prefix. */
const REFUSED_IPV6 = [
  "::/96", // ::, ::1 and the deprecated IPv4-compatible form
  "64:ff9b::/96", // NAT64 (RFC 6052): a way to any IPv4 address, private ones too
  "64:ff9b:1::/48", // NAT64 for local use (RFC 8215)
  "100::/64", // discard-only (RFC 6666)
  "2001::/32", // Teredo: a tunnel to an IPv4 address
  "2001:2::/48", // benchmarking
  "2001:db8::/32", // documentation
  "2002::/16", // 6to4: a tunnel to an IPv4 address
  "3fff::/20", // documentation (RFC 9637)
  "fc00::/7", // unique local, including AWS's fd00:ec2::254 metadata address
  "fe80::/10", // link-local
  "fec0::/10", // site-local (deprecated)
  "ff00::/8", // multicast
].map((cidr) => rangeOf(cidr, ipv6Groups, 16));

/**
 * What is wrong with a webhook URL, or null. Outside development it must be https to a public host;
 * in development http://localhost and http://127.0.0.1 are allowed too, and private addresses are not
 * refused (a receiver on the developer's machine or network).
 */
export function webhookUrlProblem(value: string, development: boolean): WebhookUrlProblem | null {
  if (!isPlainUrl(value)) return "invalid";
  const url = new URL(value);
  if (url.protocol === "http:") return development && LOCAL_HTTP_HOSTS.has(url.hostname) ? null : "not_https";
  if (url.protocol !== "https:") return "not_https";
  if (!development && isPrivateHost(url.hostname)) return "private";
  return null;
}

/**
 * Whether a URL's hostname (as `new URL().hostname` gives it: IPv4 in dotted form whatever form was
 * typed, decimal, octal or hex; IPv6 in brackets, in hex) names a loopback, private, link-local, shared
 * (CGNAT), unique-local, multicast, documentation, reserved or metadata address, in IPv4 or any IPv6
 * form of it, or a name that only resolves inside a network or that says which address it resolves to.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, "");
  if (host.startsWith("[") && host.endsWith("]")) return isPrivateIpv6(host.slice(1, -1));
  const ipv4 = ipv4Octets(host);
  if (ipv4) return isPrivateIpv4(ipv4);
  // A name without a dot resolves through the network's own search domains.
  if (!host.includes(".") || PRIVATE_NAME.test(host)) return true;
  return WILDCARD_DNS_NAME.test(host) || SPELLED_OUT_IPV4.test(host);
}

function ipv4Octets(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

function isPrivateIpv4(octets: number[]): boolean {
  return REFUSED_IPV4.some((range) => inRange(octets, range));
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(text: string): number[] | null {
  let address = text;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (dotted) {
    const octets = ipv4Octets(dotted);
    if (!octets) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    address = `${address.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(":") : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16));
}

function isPrivateIpv6(text: string): boolean {
  const groups = ipv6Groups(text);
  // Not an address the check understands: refuse rather than guess.
  if (!groups) return true;
  if (IPV4_IN_IPV6.some((range) => inRange(groups, range))) {
    const [g6 = 0, g7 = 0] = groups.slice(6);
    return isPrivateIpv4([g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff]);
  }
  return REFUSED_IPV6.some((range) => inRange(groups, range));
}

/** A CIDR range as the groups of its address (octets, or IPv6's 16-bit groups) and its prefix length. */
interface AddressRange {
  network: number[];
  prefixBits: number;
  groupBits: number;
}

function rangeOf(cidr: string, groupsOf: (text: string) => number[] | null, groupBits: number): AddressRange {
  const [address = "", prefix = ""] = cidr.split("/");
  const network = groupsOf(address);
  if (!network || !/^\d+$/.test(prefix)) throw new Error(`Not an address range: ${cidr}`);
  return { network, prefixBits: Number(prefix), groupBits };
}

/** Whether an address (the groups of the range's family) starts with the range's prefix. */
function inRange(groups: number[], { network, prefixBits, groupBits }: AddressRange): boolean {
  const full = (1 << groupBits) - 1;
  return network.every((group, i) => {
    const bitsHere = Math.min(Math.max(prefixBits - i * groupBits, 0), groupBits);
    const mask = full ^ ((1 << (groupBits - bitsHere)) - 1);
    return ((groups[i] ?? 0) & mask) === (group & mask);
  });
}
