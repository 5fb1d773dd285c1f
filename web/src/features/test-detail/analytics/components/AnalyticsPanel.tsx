import type { TestWithStats } from "@contract/api";
import { Spinner } from "@/components/ui/spinner";
import { AnalyticsEmpty } from "@/features/test-detail/analytics/components/AnalyticsEmpty";
import { AnalyticsLoadFailed } from "@/features/test-detail/analytics/components/AnalyticsLoadFailed";
import { AnalyticsReport } from "@/features/test-detail/analytics/components/AnalyticsReport";
import type { AnalyticsState } from "@/features/test-detail/analytics/use-test-analytics";

interface AnalyticsPanelProps {
  test: TestWithStats;
  state: AnalyticsState;
  onRetry: () => void;
}

/** The analytics in whichever state they are: loading, failed, empty, or the report. */
export function AnalyticsPanel({ test, state, onRetry }: AnalyticsPanelProps) {
  if (state.status === "loading") {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (state.status === "failed") return <AnalyticsLoadFailed onRetry={onRetry} />;
  const { analytics } = state;
  if (analytics.arms.every((arm) => arm.visitors === 0)) return <AnalyticsEmpty />;
  return <AnalyticsReport analytics={analytics} test={test} />;
}
