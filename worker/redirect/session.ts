import { timingSafeEqual } from "../auth/crypto";
import { toBase64Url } from "../lib/base64url";
import { timeOrderedUuid } from "../lib/ids";
import { isSessionId } from "../lib/session-id";

// Visitor sessions are the server's: their ids are random past the time they were made, and signed, so
// a client cannot pick one (nor, since the variant follows from the session, the variant it gets). One HMAC-SHA256 key,
// derived from JWT_SECRET under a fixed label, signs the session cookie and makes the keyed hash of
// an address that lets the queue consumer spot a burst of new sessions (no raw IP is kept).
// Each use prefixes its own tag, so one kind of value can never pass for another.

const LABEL = "splitlink/session";
const SESSION_MAC_BYTES = 16;
// 48 bits: it only has to tell apart the addresses of one test (two of a million in an hour share one
// about once in 500 hours, and then share its limit); 8 characters in the click's row and address entry.
const ADDRESS_HASH_BYTES = 6;
const encoder = new TextEncoder();

// Imported once per isolate (and secret): the redirect signs on every new visit.
let cached: { secret: string; key: Promise<CryptoKey> } | undefined;

function sessionKey(secret: string): Promise<CryptoKey> {
  if (cached?.secret !== secret) cached = { secret, key: deriveKey(secret) };
  return cached.key;
}

async function deriveKey(secret: string): Promise<CryptoKey> {
  const algorithm = { name: "HMAC", hash: "SHA-256" };
  const master = await crypto.subtle.importKey("raw", encoder.encode(secret), algorithm, false, ["sign"]);
  const derived = await crypto.subtle.sign("HMAC", master, encoder.encode(LABEL));
  return crypto.subtle.importKey("raw", derived, algorithm, false, ["sign"]);
}

async function mac(secret: string, message: string, bytes: number): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await sessionKey(secret), encoder.encode(message));
  return toBase64Url(new Uint8Array(signature, 0, bytes));
}

const sameMac = (a: string, b: string) => timingSafeEqual(encoder.encode(a), encoder.encode(b));

/** A new visitor session: its plain id (passed to destinations and beacons) and the signed cookie value. */
export async function issueSession(secret: string): Promise<{ id: string; cookie: string }> {
  const id = timeOrderedUuid();
  return { id, cookie: `${id}.${await mac(secret, `sid|${id}`, SESSION_MAC_BYTES)}` };
}

/** The session id of a cookie value this server signed; null for anything else. */
export async function verifySession(secret: string, value: string | undefined): Promise<string | null> {
  const [id, signature, ...rest] = value?.split(".") ?? [];
  if (!id || !signature || rest.length > 0 || !isSessionId(id)) return null;
  return sameMac(signature, await mac(secret, `sid|${id}`, SESSION_MAC_BYTES)) ? id : null;
}

/**
 * The visitor's session: the one their cookie holds if this server signed it, else a new one
 * (`isNew`: its cookie is to be set).
 */
export async function sessionOf(
  secret: string,
  cookieValue: string | undefined,
): Promise<{ id: string; cookie: string; isNew: boolean }> {
  const known = await verifySession(secret, cookieValue);
  if (known && cookieValue) return { id: known, cookie: cookieValue, isNew: false };
  return { ...(await issueSession(secret)), isNew: true };
}

/** An optimised test's arm cookie value: the arm, signed for this session and test. */
export async function signArm(
  secret: string,
  testId: string,
  sessionId: string,
  label: string,
): Promise<string> {
  return `${label}.${await mac(secret, `arm|${testId}|${sessionId}|${label}`, SESSION_MAC_BYTES)}`;
}

/** The arm of a cookie value this server signed for this session and test; null for anything else. */
export async function verifyArm(
  secret: string,
  testId: string,
  sessionId: string,
  value: string | undefined,
): Promise<string | null> {
  const [label, signature, ...rest] = value?.split(".") ?? [];
  if (!label || !signature || rest.length > 0 || label.length !== 1) return null;
  return sameMac(signature, await mac(secret, `arm|${testId}|${sessionId}|${label}`, SESSION_MAC_BYTES))
    ? label
    : null;
}

/**
 * A keyed hash of the visitor's address for one test: equal for the same address and test, useless
 * to anyone without the secret, and different across tests so it links nothing between them.
 */
export function addressHash(secret: string, address: string, testId: string): Promise<string> {
  return mac(secret, `address|${testId}|${address}`, ADDRESS_HASH_BYTES);
}

/**
 * A password link's pass (`sl_pw_{testId}`, redirect/password.ts): signed for the test and its current
 * password hash, so it opens that link only, and no longer once the password changes.
 */
export function passwordPass(secret: string, testId: string, passwordHash: string): Promise<string> {
  return mac(secret, `pw|${testId}|${passwordHash}`, SESSION_MAC_BYTES);
}

/** Whether a cookie value is the link's pass for its current password. */
export async function isPasswordPass(
  secret: string,
  testId: string,
  passwordHash: string,
  value: string | undefined,
): Promise<boolean> {
  return value !== undefined && sameMac(value, await passwordPass(secret, testId, passwordHash));
}
