import { fromBase64Url, toBase64Url } from "../lib/base64url";
import { timingSafeEqual } from "./crypto";

// The Workers runtime refuses more than 100,000 PBKDF2 iterations in production
// (local workerd does not), so this number is pinned by a test.
export const PBKDF2_ITERATIONS = 100_000;
const ALGORITHM = "pbkdf2_sha256";
const SALT_BYTES = 16;
const HASH_BITS = 256;

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

/** Stored as `pbkdf2_sha256$iterations$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return [ALGORITHM, PBKDF2_ITERATIONS, toBase64Url(salt), toBase64Url(hash)].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, iterations, salt, hash] = stored.split("$");
  if (algorithm !== ALGORITHM || !iterations || !salt || !hash) return false;
  const actual = await derive(password, fromBase64Url(salt), Number(iterations));
  return timingSafeEqual(actual, fromBase64Url(hash));
}

const MIN_PASSWORD_LENGTH = 8;
// The most used passwords of public breach lists that are 8 characters or longer.
const COMMON_PASSWORDS = new Set([
  "password",
  "password1",
  "password123",
  "12345678",
  "123456789",
  "1234567890",
  "11111111",
  "00000000",
  "qwertyuiop",
  "qwerty123",
  "1q2w3e4r",
  "1qaz2wsx",
  "iloveyou",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "welcome1",
  "abcd1234",
  "letmein1",
  "trustno1",
  "superman",
  "starwars",
  "passw0rd",
  "zaq12wsx",
  "aa123456",
  "asdfghjkl",
  "qwertyui",
  "changeme",
  "splitlink",
]);

/** Why a password is too weak; empty when it is acceptable. */
export function weakPasswordReasons(password: string): string[] {
  const reasons: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) {
    reasons.push(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    reasons.push("Password is too common and easy to guess.");
  }
  return reasons;
}
