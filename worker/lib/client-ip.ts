/** The visitor's address as Cloudflare reports it (absent locally). */
export function clientIpOf(headers: Headers): string {
  return headers.get("cf-connecting-ip") ?? "unknown";
}
