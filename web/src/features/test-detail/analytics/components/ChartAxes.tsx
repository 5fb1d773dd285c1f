import type { SeriesPoint } from "@contract/api";
import { labelIndexes, type PlotArea, xOf, yOf } from "@/features/test-detail/analytics/chart-scale";
import { formatPeriod, type Granularity } from "@/features/test-detail/analytics/format-period";

/** "1.5K" rather than "1,500": the labels must fit in the chart's left margin. */
const tickLabel = new Intl.NumberFormat("en-US", { notation: "compact" });

interface ChartAxesProps {
  area: PlotArea;
  ticks: readonly number[];
  points: readonly SeriesPoint[];
  granularity: Granularity;
}

/** Horizontal grid lines with their values on the left, and period labels along the bottom. */
export function ChartAxes({ area, ticks, points, granularity }: ChartAxesProps) {
  const top = ticks.at(-1) ?? 1;
  return (
    <g className="fill-muted-foreground text-[11px] tabular-nums">
      {ticks.map((tick) => {
        const y = yOf(tick, top, area);
        return (
          <g key={tick}>
            <line
              x1={area.left}
              x2={area.right}
              y1={y}
              y2={y}
              stroke="var(--border)"
              strokeWidth={tick === 0 ? 1.5 : 1}
            />
            <text x={area.left - 8} y={y} textAnchor="end" dominantBaseline="middle">
              {tickLabel.format(tick)}
            </text>
          </g>
        );
      })}
      {labelIndexes(points.length, area).map((index) => (
        <text
          key={points[index]?.time}
          x={xOf(index, points.length, area)}
          y={area.bottom + 18}
          textAnchor="middle"
        >
          {formatPeriod(points[index]?.time ?? 0, granularity)}
        </text>
      ))}
    </g>
  );
}
