import type { TestAnalytics } from "@contract/api";
import { VariantComparisonCards } from "@/features/test-detail/analytics/components/VariantComparisonCards";
import { VariantComparisonTable } from "@/features/test-detail/analytics/components/VariantComparisonTable";
import { useIsNarrowScreen } from "@/lib/use-is-narrow-screen";

/** The per-variant numbers: a table from 768 px up, two cards below, as the dashboard does. */
export function VariantComparison({ analytics }: { analytics: TestAnalytics }) {
  return useIsNarrowScreen() ? (
    <VariantComparisonCards analytics={analytics} />
  ) : (
    <VariantComparisonTable analytics={analytics} />
  );
}
