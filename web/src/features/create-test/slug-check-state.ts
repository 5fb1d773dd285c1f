/**
 * Where the live custom-slug check stands. "idle": nothing to check (no slug); "pending": typing,
 * or the answer is on its way; the rest are the specification's slug check states.
 */
export type SlugCheckState = "idle" | "pending" | "invalid" | "reserved" | "available" | "taken" | "error";

/** States in which the slug cannot be used: the submit button is disabled. */
export function isBlockingSlugState(state: SlugCheckState): boolean {
  return state === "invalid" || state === "reserved" || state === "taken";
}
