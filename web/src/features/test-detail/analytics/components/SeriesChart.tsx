import type { SeriesPoint, Variant } from "@contract/api";
import {
  linePath,
  type PlotArea,
  plotArea,
  showsMarkers,
  xOf,
  yOf,
  yTicks,
} from "@/features/test-detail/analytics/chart-scale";
import { type ChartMetric, chartSeries, isUnfinished } from "@/features/test-detail/analytics/chart-series";
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

/** The dotted stretch from the last complete period to the unfinished one. */
function partialPath(values: readonly number[], top: number, area: PlotArea): string {
  const count = values.length;
  const point = (index: number) =>
    `${xOf(index, count, area).toFixed(1)} ${yOf(values[index] ?? 0, top, area).toFixed(1)}`;
  return `M${point(count - 2)} L${point(count - 1)}`;
}

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
  /** The time the page was drawn: a period not over by then is drawn as partial. */
  now: number;
}

/**
 * One metric over time, a line per variant. The viewBox matches the rendered width, so the labels keep
 * their size on any screen; the data table next to the charts has the same numbers for screen readers.
 */
export function SeriesChart({ title, metric, points, granularity, variants, now }: SeriesChartProps) {
  const [containerRef, measuredWidth] = useElementWidth<HTMLDivElement>();
  const width = measuredWidth || FALLBACK_WIDTH;
  const area = plotArea(width, CHART_HEIGHT);
  const series = chartSeries(points, metric, variants);
  const ticks = yTicks(Math.max(0, ...series.flatMap(({ values }) => values)));
  const top = ticks.at(-1) ?? 1;
  const markers = showsMarkers(points.length, area);
  const caption = `${title} per ${periodUnit(granularity)}`;
  // The current period is not over: its line is a faint dotted stretch marked "so far", never a drop.
  const last = points.at(-1);
  const partial = metric !== "weights" && last !== undefined && isUnfinished(last.time, granularity, now);
  // A lone period has no drop to hide: its point stays on the line, faint and marked all the same.
  const complete = partial && points.length > 1 ? points.length - 1 : points.length;
  const lastX = xOf(points.length - 1, points.length, area);

  return (
    <figure className="grid min-w-0 gap-2">
      <figcaption className="font-medium text-sm">{caption}</figcaption>
      <div ref={containerRef} className="min-w-0">
        <svg
          role="img"
          aria-label={`${chartSummary(caption, series, points, granularity)}${partial ? ` The last ${periodUnit(granularity)} is not over yet.` : ""}`}
          viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
          className="block w-full"
          style={{ height: CHART_HEIGHT }}
        >
          <ChartAxes area={area} ticks={ticks} points={points} granularity={granularity} />
          {series.map(({ variant, key, values }) => (
            <g key={key}>
              <path
                data-series={key}
                d={linePath(values.slice(0, complete), top, area, points.length)}
                fill="none"
                stroke={SERIES_STYLE[variant].stroke}
                strokeDasharray={SERIES_STYLE[variant].dash}
                strokeWidth={2}
                strokeLinejoin="round"
                strokeLinecap="round"
              />
              {complete < points.length && (
                <path
                  data-partial={key}
                  d={partialPath(values, top, area)}
                  fill="none"
                  stroke={SERIES_STYLE[variant].stroke}
                  strokeDasharray="1 5"
                  strokeOpacity={0.5}
                  strokeWidth={2}
                  strokeLinecap="round"
                />
              )}
              {markers &&
                values.map((value, index) => (
                  <g
                    key={points[index]?.time}
                    opacity={partial && index === points.length - 1 ? 0.5 : undefined}
                  >
                    <SeriesMarker
                      variant={variant}
                      x={xOf(index, values.length, area)}
                      y={yOf(value, top, area)}
                      title={`${formatPeriodInFull(points[index]?.time ?? 0, granularity)}${partial && index === points.length - 1 ? " (so far)" : ""}: version ${variant}, ${value.toLocaleString("en-US")} ${title.toLowerCase()}`}
                    />
                  </g>
                ))}
            </g>
          ))}
          {partial && (
            <text
              x={lastX}
              y={area.top}
              textAnchor="end"
              className="fill-muted-foreground text-[10px]"
              data-testid="partial-period"
            >
              so far
            </text>
          )}
        </svg>
      </div>
    </figure>
  );
}
