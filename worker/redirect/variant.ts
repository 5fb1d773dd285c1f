import type { Variant } from "../../contract/api";
import { isUtmParameter } from "../../contract/utm";
import { labelAt, VARIANT_LABELS } from "../../contract/variants";
import type { CachedLink } from "../link-cache/entries";

const TWO_TO_32 = 4_294_967_296;

/**
 * FNV-1a, 32 bits: the hash GrowthBook buckets visitors with. Fast, and it spreads ids that differ in
 * one character over the whole range; the ids hashed here are ASCII (UUIDs and test ids).
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * MurmurHash3's 32-bit finalizer (fmix32, A. Appleby): every input bit moves every output bit. FNV-1a
 * alone moves mostly the low bits for a change near the end of its input, so the buckets (its high
 * bits) of ids that end alike would land close together.
 */
function fmix32(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The visitor's place in [0, 1) for a test created before tests had a secret: the same session and test
 * always land in the same place, so those tests' visitors keep their arms.
 */
export function bucketOf(sessionId: string, testId: string): number {
  return fmix32(fnv1a32(`${sessionId}:${testId}`)) / TWO_TO_32;
}

const encoder = new TextEncoder();

/**
 * The visitor's place in [0, 1) for a test with a secret: the first 32 bits of SHA-256(secret:session).
 * Without the secret (kept in D1 and the link cache, never sent out) no one can tell a session's arm
 * before the redirect has chosen it, as anyone could with the public FNV bucket above.
 */
export async function secretBucketOf(sessionId: string, secret: string): Promise<number> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(`${secret}:${sessionId}`));
  return new DataView(digest).getUint32(0) / TWO_TO_32;
}

/** The position of the variant whose cumulative weight (percent) first exceeds the bucket. */
export function positionAt(bucket: number, weights: readonly number[]): number {
  const point = bucket * 100;
  let cumulative = 0;
  for (let i = 0; i < weights.length; i++) {
    cumulative += weights[i] ?? 0;
    if (point < cumulative) return i;
  }
  return weights.length - 1;
}

/**
 * Where this visitor goes: a completed test sends everyone to its winner (one that ended keeping its
 * split has none), a paused one to A; otherwise the session's bucket for this test and the weights
 * decide, so a returning visitor keeps their variant with no cookie of the test's own.
 */
export async function chooseVariant(link: CachedLink, sessionId: string): Promise<Variant> {
  if (link.status === "completed" && link.winnerVariant) return link.winnerVariant;
  if (link.status === "paused") return "A";
  const weights = link.variants.map((variant) => variant.weight);
  const bucket = link.bucketSecret
    ? await secretBucketOf(sessionId, link.bucketSecret)
    : bucketOf(sessionId, link.id);
  return labelAt(positionAt(bucket, weights));
}

/** A label the link has (from a signed arm cookie), else null and the weights decide. */
export function variantOfLink(link: CachedLink, label: string | null): Variant | null {
  const position = VARIANT_LABELS.indexOf(label as Variant);
  return position >= 0 && position < link.variants.length ? labelAt(position) : null;
}

/** Where a variant of the link sends visitors (A's URL for a label the link does not have). */
export function urlOf(link: CachedLink, variant: Variant): string {
  const position = VARIANT_LABELS.indexOf(variant);
  return (link.variants[position] ?? link.variants[0])?.url ?? "";
}

/**
 * The destination keeps its own query and gains the visitor's parameters where it has none of that
 * name, except UTM ones: the visitor's own utm_source (and the rest) replace the destination's of that
 * name, so a link shared on with its own UTM tags keeps telling where its visitors came from.
 */
export function withIncoming(destination: string, incoming: URLSearchParams): URL {
  const url = new URL(destination);
  for (const name of incoming.keys()) if (isUtmParameter(name)) url.searchParams.delete(name);
  for (const [name, value] of incoming) {
    if (!url.searchParams.has(name)) url.searchParams.append(name, value);
  }
  return url;
}

/**
 * The destination keeps its own query, gains the visitor's incoming parameters (utm_* and the like)
 * where it has none of that name, and always gets the specification's `sessionId` and `variant`, and
 * `splitTestId`, which tells the site tag the visit's test (web/tag/t.js).
 */
export function buildDestination(
  destination: string,
  incoming: URLSearchParams,
  testId: string,
  sessionId: string,
  variant: Variant,
): string {
  const url = withIncoming(destination, incoming);
  url.searchParams.set("sessionId", sessionId);
  url.searchParams.set("variant", variant);
  url.searchParams.set("splitTestId", testId);
  return url.toString();
}
