import type { SeriesPoint, Variant } from "@contract/api";
import { type ChartMetric, isUnfinished } from "@/features/test-detail/analytics/chart-series";
import { FoldedSection } from "@/features/test-detail/analytics/components/FoldedSection";
import { formatCount } from "@/features/test-detail/analytics/format-analytics";
import { formatPeriodInFull, type Granularity } from "@/features/test-detail/analytics/format-period";

interface SeriesDataTableProps {
  points: readonly SeriesPoint[];
  granularity: Granularity;
  variants: readonly Variant[];
  now: number;
}

const METRICS: ReadonlyArray<{ metric: ChartMetric; label: string }> = [
  { metric: "visitors", label: "Visitors" },
  { metric: "conversions", label: "Conversions" },
  { metric: "weights", label: "Traffic share % of" },
];

/** The charts' numbers as a table, folded away until asked for: every variant's visitors, then conversions. */
export function SeriesDataTable({ points, granularity, variants, now }: SeriesDataTableProps) {
  // An experiment's points carry no weights: its table has no share columns.
  const shown = METRICS.filter(({ metric }) => metric !== "weights" || points[0]?.weights);
  const columns = shown.flatMap(({ metric, label }) =>
    variants.map((variant, position) => ({
      key: `${metric}${variant}`,
      label: `${label} ${variant}`,
      metric,
      position,
    })),
  );
  return (
    <FoldedSection summary="Show the numbers">
      <div className="max-h-80 overflow-auto border-t">
        <table className="w-full text-right text-xs tabular-nums">
          <caption className="sr-only">Visitors and conversions per {granularity} and version</caption>
          <thead className="sticky top-0 bg-card">
            <tr className="border-b">
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {granularity === "hour" ? "Hour" : "Day"}
              </th>
              {columns.map(({ key, label }) => (
                <th key={key} scope="col" className="px-3 py-2 font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.time} className="border-b last:border-0">
                <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-normal">
                  {formatPeriodInFull(point.time, granularity)}
                  {isUnfinished(point.time, granularity, now) && " (so far)"}
                </th>
                {columns.map(({ key, metric, position }) => (
                  <td key={key} className="px-3 py-1.5">
                    {formatCount(point[metric]?.[position] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </FoldedSection>
  );
}
