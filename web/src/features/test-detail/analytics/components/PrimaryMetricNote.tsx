import type { TestAnalytics } from "@contract/api";
import { PRIMARY_METRIC_LABELS } from "@contract/metrics";

/** Which metric decides this test, and the currency its revenue is counted in. */
export function PrimaryMetricNote({ analytics }: { analytics: TestAnalytics }) {
  const { primaryMetric, currency } = analytics;
  return (
    <p className="text-muted-foreground text-sm" data-testid="primary-metric">
      Decided by <span className="font-medium text-foreground">{PRIMARY_METRIC_LABELS[primaryMetric]}</span>
      {primaryMetric === "revenue_per_visitor" && currency && <> in {currency}</>}
    </p>
  );
}
