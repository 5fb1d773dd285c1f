import type { TestAnalytics } from "@contract/api";
import { ExpertNumbers } from "@/features/test-detail/analytics/components/ExpertNumbers";
import { FoldedSection } from "@/features/test-detail/analytics/components/FoldedSection";
import { RevenueExpertNumbers } from "@/features/test-detail/analytics/components/RevenueExpertNumbers";
import { formatChance } from "@/features/test-detail/analytics/format-analytics";

function chanceLabel({ arms, primaryMetric }: TestAnalytics): string {
  const two = arms.length === 2;
  if (primaryMetric === "revenue_per_visitor")
    return two ? "Chance to earn more than the other" : "Chance to earn the most";
  return two ? "Chance to beat the other" : "Chance to be best";
}

/**
 * Chance to be best, the one-look tests, Holm and the sample-ratio check, folded away: they inform but
 * do not decide; the recommendation comes from the always-valid intervals alone.
 */
export function StatisticianDetails({ analytics }: { analytics: TestAnalytics }) {
  const revenue = analytics.primaryMetric === "revenue_per_visitor";
  return (
    <FoldedSection summary="Details for statisticians" testId="statistician-details">
      <div className="grid gap-2 border-t px-3 py-3 text-muted-foreground text-xs">
        <p className="font-medium text-foreground">
          These figures do not decide: the recommendation above comes from the always-valid intervals only.
        </p>
        <p>
          {chanceLabel(analytics)} (Bayesian, valid for one look):{" "}
          {analytics.arms.map((arm, index) => (
            <span key={arm.label}>
              {index > 0 && ", "}
              {arm.label}{" "}
              <span className="font-medium tabular-nums">
                {formatChance(revenue ? arm.revenue.chanceToBeBest : arm.chanceToBeBest)}
              </span>
            </span>
          ))}
          .
        </p>
        {revenue ? <RevenueExpertNumbers analytics={analytics} /> : <ExpertNumbers analytics={analytics} />}
      </div>
    </FoldedSection>
  );
}
