import type { TestWithStats } from "@contract/api";
import { RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { AnalyticsPanel } from "@/features/test-detail/analytics/components/AnalyticsPanel";
import type { AnalyticsState } from "@/features/test-detail/analytics/use-test-analytics";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { cn } from "@/lib/utils";

interface AnalyticsSectionProps {
  test: TestWithStats;
  state: AnalyticsState;
  onRetry: () => void;
  onRefresh: () => void;
}

/** What to do, the numbers behind it and the chart, with a button to fetch the latest numbers. */
export function AnalyticsSection({ test, state, onRetry, onRefresh }: AnalyticsSectionProps) {
  const refreshing = state.status === "ready" && state.refreshing;
  return (
    <DetailSection
      title="Analytics"
      action={
        state.status === "ready" && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="Refresh analytics"
            title="Refresh analytics"
            aria-disabled={refreshing}
            onClick={() => !refreshing && onRefresh()}
          >
            <RotateCwIcon className={cn(refreshing && "animate-spin")} aria-hidden />
          </Button>
        )
      }
    >
      <div aria-busy={state.status === "loading" || refreshing}>
        <AnalyticsPanel test={test} state={state} onRetry={onRetry} />
      </div>
    </DetailSection>
  );
}
