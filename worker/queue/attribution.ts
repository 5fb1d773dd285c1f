// The attribution window (README, "Attribution window and archive"): a conversion counts only for a
// visitor whose human click of the test came at most ATTRIBUTION_WINDOW_DAYS before it, and no event
// older than the window is recorded at all. The second rule is what lets worker/archive/ move days past
// the window to R2 for good: no write can land in a day it has moved.

export const DAY_MS = 86_400_000;

/** Why an event was refused for its age: in the consumer's log line, and for a server-side API's 422. */
export const OUTSIDE_ATTRIBUTION_WINDOW = "outside_attribution_window";

/** The deployment's window (checked by worker/config.ts), in milliseconds. */
export function attributionWindowMs(env: Pick<Env, "ATTRIBUTION_WINDOW_DAYS">): number {
  return env.ATTRIBUTION_WINDOW_DAYS * DAY_MS;
}

/** An event this old is refused: no conversion could be credited to it any more, and its day may be archived. */
export function isPastWindow(timestamp: number, windowMs: number, now = Date.now()): boolean {
  return timestamp < now - windowMs;
}
