import type { TestAnalytics, VariantAnalytics } from "@contract/api";
import type { ReactNode } from "react";
import { revenueMetrics } from "@/features/test-detail/analytics/components/revenue-metrics";
import {
  formatCount,
  formatInterval,
  formatPercent,
} from "@/features/test-detail/analytics/format-analytics";
import { isPlainAbTest } from "@/lib/split-tests/plain-ab-test";

export interface VariantMetric {
  label: string;
  value: (arm: VariantAnalytics) => ReactNode;
}

/**
 * What the page shows per variant, in order; the tables and the phone cards share it. Each variant's weight
 * is shown unless the test splits 50/50 between two. The chances to be best are in the statisticians'
 * details (they do not decide). The revenue columns follow once the test has revenue.
 */
export function variantMetrics(analytics: TestAnalytics): VariantMetric[] {
  return [...conversionMetrics(analytics.arms), ...revenueMetrics(analytics)];
}

function conversionMetrics(arms: readonly VariantAnalytics[]): VariantMetric[] {
  const weight: VariantMetric[] = isPlainAbTest(arms)
    ? []
    : [{ label: "Share of traffic", value: (arm) => `${arm.weight} %` }];
  return [
    ...weight,
    { label: "Clicks", value: (arm) => formatCount(arm.clicks) },
    { label: "Visitors", value: (arm) => formatCount(arm.visitors) },
    { label: "Conversions", value: (arm) => formatCount(arm.conversions) },
    {
      label: "Conversion rate per visitor (95 % interval)",
      value: (arm) => (
        <>
          <span className="font-semibold">{formatPercent(arm.rate)}</span>{" "}
          <span className="whitespace-nowrap text-muted-foreground">{formatInterval(arm.interval)}</span>
        </>
      ),
    },
  ];
}
