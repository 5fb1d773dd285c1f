import type { SplitTest } from "@contract/api";
import { SCHEDULE_MESSAGES } from "@contract/messages";
import { type EndAction, scheduleProblem } from "@contract/schedule";

/** A test's end settings as the form holds them: the date as a local date-time, visitors as typed. */
export interface EndDraft {
  /** A datetime-local value ("2026-12-31T18:00"), in the browser's time zone; empty for none. */
  endsAt: string;
  endAfterVisitors: string;
  onEnd: EndAction;
  stopEarly: boolean;
}

export const NO_END: EndDraft = { endsAt: "", endAfterVisitors: "", onEnd: "keep", stopEarly: false };

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO time as a datetime-local value in the browser's time zone. */
function localDateTime(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function endDraftOf(
  test: Pick<SplitTest, "endsAt" | "endAfterVisitors" | "onEnd" | "stopEarly">,
): EndDraft {
  return {
    endsAt: test.endsAt ? localDateTime(test.endsAt) : "",
    endAfterVisitors: test.endAfterVisitors === null ? "" : String(test.endAfterVisitors),
    onEnd: test.onEnd,
    stopEarly: test.stopEarly,
  };
}

/** The settings as the API takes them; call only when endProblem found nothing. */
export function endInputs(draft: EndDraft) {
  return {
    endsAt: draft.endsAt ? new Date(draft.endsAt).toISOString() : null,
    endAfterVisitors: draft.endAfterVisitors.trim() ? Number(draft.endAfterVisitors) : null,
    onEnd: draft.onEnd,
    stopEarly: draft.stopEarly,
  };
}

/** The field an end problem is about: the date, or the number of visitors. */
export type EndField = "endsAt" | "endAfterVisitors";

/** The first problem of the settings (endProblem) with the field it is about; null when none. */
export function endProblemAt(draft: EndDraft, now = Date.now()): { message: string; field: EndField } | null {
  const message = endProblem(draft, now);
  if (!message) return null;
  return { message, field: message === SCHEDULE_MESSAGES.visitors ? "endAfterVisitors" : "endsAt" };
}

/** The first problem of the settings as its message, by the API's own rule; null when none. */
export function endProblem(draft: EndDraft, now = Date.now()): string | null {
  if (draft.endsAt && Number.isNaN(new Date(draft.endsAt).getTime())) return SCHEDULE_MESSAGES.endsAtInvalid;
  const { endsAt, endAfterVisitors } = endInputs(draft);
  const problem = scheduleProblem(endsAt, endAfterVisitors, now);
  return problem ? SCHEDULE_MESSAGES[problem] : null;
}
