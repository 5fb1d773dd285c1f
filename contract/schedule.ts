// The scheduled-end rules both the create form and the API apply.
import { isHttpUrl } from "./urls";

/**
 * What happens when a test ends: keep splitting, send everyone to A, promote the proven winner, or send
 * everyone to the campaign's after-page (`url`, with afterUrl: issue #49).
 */
export const END_ACTIONS = ["keep", "control", "promote", "url"] as const;
export type EndAction = (typeof END_ACTIONS)[number];

/** Why a test ended on its own: its date came, it reached its visitors, or it had a clear winner early. */
export const END_REASONS = ["date", "visitors", "winner"] as const;
export type EndReason = (typeof END_REASONS)[number];

/**
 * What the end did: kept the split, sent everyone to the control, promoted the winner, (asked to
 * promote without a winner the always-valid verdict names) kept the control, or sent everyone to the
 * after-page.
 */
export const END_RESULTS = ["kept", "control", "promoted", "no_winner", "url"] as const;
export type EndResult = (typeof END_RESULTS)[number];

/** Fewer visitors than the verdict's own minimum (100 per arm, two arms) could never give a winner. */
export const MIN_END_VISITORS = 200;
/**
 * An end to the after-page decides nothing, so it may come after any number of visitors ("the next 50
 * people, then the after-page"); nor does it wait for the minimum days, which hold calls.
 */
export const MIN_URL_END_VISITORS = 1;

/** The fewest visitors an end may come after, by what the end does. */
export function minEndVisitors(onEnd: EndAction | undefined): number {
  return onEnd === "url" ? MIN_URL_END_VISITORS : MIN_END_VISITORS;
}

/**
 * What is wrong with an after-page: an end to it needs one (a full http or https URL), and no other end
 * has one. Null when nothing.
 */
export function afterPageProblem(
  onEnd: EndAction | undefined,
  afterUrl: string | null | undefined,
): "afterUrl" | "afterUrlWithoutUrlEnd" | null {
  if (afterUrl ? !isHttpUrl(afterUrl) : onEnd === "url") return "afterUrl";
  if (afterUrl && onEnd !== "url") return "afterUrlWithoutUrlEnd";
  return null;
}

/** Whether the minimum days hold this end: every end but the after-page's follows a call. */
export function endWaitsForMinimumDays(onEnd: EndAction | undefined): boolean {
  return onEnd !== "url";
}
export const MAX_END_VISITORS = 100_000_000;
/**
 * Whole weeks before any call (issue #48): before its current phase has run this many days a test has
 * no verdict, and nothing that follows one happens (alert, auto-end, auto-promotion, early stop).
 */
export const DEFAULT_MINIMUM_DAYS = 7;
export const MAX_MINIMUM_DAYS = 56;

/** An end date lies in the future, and at most this far ahead. */
export const MAX_END_DAYS = 366;
const DAY_MS = 86_400_000;

/** When a test's current phase started: phase 1 at its start date when it has one (issue #49). */
export function phaseStartOf(test: {
  createdAt: number;
  phaseStartedAt: number | null;
  startsAt?: number | null;
}): number {
  return test.phaseStartedAt ?? Math.max(test.createdAt, test.startsAt ?? 0);
}

/** When a test's minimum days are up: its current phase's start plus that many days. */
export function minimumDaysEnd(test: Parameters<typeof phaseStartOf>[0] & { minimumDays: number }): number {
  return phaseStartOf(test) + test.minimumDays * DAY_MS;
}

/** Whether a test with this start date has not started at `now`: its link counts nothing yet. */
export function notStartedAt(startsAt: number | null | undefined, now: number): boolean {
  return startsAt !== null && startsAt !== undefined && now < startsAt;
}

export type StartProblem = "startsAtPast" | "startsAtTooFar" | "endsBeforeStart";

/** What is wrong with a start date (a valid ISO 8601 time), against the end date if any; null when nothing. */
export function startProblem(
  startsAtIso: string,
  endsAtIso: string | null,
  now: number,
): StartProblem | null {
  const startsAt = Date.parse(startsAtIso);
  if (startsAt <= now) return "startsAtPast";
  if (startsAt > now + MAX_END_DAYS * DAY_MS) return "startsAtTooFar";
  if (endsAtIso !== null && Date.parse(endsAtIso) <= startsAt) return "endsBeforeStart";
  return null;
}

/** Whether an end at `endsAt` would come before minimum days counted from `phaseStart` are up. */
export function endsBeforeMinimumDays(endsAt: number, minimumDays: number, phaseStart: number): boolean {
  return endsAt < phaseStart + minimumDays * DAY_MS;
}

/** Whether a number of minimum days is one a test may have: a whole number from 0 to 56. */
export function isMinimumDays(days: number): boolean {
  return Number.isInteger(days) && days >= 0 && days <= MAX_MINIMUM_DAYS;
}

export type ScheduleProblem = "endsAtPast" | "endsAtTooFar" | "visitors" | "visitorsToPage";

/**
 * What is wrong with a schedule; null when nothing. `endsAt` is a valid ISO 8601 time or null; the
 * fewest visitors depend on what the end does.
 */
export function scheduleProblem(
  endsAtIso: string | null,
  endAfterVisitors: number | null,
  now: number,
  onEnd?: EndAction,
): ScheduleProblem | null {
  const endsAt = endsAtIso === null ? null : Date.parse(endsAtIso);
  if (endsAt !== null && endsAt <= now) return "endsAtPast";
  if (endsAt !== null && endsAt > now + MAX_END_DAYS * DAY_MS) return "endsAtTooFar";
  if (
    endAfterVisitors !== null &&
    !(
      Number.isInteger(endAfterVisitors) &&
      endAfterVisitors >= minEndVisitors(onEnd) &&
      endAfterVisitors <= MAX_END_VISITORS
    )
  )
    return onEnd === "url" ? "visitorsToPage" : "visitors";
  return null;
}
