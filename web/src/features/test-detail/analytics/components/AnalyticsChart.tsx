import type { TestAnalytics } from "@contract/api";
import { ANALYTICS_MESSAGES } from "@contract/messages";
import { ChartLegend } from "@/features/test-detail/analytics/components/ChartLegend";
import { SeriesChart } from "@/features/test-detail/analytics/components/SeriesChart";
import { SeriesDataTable } from "@/features/test-detail/analytics/components/SeriesDataTable";

/**
 * Visitors and conversions per period and variant: two small charts, a legend, and the numbers. The
 * current period, not over yet, is drawn and listed as partial ("so far").
 */
export function AnalyticsChart({ analytics, now = Date.now() }: { analytics: TestAnalytics; now?: number }) {
  const { granularity, points } = analytics.series;
  const variants = analytics.arms.map((arm) => arm.label);
  const hasData = points.some((point) =>
    [...point.visitors, ...point.conversions].some((count) => count > 0),
  );

  return (
    <div data-testid="analytics-chart" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h3 className="font-semibold">Over time</h3>
        {hasData && <ChartLegend variants={variants} names={analytics.arms.map((arm) => arm.name)} />}
      </div>
      {hasData ? (
        <>
          <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2 print:grid-cols-2">
            <SeriesChart
              title="Visitors"
              metric="visitors"
              points={points}
              granularity={granularity}
              variants={variants}
              now={now}
            />
            <SeriesChart
              title="Conversions"
              metric="conversions"
              points={points}
              granularity={granularity}
              variants={variants}
              now={now}
            />
            {analytics.weightHistory && (
              <SeriesChart
                title="Traffic share (%)"
                metric="weights"
                points={points}
                granularity={granularity}
                variants={variants}
                now={now}
              />
            )}
          </div>
          <SeriesDataTable points={points} granularity={granularity} variants={variants} now={now} />
        </>
      ) : (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground text-sm">
          {ANALYTICS_MESSAGES.noData}
        </p>
      )}
    </div>
  );
}
