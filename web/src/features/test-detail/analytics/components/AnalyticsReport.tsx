import type { TestAnalytics, TestWithStats } from "@contract/api";
import { AnalyticsChart } from "@/features/test-detail/analytics/components/AnalyticsChart";
import { CurrencyMissingNotice } from "@/features/test-detail/analytics/components/CurrencyMissingNotice";
import { LiftSummary } from "@/features/test-detail/analytics/components/LiftSummary";
import { MetricsResults } from "@/features/test-detail/analytics/components/MetricsResults";
import { PrimaryMetricNote } from "@/features/test-detail/analytics/components/PrimaryMetricNote";
import { RateNames } from "@/features/test-detail/analytics/components/RateNames";
import { SrmWarning } from "@/features/test-detail/analytics/components/SrmWarning";
import { StatisticianDetails } from "@/features/test-detail/analytics/components/StatisticianDetails";
import { TrafficQuality } from "@/features/test-detail/analytics/components/TrafficQuality";
import { VariantComparison } from "@/features/test-detail/analytics/components/VariantComparison";
import { VerdictBanner } from "@/features/test-detail/analytics/components/VerdictBanner";
import { MODE_MESSAGES } from "@/lib/split-tests/mode-messages";

/**
 * What to do first, then each version against A, the numbers behind it, the statisticians' details
 * (folded away: they do not decide), and how the numbers developed.
 */
export function AnalyticsReport({
  analytics,
  test,
}: {
  analytics: TestAnalytics;
  test: TestWithStats | null;
}) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-5">
      <div className="grid gap-2">
        <VerdictBanner analytics={analytics} test={test} />
        <LiftSummary analytics={analytics} />
        <PrimaryMetricNote analytics={analytics} />
        {test && <CurrencyMissingNotice test={test} />}
        {analytics.weightHistory && (
          <p className="text-muted-foreground text-sm">{MODE_MESSAGES.reweighted}</p>
        )}
      </div>
      {analytics.srm && <SrmWarning />}
      <div className="grid gap-2">
        <VariantComparison analytics={analytics} />
        {analytics.primaryMetric === "conversion_rate" && <RateNames />}
      </div>
      <MetricsResults analytics={analytics} />
      <StatisticianDetails analytics={analytics} />
      <TrafficQuality quality={analytics.trafficQuality} />
      <AnalyticsChart analytics={analytics} />
    </div>
  );
}
