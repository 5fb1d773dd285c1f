import { SCHEDULE_MESSAGES, TEST_MESSAGES } from "@contract/messages";
import { describe, expect, it } from "vitest";
import { endDraftOf, endInputs, endProblem, endProblemAt, NO_END } from "@/lib/split-tests/end-drafts";

// tests/web/vitest.config.ts runs these in Pacific/Marquesas (UTC−09:30).
const NOW = Date.parse("2026-06-01T12:00:00Z");

describe("a test's end settings in the form", () => {
  it("show a saved end date in the browser's time zone, and send back the same moment", () => {
    const saved = {
      beforeUrl: null,
      endsAt: "2026-12-31T18:00:00.000Z",
      endAfterVisitors: 5000,
      onEnd: "promote" as const,
      afterUrl: null,
      stopEarly: true,
      minimumDays: 14,
    };
    const draft = endDraftOf({ ...saved, startsAt: null });
    expect(draft).toEqual({
      startsAt: "",
      startsAtWas: "",
      beforeUrl: "",
      endsAt: "2026-12-31T08:30",
      endAfterVisitors: "5000",
      onEnd: "promote",
      afterUrl: "",
      stopEarly: true,
      minimumDays: "14",
    });
    expect(endInputs(draft)).toEqual(saved);
  });

  it("show no end as empty fields, and send none back", () => {
    const draft = endDraftOf({
      startsAt: null,
      beforeUrl: null,
      endsAt: null,
      endAfterVisitors: null,
      onEnd: "keep",
      afterUrl: null,
      stopEarly: false,
      minimumDays: 7,
    });
    expect(draft).toEqual(NO_END);
    expect(endInputs(draft)).toEqual({
      beforeUrl: null,
      endsAt: null,
      endAfterVisitors: null,
      onEnd: "keep",
      afterUrl: null,
      stopEarly: false,
      minimumDays: 7,
    });
  });

  it("send a new start date, leave a saved one alone, and refuse a new one that has passed", () => {
    const saved = endDraftOf({
      startsAt: "2026-05-01T09:00:00.000Z",
      beforeUrl: "https://shop.example/soon",
      endsAt: null,
      endAfterVisitors: null,
      onEnd: "keep",
      afterUrl: null,
      stopEarly: false,
      minimumDays: 0,
    });
    expect(endInputs(saved).startsAt).toBeUndefined();
    expect(endProblem(saved, NOW)).toBeNull();
    expect(endProblem({ ...saved, startsAt: "2026-05-02T09:00" }, NOW)).toBe(SCHEDULE_MESSAGES.startsAtPast);
    const next = { ...NO_END, startsAt: "2026-06-10T09:00", minimumDays: "0" };
    expect(endInputs(next).startsAt).toBe(new Date("2026-06-10T09:00").toISOString());
    expect(endProblem(next, NOW)).toBeNull();
    expect(endProblem({ ...next, endsAt: "2026-06-09T09:00" }, NOW)).toBe(SCHEDULE_MESSAGES.endsBeforeStart);
    expect(endProblemAt({ ...next, beforeUrl: "soon" }, NOW)).toEqual({
      message: TEST_MESSAGES.invalidUrls,
      field: "beforeUrl",
    });
  });

  it("end to an after-page: needs the page, takes any number of visitors from 1, waits for no minimum days", () => {
    const toPage = { ...NO_END, onEnd: "url" as const, endAfterVisitors: "50" };
    expect(endProblemAt(toPage, NOW)).toEqual({ message: SCHEDULE_MESSAGES.afterUrl, field: "afterUrl" });
    expect(endProblemAt({ ...toPage, afterUrl: "over" }, NOW)?.field).toBe("afterUrl");
    const ready = { ...toPage, afterUrl: " https://shop.example/over " };
    expect(endProblem(ready, NOW)).toBeNull();
    expect(endInputs(ready)).toMatchObject({
      onEnd: "url",
      afterUrl: "https://shop.example/over",
      endAfterVisitors: 50,
    });
    expect(endProblemAt({ ...ready, endAfterVisitors: "0" }, NOW)).toEqual({
      message: SCHEDULE_MESSAGES.visitorsToPage,
      field: "endAfterVisitors",
    });
    // Two days, against 7 minimum days: only an end that decides waits for them.
    expect(endProblem({ ...ready, endsAt: "2026-06-03T12:00" }, NOW)).toBeNull();
    expect(endProblem({ ...ready, onEnd: "keep", endAfterVisitors: "50" }, NOW)).toBe(
      SCHEDULE_MESSAGES.visitors,
    );
    // Another end sends no after-page, whatever the hidden field still holds.
    expect(endInputs({ ...ready, onEnd: "control", endAfterVisitors: "" }).afterUrl).toBeNull();
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
    const noMinimum = { ...NO_END, minimumDays: "0" };
    expect(endProblem({ ...noMinimum, endsAt: "2026-06-01T02:00" }, NOW)).toBe(SCHEDULE_MESSAGES.endsAtPast);
    expect(endProblem({ ...noMinimum, endsAt: "2026-06-01T11:00" }, NOW)).toBeNull();
  });

  it("wants a whole number of visitors from 200", () => {
    for (const visitors of ["199", "200.5", "lots", "0"])
      expect(endProblem({ ...NO_END, endAfterVisitors: visitors }, NOW), visitors).toBe(
        SCHEDULE_MESSAGES.visitors,
      );
  });

  it("wants whole minimum days from 0 to 56, under their own field", () => {
    for (const days of ["-1", "57", "2.5", "", "a week"])
      expect(endProblemAt({ ...NO_END, minimumDays: days }, NOW), days).toEqual({
        message: SCHEDULE_MESSAGES.minimumDays,
        field: "minimumDays",
      });
    for (const days of ["0", "56", " 14 "])
      expect(endProblem({ ...NO_END, minimumDays: days }, NOW)).toBeNull();
  });

  it("refuses an end date before the minimum days are up, counted from the phase's start", () => {
    // Six days ahead: before a new test's 7 days, after those of a test that started two days ago.
    const sixDaysAhead = { ...NO_END, endsAt: "2026-06-07T09:00" };
    expect(endProblemAt(sixDaysAhead, NOW)).toEqual({
      message: SCHEDULE_MESSAGES.endsBeforeMinimumDays,
      field: "endsAt",
    });
    expect(endProblem(sixDaysAhead, NOW, NOW - 2 * 86_400_000)).toBeNull();
    expect(endProblem({ ...sixDaysAhead, minimumDays: "5" }, NOW)).toBeNull();
  });
});
