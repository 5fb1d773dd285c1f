import { fromBase64Url, toBase64Url } from "../lib/base64url";

// Secrets SplitLink must read back (a user's TOTP secret) are kept encrypted with AES-GCM under a key
// derived from JWT_SECRET with a label of their own, as the visitor session key is
// (worker/redirect/session.ts): a copy of the database alone does not give them away. Rotating
// JWT_SECRET makes them unreadable (users then set up two-factor sign-in again with a recovery code).

const encoder = new TextEncoder();
const VERSION = "v1";

async function boxKey(secret: string, label: string): Promise<CryptoKey> {
  const hmac = { name: "HMAC", hash: "SHA-256" };
  const master = await crypto.subtle.importKey("raw", encoder.encode(secret), hmac, false, ["sign"]);
  const derived = await crypto.subtle.sign("HMAC", master, encoder.encode(label));
  return crypto.subtle.importKey("raw", derived, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** `v1.<iv>.<ciphertext>`, base64url; `label` names what is kept, so one kind never opens as another. */
export async function seal(secret: string, label: string, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await boxKey(secret, label),
    encoder.encode(plain),
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The plain text of a sealed value; null when it was sealed under another secret or label. */
export async function open(secret: string, label: string, sealed: string): Promise<string | null> {
  const [version, iv, data] = sealed.split(".");
  if (version !== VERSION || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64Url(iv) },
      await boxKey(secret, label),
      fromBase64Url(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
