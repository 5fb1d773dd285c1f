import { randomToken } from "../lib/base64url";

// Stripe's scheme (https://stripe.com/docs/webhooks/signatures#verify-manually): the header carries the time of
// the attempt and the hex HMAC-SHA256 of "<time>.<raw body>", keyed with the endpoint's secret as text.
// A receiver recomputes it and refuses old times, so a captured delivery cannot be replayed later.

export const SIGNATURE_HEADER = "SplitLink-Signature";

const encoder = new TextEncoder();

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export function generateWebhookSecret(): string {
  return `whsec_${randomToken(32)}`;
}

/** The hex HMAC-SHA256 of "<unix seconds>.<body>", keyed with the secret as text: Stripe's v1 signature. */
export async function signatureHex(secret: string, body: string, unixSeconds: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${unixSeconds}.${body}`));
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export async function webhookSignature(secret: string, body: string, unixSeconds: number): Promise<string> {
  return `t=${unixSeconds},v1=${await signatureHex(secret, body, unixSeconds)}`;
}
