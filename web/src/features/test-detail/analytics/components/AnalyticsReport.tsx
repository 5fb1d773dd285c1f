import type { TestAnalytics } from "@contract/api";
import { MODE_MESSAGES } from "@contract/messages";
import { AnalyticsChart } from "@/features/test-detail/analytics/components/AnalyticsChart";
import { ExpertNumbers } from "@/features/test-detail/analytics/components/ExpertNumbers";
import { PrimaryMetricNote } from "@/features/test-detail/analytics/components/PrimaryMetricNote";
import { RevenueExpertNumbers } from "@/features/test-detail/analytics/components/RevenueExpertNumbers";
import { SrmWarning } from "@/features/test-detail/analytics/components/SrmWarning";
import { TrafficQuality } from "@/features/test-detail/analytics/components/TrafficQuality";
import { VariantComparison } from "@/features/test-detail/analytics/components/VariantComparison";
import { VerdictBanner } from "@/features/test-detail/analytics/components/VerdictBanner";

/** The verdict first, then the numbers behind it, then how they developed. */
export function AnalyticsReport({ analytics }: { analytics: TestAnalytics }) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-5">
      <div className="grid gap-2">
        <PrimaryMetricNote analytics={analytics} />
        <VerdictBanner
          verdict={analytics.verdict}
          versions={analytics.arms.length}
          metric={analytics.primaryMetric}
        />
        {analytics.primaryMetric === "revenue_per_visitor" ? (
          <RevenueExpertNumbers analytics={analytics} />
        ) : (
          <ExpertNumbers analytics={analytics} />
        )}
        {analytics.weightHistory && (
          <p className="text-muted-foreground text-sm">{MODE_MESSAGES.reweighted}</p>
        )}
      </div>
      {analytics.srm && <SrmWarning />}
      <VariantComparison analytics={analytics} />
      <TrafficQuality quality={analytics.trafficQuality} />
      <AnalyticsChart analytics={analytics} />
    </div>
  );
}
