import { timingSafeEqual } from "../../auth/crypto";
import { signatureHex } from "../../webhooks/signature";

/** Stripe's default tolerance: a signature whose time is further from now is refused. */
export const STRIPE_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

/**
 * Stripe's scheme (https://docs.stripe.com/webhooks#verify-manually): `Stripe-Signature: t=<unix
 * seconds>,v1=<hex>[,v1=…][,v0=…]`, each v1 the hex HMAC-SHA256 of "<t>.<raw body>" keyed with the whole
 * secret (whsec_ included). Any v1 may match (Stripe sends two while a secret is being rolled); v0 is
 * a test-mode scheme nobody should trust. A matching signature too far from now is stale: a captured
 * event cannot be replayed later.
 */
export async function checkStripeSignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
): Promise<"ok" | "bad" | "stale"> {
  let time: number | null = null;
  const signatures: string[] = [];
  for (const part of (header ?? "").split(",")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === "t" && value !== undefined && /^\d{1,12}$/.test(value)) time = Number(value);
    else if (name === "v1" && value !== undefined) signatures.push(value);
  }
  if (time === null || signatures.length === 0) return "bad";
  const expected = encoder.encode(await signatureHex(secret, body, time));
  let matched = false;
  // Every one compared, a match or not: the time taken tells nothing of which.
  for (const signature of signatures)
    if (timingSafeEqual(encoder.encode(signature), expected)) matched = true;
  if (!matched) return "bad";
  return Math.abs(nowSeconds - time) <= STRIPE_TOLERANCE_SECONDS ? "ok" : "stale";
}
