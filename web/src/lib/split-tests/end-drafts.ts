import type { SplitTest } from "@contract/api";
import { SCHEDULE_MESSAGES, TEST_MESSAGES } from "@contract/messages";
import {
  afterPageProblem,
  DEFAULT_MINIMUM_DAYS,
  type EndAction,
  endsBeforeMinimumDays,
  endWaitsForMinimumDays,
  isMinimumDays,
  scheduleProblem,
  startProblem,
} from "@contract/schedule";
import { isHttpUrl } from "@contract/urls";

/** A test's end settings as the form holds them: the date as a local date-time, visitors as typed. */
export interface EndDraft {
  /** A datetime-local value for the start (issue #49); empty to start at once. */
  startsAt: string;
  /** The start as saved: only a new start date must lie ahead. */
  startsAtWas: string;
  /** Where visitors go before the start; empty for version A. */
  beforeUrl: string;
  /** A datetime-local value ("2026-12-31T18:00"), in the browser's time zone; empty for none. */
  endsAt: string;
  endAfterVisitors: string;
  onEnd: EndAction;
  /** Where everyone goes at the end, with onEnd "url" (issue #49). */
  afterUrl: string;
  stopEarly: boolean;
  /** As typed: whole days before any call. */
  minimumDays: string;
}

export const NO_END: EndDraft = {
  startsAt: "",
  startsAtWas: "",
  beforeUrl: "",
  endsAt: "",
  endAfterVisitors: "",
  onEnd: "keep",
  afterUrl: "",
  stopEarly: false,
  minimumDays: String(DEFAULT_MINIMUM_DAYS),
};

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO time as a datetime-local value in the browser's time zone. */
function localDateTime(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function endDraftOf(
  test: Pick<
    SplitTest,
    | "startsAt"
    | "beforeUrl"
    | "endsAt"
    | "endAfterVisitors"
    | "onEnd"
    | "afterUrl"
    | "stopEarly"
    | "minimumDays"
  >,
): EndDraft {
  const startsAt = test.startsAt ? localDateTime(test.startsAt) : "";
  return {
    startsAt,
    startsAtWas: startsAt,
    beforeUrl: test.beforeUrl ?? "",
    endsAt: test.endsAt ? localDateTime(test.endsAt) : "",
    endAfterVisitors: test.endAfterVisitors === null ? "" : String(test.endAfterVisitors),
    onEnd: test.onEnd,
    afterUrl: test.afterUrl ?? "",
    stopEarly: test.stopEarly,
    minimumDays: String(test.minimumDays),
  };
}

/** The settings as the API takes them; call only when endProblem found nothing. */
export function endInputs(draft: EndDraft) {
  return {
    // Unchanged, the start is not sent: the saved one may have seconds, and may have passed.
    startsAt:
      draft.startsAt === draft.startsAtWas
        ? undefined
        : draft.startsAt
          ? new Date(draft.startsAt).toISOString()
          : null,
    beforeUrl: draft.startsAt && draft.beforeUrl.trim() ? draft.beforeUrl.trim() : null,
    endsAt: draft.endsAt ? new Date(draft.endsAt).toISOString() : null,
    endAfterVisitors: draft.endAfterVisitors.trim() ? Number(draft.endAfterVisitors) : null,
    onEnd: draft.onEnd,
    afterUrl: draft.onEnd === "url" ? draft.afterUrl.trim() || null : null,
    stopEarly: draft.stopEarly,
    minimumDays: Number(draft.minimumDays.trim() || Number.NaN),
  };
}

/** The field an end problem is about: the date, the number of visitors or the minimum days. */
export const END_FIELDS = [
  "startsAt",
  "beforeUrl",
  "endsAt",
  "endAfterVisitors",
  "afterUrl",
  "minimumDays",
] as const;
export type EndField = (typeof END_FIELDS)[number];

const FIELD_OF: Partial<Record<string, EndField>> = {
  [SCHEDULE_MESSAGES.startsAtInvalid]: "startsAt",
  [SCHEDULE_MESSAGES.startsAtPast]: "startsAt",
  [SCHEDULE_MESSAGES.startsAtTooFar]: "startsAt",
  [TEST_MESSAGES.invalidUrls]: "beforeUrl",
  [SCHEDULE_MESSAGES.visitors]: "endAfterVisitors",
  [SCHEDULE_MESSAGES.visitorsToPage]: "endAfterVisitors",
  [SCHEDULE_MESSAGES.afterUrl]: "afterUrl",
  [SCHEDULE_MESSAGES.afterUrlWithoutUrlEnd]: "afterUrl",
  [SCHEDULE_MESSAGES.minimumDays]: "minimumDays",
};

/** The first problem of the settings (endProblem) with the field it is about; null when none. */
export function endProblemAt(
  draft: EndDraft,
  now = Date.now(),
  phaseStart = now,
): { message: string; field: EndField } | null {
  const message = endProblem(draft, now, phaseStart);
  if (!message) return null;
  return { message, field: FIELD_OF[message] ?? "endsAt" };
}

/**
 * The first problem of the settings as its message, by the API's own rules; null when none. The
 * minimum days count from `phaseStart`: now for a new test, its current phase's start for a running one.
 */
export function endProblem(draft: EndDraft, now = Date.now(), phaseStart = now): string | null {
  if (draft.startsAt && Number.isNaN(new Date(draft.startsAt).getTime()))
    return SCHEDULE_MESSAGES.startsAtInvalid;
  if (draft.endsAt && Number.isNaN(new Date(draft.endsAt).getTime())) return SCHEDULE_MESSAGES.endsAtInvalid;
  const { beforeUrl, endsAt, endAfterVisitors, onEnd, afterUrl, minimumDays } = endInputs(draft);
  const startsAt = draft.startsAt ? new Date(draft.startsAt).toISOString() : null;
  if (beforeUrl && !isHttpUrl(beforeUrl)) return TEST_MESSAGES.invalidUrls;
  if (startsAt && draft.startsAt !== draft.startsAtWas) {
    const start = startProblem(startsAt, endsAt, now);
    if (start) return SCHEDULE_MESSAGES[start];
  }
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt))
    return SCHEDULE_MESSAGES.endsBeforeStart;
  const problem = scheduleProblem(endsAt, endAfterVisitors, now, onEnd) ?? afterPageProblem(onEnd, afterUrl);
  if (problem) return SCHEDULE_MESSAGES[problem];
  if (!isMinimumDays(minimumDays)) return SCHEDULE_MESSAGES.minimumDays;
  const counted = startsAt ? Math.max(phaseStart, Date.parse(startsAt)) : phaseStart;
  if (
    endsAt &&
    endWaitsForMinimumDays(onEnd) &&
    endsBeforeMinimumDays(Date.parse(endsAt), minimumDays, counted)
  )
    return SCHEDULE_MESSAGES.endsBeforeMinimumDays;
  return null;
}
