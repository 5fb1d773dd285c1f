import type { Variant } from "../../contract/api";
import type { CachedLink } from "../link-cache/entries";

export function isVariant(value: unknown): value is Variant {
  return value === "A" || value === "B";
}

/**
 * Where this visitor goes: a completed test sends everyone to its winner, a paused one to A;
 * otherwise a returning visitor keeps their variant and a new one gets A or B with probability 1/2.
 */
export function chooseVariant(
  link: CachedLink,
  remembered: string | undefined,
  random = Math.random,
): Variant {
  if (link.status === "completed") return link.winnerVariant ?? "A";
  if (link.status === "paused") return "A";
  if (isVariant(remembered)) return remembered;
  return random() < 0.5 ? "A" : "B";
}

/**
 * The destination keeps its own query, gains the visitor's incoming parameters (utm_* and the like)
 * where it has none of that name, and always gets `sessionId` and `variant`.
 */
export function buildDestination(
  destination: string,
  incoming: URLSearchParams,
  sessionId: string,
  variant: Variant,
): string {
  const url = new URL(destination);
  for (const [name, value] of incoming) {
    if (!url.searchParams.has(name)) url.searchParams.append(name, value);
  }
  url.searchParams.set("sessionId", sessionId);
  url.searchParams.set("variant", variant);
  return url.toString();
}
