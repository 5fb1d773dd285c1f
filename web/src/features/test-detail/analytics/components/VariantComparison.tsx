import type { TestAnalytics } from "@contract/api";
import { VariantArmsTable } from "@/features/test-detail/analytics/components/VariantArmsTable";
import { VariantComparisonCards } from "@/features/test-detail/analytics/components/VariantComparisonCards";
import { VariantComparisonTable } from "@/features/test-detail/analytics/components/VariantComparisonTable";
import { useIsNarrowScreen } from "@/lib/use-is-narrow-screen";

/**
 * The per-variant numbers: cards under 768 px, as the dashboard does; above, two variants side by side,
 * or a row per variant when there are more (side by side they would not fit).
 */
export function VariantComparison({ analytics }: { analytics: TestAnalytics }) {
  if (useIsNarrowScreen()) return <VariantComparisonCards analytics={analytics} />;
  if (analytics.arms.length > 2) return <VariantArmsTable analytics={analytics} />;
  return <VariantComparisonTable analytics={analytics} />;
}
