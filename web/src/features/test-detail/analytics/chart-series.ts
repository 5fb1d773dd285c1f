import type { SeriesPoint, Variant } from "@contract/api";

export type ChartMetric = "visitors" | "conversions" | "weights";
export type SeriesKey = `${ChartMetric}${Variant}`;

export interface ChartSeries {
  variant: Variant;
  key: SeriesKey;
  values: number[];
}

/** One series per variant of a metric: visitorsA, visitorsB, visitorsC… in the variants' order. */
export function chartSeries(
  points: readonly SeriesPoint[],
  metric: ChartMetric,
  variants: readonly Variant[],
): ChartSeries[] {
  return variants.map((variant, position) => ({
    variant,
    key: `${metric}${variant}`,
    values: points.map((point) => point[metric]?.[position] ?? 0),
  }));
}

export function seriesTotal(series: ChartSeries): number {
  return series.values.reduce((sum, value) => sum + value, 0);
}
