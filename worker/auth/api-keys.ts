import { sha256Base64Url } from "./crypto";

/** Every key starts with this, so people and secret scanners recognise a SplitLink key. */
export const API_KEY_PREFIX = "sl_live_";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** 40 characters of 62: about 238 bits, so one fast hash is enough (nothing to brute-force). */
const SECRET_LENGTH = 40;
/** What the list shows of a key: the prefix and the first 4 secret characters. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 4;

/** A new key: the prefix and letters and digits only, so a double-click selects all of it. */
export function generateApiKey(): string {
  let secret = "";
  while (secret.length < SECRET_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(SECRET_LENGTH * 2))) {
      // 248 = 4 × 62: rejection sampling keeps every character equally likely.
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += ALPHABET[byte % ALPHABET.length];
    }
  }
  return API_KEY_PREFIX + secret;
}

export function looksLikeApiKey(text: string): boolean {
  return new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${SECRET_LENGTH}}$`).test(text);
}

/** The shown start of a key. */
export function apiKeyPrefixOf(key: string): string {
  return key.slice(0, SHOWN_LENGTH);
}

/** What the database keeps instead of the key. */
export function hashApiKey(key: string): Promise<string> {
  return sha256Base64Url(key);
}
