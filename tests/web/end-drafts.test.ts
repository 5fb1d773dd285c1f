import { SCHEDULE_MESSAGES } from "@contract/messages";
import { describe, expect, it } from "vitest";
import { endDraftOf, endInputs, endProblem, NO_END } from "@/lib/split-tests/end-drafts";

// tests/web/vitest.config.ts runs these in Pacific/Marquesas (UTC−09:30).
const NOW = Date.parse("2026-06-01T12:00:00Z");

describe("a test's end settings in the form", () => {
  it("show a saved end date in the browser's time zone, and send back the same moment", () => {
    const saved = {
      endsAt: "2026-12-31T18:00:00.000Z",
      endAfterVisitors: 5000,
      onEnd: "promote" as const,
      stopEarly: true,
    };
    const draft = endDraftOf(saved);
    expect(draft).toEqual({
      endsAt: "2026-12-31T08:30",
      endAfterVisitors: "5000",
      onEnd: "promote",
      stopEarly: true,
    });
    expect(endInputs(draft)).toEqual(saved);
  });

  it("show no end as empty fields, and send none back", () => {
    const draft = endDraftOf({ endsAt: null, endAfterVisitors: null, onEnd: "keep", stopEarly: false });
    expect(draft).toEqual(NO_END);
    expect(endInputs(draft)).toEqual({
      endsAt: null,
      endAfterVisitors: null,
      onEnd: "keep",
      stopEarly: false,
    });
  });

  it("send a visitor count typed with spaces as a number, and blank as none", () => {
    expect(endInputs({ ...NO_END, endAfterVisitors: " 1000 " }).endAfterVisitors).toBe(1000);
    expect(endInputs({ ...NO_END, endAfterVisitors: "   " }).endAfterVisitors).toBeNull();
  });
});

describe("the end settings' problem, as the form shows it", () => {
  it("is none without an end, or with a date ahead and a valid number of visitors", () => {
    expect(endProblem(NO_END, NOW)).toBeNull();
    expect(endProblem({ ...NO_END, endsAt: "2026-07-01T09:00", endAfterVisitors: "200" }, NOW)).toBeNull();
  });

  it("names a date that is not one, a past date and one more than a year ahead", () => {
    expect(endProblem({ ...NO_END, endsAt: "not a date" }, NOW)).toBe(SCHEDULE_MESSAGES.endsAtInvalid);
    expect(endProblem({ ...NO_END, endsAt: "2026-05-31T09:00" }, NOW)).toBe(SCHEDULE_MESSAGES.endsAtPast);
    expect(endProblem({ ...NO_END, endsAt: "2027-06-10T09:00" }, NOW)).toBe(SCHEDULE_MESSAGES.endsAtTooFar);
  });

  it("reads the date in the browser's time zone: at 12:00 UTC it is 02:30 in the Marquesas", () => {
    expect(endProblem({ ...NO_END, endsAt: "2026-06-01T02:00" }, NOW)).toBe(SCHEDULE_MESSAGES.endsAtPast);
    expect(endProblem({ ...NO_END, endsAt: "2026-06-01T11:00" }, NOW)).toBeNull();
  });

  it("wants a whole number of visitors from 200", () => {
    for (const visitors of ["199", "200.5", "lots", "0"])
      expect(endProblem({ ...NO_END, endAfterVisitors: visitors }, NOW), visitors).toBe(
        SCHEDULE_MESSAGES.visitors,
      );
  });
});
