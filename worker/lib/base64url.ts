const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Base64url without padding (RFC 4648 §5). Written out rather than through btoa and three replaces:
 * the redirect encodes a MAC or two and an event id on every visit.
 */
export function toBase64Url(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const second = bytes[i + 1];
    const third = bytes[i + 2];
    const triple = ((bytes[i] ?? 0) << 16) | ((second ?? 0) << 8) | (third ?? 0);
    text += ALPHABET[(triple >> 18) & 63];
    text += ALPHABET[(triple >> 12) & 63];
    if (second !== undefined) text += ALPHABET[(triple >> 6) & 63];
    if (third !== undefined) text += ALPHABET[triple & 63];
  }
  return text;
}

export function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** `byteLength` random bytes in base64url: tokens, secrets and ids no one can guess. */
export function randomToken(byteLength = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}
