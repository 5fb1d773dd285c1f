import type { TestWithStats } from "@contract/api";
import { type StatusKind, testStatus } from "@/lib/split-tests/status";

export type StatusFilter = "all" | StatusKind;

export const STATUS_FILTERS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: "all", label: "All statuses" },
  { value: "running", label: "Running" },
  { value: "optimising", label: "Optimising" },
  { value: "paused", label: "Paused" },
  { value: "ended", label: "Ended" },
];

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
    const { kind } = testStatus(test);
    return kind === filter || (filter === "running" && kind === "optimising");
  });
}
