import type { TestAnalytics } from "@contract/api";
import { labelWithName } from "@contract/variants";
import { VariantSwatch } from "@/features/test-detail/analytics/components/VariantSwatch";
import { variantMetrics } from "@/features/test-detail/analytics/components/variant-metrics";

/** Under 768 px: a narrow card per variant, two side by side, labels above values. */
export function VariantComparisonCards({ analytics }: { analytics: TestAnalytics }) {
  const metrics = variantMetrics(analytics);
  return (
    <div className="grid grid-cols-2 gap-3">
      {analytics.arms.map((arm) => (
        <div key={arm.label} className="min-w-0 rounded-lg border p-3">
          <h3 className="flex flex-wrap items-center gap-x-2 font-semibold text-sm">
            Version {labelWithName(arm.label, arm.name)}
            <VariantSwatch variant={arm.label} />
          </h3>
          <dl className="mt-3 grid gap-3 text-sm tabular-nums">
            {metrics.map(({ label, value }) => (
              <div key={label} className="grid gap-0.5">
                <dt className="text-muted-foreground text-xs">{label}</dt>
                {/* The interval wraps under the rate when the card is narrow. */}
                <dd className="[&>span]:inline-block">{value(arm)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}
