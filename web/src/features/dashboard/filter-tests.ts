import type { TestWithStats } from "@contract/api";
import { type StatusKind, testStatus } from "@/lib/split-tests/status";

export type StatusFilter = "all" | StatusKind;

export const STATUS_FILTERS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: "all", label: "All statuses" },
  { value: "scheduled", label: "Not started" },
  { value: "running", label: "Running" },
  { value: "optimising", label: "Optimising" },
  { value: "paused", label: "Paused" },
  { value: "ended", label: "Ended" },
];

/** Plain links (one destination) and tests (two or more), issue #49. */
export type KindFilter = "all" | TestWithStats["kind"];

export const KIND_FILTERS: ReadonlyArray<{ value: KindFilter; label: string }> = [
  { value: "all", label: "Links and tests" },
  { value: "link", label: "Links" },
  { value: "test", label: "Tests" },
];

/**
 * The tests whose name or one of whose tags contains `query` (any case, spaces at the ends ignored),
 * that carry `tag` (any tag when empty), whose kind fits `kind` and whose status fits `filter`; "running"
 * takes the optimising tests too, since they run, and a running link, which is no test but counts its
 * clicks.
 */
export function filterTests(
  tests: readonly TestWithStats[],
  query: string,
  filter: StatusFilter,
  kind: KindFilter = "all",
  tag = "",
): TestWithStats[] {
  const needle = query.trim().toLocaleLowerCase("en");
  return tests.filter((test) => {
    const matches = (text: string) => text.toLocaleLowerCase("en").includes(needle);
    if (needle && !matches(test.name) && !test.tags.some(matches)) return false;
    if (tag && !test.tags.includes(tag)) return false;
    if (kind !== "all" && test.kind !== kind) return false;
    if (filter === "all") return true;
    const status = testStatus(test).kind;
    return status === filter || (filter === "running" && (status === "optimising" || status === "link"));
  });
}
