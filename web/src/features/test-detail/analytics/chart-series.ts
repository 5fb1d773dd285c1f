import type { SeriesPoint, TestAnalytics, Variant } from "@contract/api";

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

const PERIOD_MS = { hour: 3_600_000, day: 86_400_000 } as const;

/**
 * Whether the period starting at `time` is still under way at `now` (the current hour or UTC day): its
 * counts are partial, so the charts draw it apart, never as a drop.
 */
export function isUnfinished(
  time: number,
  granularity: TestAnalytics["series"]["granularity"],
  now: number,
): boolean {
  return time + PERIOD_MS[granularity] > now;
}
