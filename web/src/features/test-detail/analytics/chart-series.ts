import type { SeriesPoint, Variant } from "@contract/api";

export type ChartMetric = "visitors" | "conversions";
export type SeriesKey = `${ChartMetric}${Variant}`;

export interface ChartSeries {
  variant: Variant;
  key: SeriesKey;
  values: number[];
}

const VARIANTS: readonly Variant[] = ["A", "B"];

/** One series per variant of a metric: visitorsA and visitorsB, or conversionsA and conversionsB. */
export function chartSeries(points: readonly SeriesPoint[], metric: ChartMetric): ChartSeries[] {
  return VARIANTS.map((variant) => {
    const key: SeriesKey = `${metric}${variant}`;
    return { variant, key, values: points.map((point) => point[key]) };
  });
}

export function seriesTotal(series: ChartSeries): number {
  return series.values.reduce((sum, value) => sum + value, 0);
}
