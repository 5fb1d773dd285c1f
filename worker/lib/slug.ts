const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
export const AUTO_SLUG_LENGTH = 6;

/** 6 characters from a–z0–9, uniformly drawn (rejection sampling avoids modulo bias). */
export function generateSlug(): string {
  let slug = "";
  while (slug.length < AUTO_SLUG_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(AUTO_SLUG_LENGTH * 2))) {
      if (byte < 252 && slug.length < AUTO_SLUG_LENGTH) slug += ALPHABET[byte % ALPHABET.length];
    }
  }
  return slug;
}
