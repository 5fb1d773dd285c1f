import type { SeriesPoint } from "@contract/api";
import { type ChartSeries, seriesTotal } from "@/features/test-detail/analytics/chart-series";
import { formatPeriodInFull, type Granularity } from "@/features/test-detail/analytics/format-period";

/** What a chart shows, in one sentence, for screen readers: its span and each variant's total. */
export function chartSummary(
  caption: string,
  series: readonly ChartSeries[],
  points: readonly SeriesPoint[],
  granularity: Granularity,
): string {
  const first = points[0];
  const last = points.at(-1);
  const span =
    first && last && first !== last
      ? `from ${formatPeriodInFull(first.time, granularity)} to ${formatPeriodInFull(last.time, granularity)}`
      : first
        ? `for ${formatPeriodInFull(first.time, granularity)}`
        : "with no periods yet";
  const totals = series
    .map((line) => `version ${line.variant} ${seriesTotal(line).toLocaleString("en-US")}`)
    .join(", ");
  return `${caption} ${span}. Totals: ${totals}.`;
}
