import type { TestAnalytics, TestStats, Variant } from "@contract/api";

/** The variant to preselect for promotion: the verdict's winner, else the specification's winner, else none. */
export function leadingVariant(stats: TestStats, analytics: TestAnalytics | null): Variant | null {
  if (analytics?.verdict.winner) return analytics.verdict.winner;
  return stats.winner === "tie" ? null : stats.winner;
}
