// Time-based one-time passwords (RFC 6238) over HOTP (RFC 4226) with HMAC-SHA-1: the codes every
// authenticator app makes from the secret of a QR code.

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count, for a phone's clock a little off. */
const TOTP_WINDOW = 1;

/** Base32 without padding (RFC 4648 §6), as otpauth:// URLs carry secrets. */
export function toBase32(bytes: Uint8Array): string {
  let text = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(buffer << (5 - bits)) & 31];
  return text;
}

export function fromBase32(text: string): Uint8Array {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text.toUpperCase().replace(/=+$/, "")) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error("not base32");
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(bytes);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32. */
export function newTotpSecret(): string {
  return toBase32(crypto.getRandomValues(new Uint8Array(20)));
}

/** HOTP (RFC 4226 §5.3): the code of one counter value. */
export async function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): Promise<string> {
  const message = new DataView(new ArrayBuffer(8));
  message.setUint32(0, Math.floor(counter / 2 ** 32));
  message.setUint32(4, counter >>> 0);
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message.buffer));
  const offset = (mac[19] ?? 0) & 15;
  const binary =
    (((mac[offset] ?? 0) & 0x7f) << 24) |
    ((mac[offset + 1] ?? 0) << 16) |
    ((mac[offset + 2] ?? 0) << 8) |
    (mac[offset + 3] ?? 0);
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step of a moment (RFC 6238 §4: T = floor(unix time / 30)). */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);

/** TOTP (RFC 6238): the code at a moment. */
export function totp(secret: Uint8Array, nowMs: number, digits = TOTP_DIGITS): Promise<string> {
  return hotp(secret, totpStep(nowMs), digits);
}

/**
 * The step whose code the user typed, from one step before now to one after; null when none matches.
 * Steps up to `after` are refused: a code that was accepted once never works again.
 */
export async function matchingTotpStep(
  secretBase32: string,
  code: string,
  nowMs: number,
  after: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = fromBase32(secretBase32);
  const now = totpStep(nowMs);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (after !== null && step <= after) continue;
    if ((await hotp(secret, step)) === code) return step;
  }
  return null;
}
