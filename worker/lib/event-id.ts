/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Events arrive roughly in
 * time order, so their ids land at the end of the clicks primary key instead of at random pages:
 * inserts stay cheap as the table grows.
 */
export function eventId(timestamp = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let ms = timestamp;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
