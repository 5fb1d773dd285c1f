import type { TestWithStats } from "@contract/api";

/** A test's status in one word, the same on the dashboard and the test page (issue #48). */
export type StatusKind = "scheduled" | "link" | "running" | "optimising" | "paused" | "ended";

const day = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

type StatusFields = Pick<TestWithStats, "status" | "mode" | "endsAt" | "kind"> & {
  startsAt?: string | null;
};

/**
 * The test's status in a word or two: Ended, Paused, "Starts on Dec 1, 2026" before its start date,
 * Link (a running plain link: one destination, no
 * test yet, issue #49), Optimising (Optimise mode), Running, and for a
 * running test with an end date "Ends on Dec 1, 2026" (with "Optimising, ends on …" in Optimise mode).
 */
export function testStatus(test: StatusFields, now = Date.now()): { kind: StatusKind; label: string } {
  if (test.status === "completed") return { kind: "ended", label: "Ended" };
  if (test.status === "paused") return { kind: "paused", label: "Paused" };
  if (test.startsAt && Date.parse(test.startsAt) > now)
    return { kind: "scheduled", label: `Starts on ${day.format(new Date(test.startsAt))}` };
  if (test.kind === "link") return { kind: "link", label: "Link" };
  const kind = test.mode === "optimise" ? "optimising" : "running";
  const date = test.endsAt ? day.format(new Date(test.endsAt)) : null;
  if (kind === "optimising") return { kind, label: date ? `Optimising, ends on ${date}` : "Optimising" };
  return { kind, label: date ? `Ends on ${date}` : "Running" };
}
