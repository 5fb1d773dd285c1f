import type { TestWithStats } from "@contract/api";

/** What the dashboard's Status column says of a test, and the filter it falls under. */
export type StatusKind = "running" | "optimising" | "paused" | "ended";

export type StatusFilter = "all" | StatusKind;

export const STATUS_FILTERS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: "all", label: "All statuses" },
  { value: "running", label: "Running" },
  { value: "optimising", label: "Optimising" },
  { value: "paused", label: "Paused" },
  { value: "ended", label: "Ended" },
];

const day = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

type StatusFields = Pick<TestWithStats, "status" | "mode" | "endsAt">;

/**
 * The test's status in a word or two: Ended, Paused, Optimising (Optimise mode), Running, and for a
 * running test with an end date "Ends on Dec 1, 2026" (with "Optimising, ends on …" in Optimise mode).
 */
export function dashboardStatus(test: StatusFields): { kind: StatusKind; label: string } {
  if (test.status === "completed") return { kind: "ended", label: "Ended" };
  if (test.status === "paused") return { kind: "paused", label: "Paused" };
  const kind = test.mode === "optimise" ? "optimising" : "running";
  const date = test.endsAt ? day.format(new Date(test.endsAt)) : null;
  if (kind === "optimising") return { kind, label: date ? `Optimising, ends on ${date}` : "Optimising" };
  return { kind, label: date ? `Ends on ${date}` : "Running" };
}

/**
 * The tests whose name contains `query` (any case, spaces at the ends ignored) and whose status fits
 * `filter`; "running" takes the optimising tests too, since they run.
 */
export function filterTests(
  tests: readonly TestWithStats[],
  query: string,
  filter: StatusFilter,
): TestWithStats[] {
  const needle = query.trim().toLocaleLowerCase("en");
  return tests.filter((test) => {
    if (needle && !test.name.toLocaleLowerCase("en").includes(needle)) return false;
    if (filter === "all") return true;
    const { kind } = dashboardStatus(test);
    return kind === filter || (filter === "running" && kind === "optimising");
  });
}
