// Cloudflare sets CF-Connecting-IP; locally it is absent. Capped like every header value the edge reads:
// no address is longer, and the value ends up in limiter keys and keyed hashes.
const MAX_ADDRESS_LENGTH = 45;

/** The visitor's address as Cloudflare reports it (absent locally). */
export function clientIpOf(headers: Headers): string {
  return headers.get("cf-connecting-ip")?.slice(0, MAX_ADDRESS_LENGTH) ?? "unknown";
}

/**
 * The address a visitor's limits count by: an IPv4 address as it is, an IPv6 address by its /64 (one
 * household or phone usually holds a whole /64, so counting single IPv6 addresses would count nothing),
 * and an IPv4 address written as IPv6 (`::ffff:1.2.3.4`) as that IPv4 address.
 */
export function addressGroupOf(address: string): string {
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address.toLowerCase());
  const last = groups.at(-1) ?? "";
  const ipv4Mapped =
    last.includes(".") &&
    groups.length === 7 &&
    groups[5] === "ffff" &&
    groups.slice(0, 5).every((g) => g === "0");
  if (ipv4Mapped) return last;
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/**
 * An IPv6 address's groups with `::` expanded and leading zeros dropped ("2001:0db8::1" → 2001, db8, 0,
 * 0, 0, 0, 0, 1). A dotted IPv4 tail stays one item but stands for the two groups it replaces.
 */
function ipv6Groups(address: string): string[] {
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0);
  const zeros = address.includes("::") ? Math.max(0, 8 - width(left) - width(right)) : 0;
  return [...left, ...Array<string>(zeros).fill("0"), ...right].map((group) =>
    group.includes(".") ? group : group.replace(/^0+(?=.)/, ""),
  );
}
