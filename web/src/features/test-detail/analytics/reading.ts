import type { TestAnalytics, TestWithStats, Variant, VariantAnalytics } from "@contract/api";

// The recommendation and the lift in words live in contract/reading.ts: the public report page says the same.
export {
  dailyVisitorsPerArm,
  liftSentence,
  MEANINGFUL_LIFT,
  type Recommendation,
  recommendationOf,
  signedPercent,
} from "@contract/reading";

// One reading of a test's results (issue #33): who is the winner and who only leads, the relative lift
// in words, and the one sentence that says what to do. Pure, so that the header, the banner and the
// tests read the same.

type Metric = TestAnalytics["primaryMetric"];

/** The figure the verdict follows per variant: conversions per visitor, or revenue per visitor. */
export function verdictFigure(arm: VariantAnalytics, metric: Metric): number {
  return metric === "revenue_per_visitor" ? arm.revenue.perVisitor : arm.rate;
}

/** The variant ahead on the verdict's figure; "tie" when several share the top, null while all are 0. */
export function leaderOf(analytics: TestAnalytics): Variant | "tie" | null {
  const figures = analytics.arms.map((arm) => verdictFigure(arm, analytics.primaryMetric));
  const best = Math.max(...figures);
  if (!(best > 0)) return null;
  const leaders = analytics.arms.filter((_, i) => figures[i] === best);
  return leaders.length === 1 ? (leaders[0]?.label ?? null) : "tie";
}

/**
 * Where the test stands: a winner only when the always-valid verdict names one or the owner promoted
 * one; before that the version ahead only leads. Without the analytics (still loading) the list's
 * stats stand in: their `decided` is the same verdict on the same totals.
 */
export type Standing =
  | { kind: "winner"; variant: Variant }
  | { kind: "leading"; variant: Variant }
  | { kind: "tie" }
  | { kind: "none" };

export function standingOf(
  test: Pick<TestWithStats, "status" | "winnerVariant" | "endResult" | "stats">,
  analytics: TestAnalytics | null,
): Standing {
  const promoted = test.status === "completed" && (test.endResult === null || test.endResult === "promoted");
  if (promoted && test.winnerVariant) return { kind: "winner", variant: test.winnerVariant };
  const decided = analytics ? analytics.verdict.winner : test.stats.decided;
  if (decided) return { kind: "winner", variant: decided };
  const leader = analytics ? leaderOf(analytics) : test.stats.winner;
  if (leader === null) return { kind: "none" };
  return leader === "tie" ? { kind: "tie" } : { kind: "leading", variant: leader };
}
