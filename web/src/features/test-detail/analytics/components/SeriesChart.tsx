import type { SeriesPoint, Variant } from "@contract/api";
import {
  linePath,
  plotArea,
  showsMarkers,
  xOf,
  yOf,
  yTicks,
} from "@/features/test-detail/analytics/chart-scale";
import { type ChartMetric, chartSeries } from "@/features/test-detail/analytics/chart-series";
import { chartSummary } from "@/features/test-detail/analytics/chart-summary";
import { ChartAxes } from "@/features/test-detail/analytics/components/ChartAxes";
import { SeriesMarker } from "@/features/test-detail/analytics/components/SeriesMarker";
import {
  formatPeriodInFull,
  type Granularity,
  periodUnit,
} from "@/features/test-detail/analytics/format-period";
import { SERIES_STYLE } from "@/features/test-detail/analytics/series-style";
import { useElementWidth } from "@/lib/use-element-width";

/** Height of a chart in CSS pixels; its width follows the page. */
const CHART_HEIGHT = 180;
/** The viewBox width until the chart has been measured. */
const FALLBACK_WIDTH = 480;

interface SeriesChartProps {
  title: string;
  metric: ChartMetric;
  points: readonly SeriesPoint[];
  granularity: Granularity;
  variants: readonly Variant[];
}

/**
 * One metric over time, a line per variant. The viewBox matches the rendered width, so the labels keep
 * their size on any screen; the data table next to the charts has the same numbers for screen readers.
 */
export function SeriesChart({ title, metric, points, granularity, variants }: SeriesChartProps) {
  const [containerRef, measuredWidth] = useElementWidth<HTMLDivElement>();
  const width = measuredWidth || FALLBACK_WIDTH;
  const area = plotArea(width, CHART_HEIGHT);
  const series = chartSeries(points, metric, variants);
  const ticks = yTicks(Math.max(0, ...series.flatMap(({ values }) => values)));
  const top = ticks.at(-1) ?? 1;
  const markers = showsMarkers(points.length, area);
  const caption = `${title} per ${periodUnit(granularity)}`;

  return (
    <figure className="grid min-w-0 gap-2">
      <figcaption className="font-medium text-sm">{caption}</figcaption>
      <div ref={containerRef} className="min-w-0">
        <svg
          role="img"
          aria-label={chartSummary(caption, series, points, granularity)}
          viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
          className="block w-full"
          style={{ height: CHART_HEIGHT }}
        >
          <ChartAxes area={area} ticks={ticks} points={points} granularity={granularity} />
          {series.map(({ variant, key, values }) => (
            <g key={key}>
              <path
                data-series={key}
                d={linePath(values, top, area)}
                fill="none"
                stroke={SERIES_STYLE[variant].stroke}
                strokeDasharray={SERIES_STYLE[variant].dash}
                strokeWidth={2}
                strokeLinejoin="round"
                strokeLinecap="round"
              />
              {markers &&
                values.map((value, index) => (
                  <SeriesMarker
                    key={points[index]?.time}
                    variant={variant}
                    x={xOf(index, values.length, area)}
                    y={yOf(value, top, area)}
                    title={`${formatPeriodInFull(points[index]?.time ?? 0, granularity)}: version ${variant}, ${value.toLocaleString("en-US")} ${title.toLowerCase()}`}
                  />
                ))}
            </g>
          ))}
        </svg>
      </div>
    </figure>
  );
}
