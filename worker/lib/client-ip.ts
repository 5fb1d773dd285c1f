// Cloudflare sets CF-Connecting-IP; locally it is absent. Capped like every header value the edge reads:
// no address is longer, and the value ends up in limiter keys and keyed hashes.
const MAX_ADDRESS_LENGTH = 45;

/** The visitor's address as Cloudflare reports it (absent locally). */
export function clientIpOf(headers: Headers): string {
  return headers.get("cf-connecting-ip")?.slice(0, MAX_ADDRESS_LENGTH) ?? "unknown";
}

/**
 * The address a visitor's limits count by: an IPv4 address as it is, an IPv6 address by its /64 (one
 * household or phone usually holds a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function addressGroupOf(address: string): string {
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
