import { randomToken } from "./base64url";

/**
 * A conversion's or rule visit's id: 72 random bits in 12 base64url characters. It is the row's key
 * alone, so it is unique among all of them (even odds of one repeat only after about 2^36).
 */
export function eventId(): string {
  return randomToken(9);
}

/**
 * A click's id: 48 random bits in 8 base64url characters. A click is found by test, time and id, so it
 * only has to differ from the test's other clicks of the same millisecond (a repeat about once in 2^48
 * pairs of them). It is kept in the click's pack (issue #35, point 1: 8 characters instead of 12).
 */
export function clickId(): string {
  return randomToken(6);
}

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const TEST_ID_LENGTH = 10;

/**
 * A new test's id: 10 letters and digits (59 random bits: even odds of one repeat only after about 900
 * million tests, and a repeat would fail the key and be drawn again, never merged). It names a test and
 * grants nothing: every read and write checks the caller's workspace. Each of its clicks carries it three
 * times (the key and both index entries) and its conversions and rollup rows once each (issue #35: a
 * UUID's 36 characters were about a sixth of a click's bytes in D1). Letters and digits only: an id that
 * began with '-' would read as an option on a command line. Tests made before keep their ids (UUIDs, or
 * 16 characters): a test id is any string to SplitLink, never parsed.
 */
export function newTestId(): string {
  let id = "";
  while (id.length < TEST_ID_LENGTH)
    for (const byte of crypto.getRandomValues(new Uint8Array(TEST_ID_LENGTH + 4))) {
      // 248 is 4 × 62: the bytes from it on are left out, so every character is equally likely.
      if (byte < 248 && id.length < TEST_ID_LENGTH) id += ALPHANUMERIC[byte % 62];
    }
  return id;
}

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. The id of what others see
 * (a webhook event, a Slack message), which keeps the form it always had, and of a visitor's session
 * (worker/redirect/session.ts), whose clicks are looked up from the time it was made.
 */
export function timeOrderedUuid(
  timestamp = Date.now(),
  // Its random bits (16 bytes: the time, version and variant are written over them); a bench's or a
  // seeded test's own.
  bytes = crypto.getRandomValues(new Uint8Array(16)),
): string {
  let ms = timestamp;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  let uuid = "";
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) uuid += "-";
    uuid += HEX[bytes[i] ?? 0];
  }
  return uuid;
}

// Each byte's two hex digits: a new visitor's session id is made on the redirect's path.
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
