import type { TestWithStats } from "@contract/api";

export type TestSort = "newest" | "most-clicks" | "best-conversion";

const totalClicks = (test: TestWithStats) => test.stats.arms.reduce((sum, arm) => sum + arm.clicks, 0);
const bestRate = (test: TestWithStats) => Math.max(...test.stats.arms.map((arm) => arm.conversionRate));

/** A sorted copy; ties keep the newest first. */
export function sortTests(tests: readonly TestWithStats[], sort: TestSort): TestWithStats[] {
  const newestFirst = [...tests].sort((a, b) => b.createdAt - a.createdAt);
  if (sort === "most-clicks") return newestFirst.sort((a, b) => totalClicks(b) - totalClicks(a));
  if (sort === "best-conversion") return newestFirst.sort((a, b) => bestRate(b) - bestRate(a));
  return newestFirst;
}
