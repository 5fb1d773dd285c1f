// Where SplitLink may send webhooks. A user chooses the URL, and the Worker fetches it: without these
// rules an endpoint could point into someone's network (SSRF). The check is by the URL's literal
// address and name; it does not resolve names (docs/architecture.md, "Webhooks").

export type WebhookUrlProblem = "invalid" | "not_https" | "private";

/** Hosts that may take plain http, in development only. */
const LOCAL_HTTP_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Names that only mean something inside a network (RFC 6761, 6762, 8375, and cloud metadata names). */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/;

/**
 * What is wrong with a webhook URL, or null. Outside development it must be https to a public host;
 * in development http://localhost and http://127.0.0.1 are allowed too, and private addresses are not
 * refused (a receiver on the developer's machine or network).
 */
export function webhookUrlProblem(value: string, development: boolean): WebhookUrlProblem | null {
  if (!URL.canParse(value) || /\s/.test(value)) return "invalid";
  const url = new URL(value);
  if (!url.hostname || url.username || url.password) return "invalid";
  if (url.protocol === "http:") return development && LOCAL_HTTP_HOSTS.has(url.hostname) ? null : "not_https";
  if (url.protocol !== "https:") return "not_https";
  if (!development && isPrivateHost(url.hostname)) return "private";
  return null;
}

/**
 * Whether a URL's hostname (as `new URL().hostname` gives it: IPv4 in dotted form whatever form was
 * typed, IPv6 in brackets) names a loopback, private, link-local, shared (CGNAT), unique-local,
 * multicast, reserved or metadata address, or a name that only resolves inside a network.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, "");
  if (host.startsWith("[") && host.endsWith("]")) return isPrivateIpv6(host.slice(1, -1));
  const ipv4 = ipv4Octets(host);
  if (ipv4) return isPrivateIpv4(ipv4);
  // A name without a dot resolves through the network's own search domains.
  return !host.includes(".") || PRIVATE_NAME.test(host);
}

function ipv4Octets(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

function isPrivateIpv4([a = 0, b = 0, c = 0]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 || // private (RFC 1918)
    (a === 100 && b >= 64 && b <= 127) || // shared address space, CGNAT (RFC 6598); also 100.100.100.200, a metadata address
    a === 127 || // loopback
    (a === 169 && b === 254) || // link-local, including the 169.254.169.254 metadata service
    (a === 172 && b >= 16 && b <= 31) || // private
    (a === 192 && b === 0 && c === 0) || // IETF protocol assignments
    (a === 192 && b === 168) || // private
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
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
  const [g0 = 0, g1 = 0, , , , g5 = 0, g6 = 0, g7 = 0] = groups;
  const embedded = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff];
  const zeroUpTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  if (zeroUpTo(5) && g5 === 0xffff) return isPrivateIpv4(embedded(g6, g7)); // IPv4-mapped
  // ::, ::1 and the IPv4-compatible form (0.0.0.0 and 0.0.0.1 are "this network")
  if (zeroUpTo(6)) return isPrivateIpv4(embedded(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && groups.slice(2, 6).every((g) => g === 0))
    return isPrivateIpv4(embedded(g6, g7)); // NAT64
  if (g0 === 0x2002) return isPrivateIpv4(embedded(g1, groups[2] ?? 0)); // 6to4
  return (
    (g0 & 0xfe00) === 0xfc00 || // unique local (fc00::/7), including AWS's fd00:ec2::254 metadata address
    (g0 & 0xffc0) === 0xfe80 || // link-local
    (g0 & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (g0 & 0xff00) === 0xff00 // multicast
  );
}
