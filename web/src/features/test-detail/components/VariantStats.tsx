import type { TestStats } from "@contract/api";
import { VariantStatsCard } from "@/features/test-detail/components/VariantStatsCard";
import { higherRateVariant } from "@/lib/tests/higher-rate";

/** Both variants side by side (stacked on narrow screens), the higher rate in bold green. */
export function VariantStats({ stats }: { stats: TestStats }) {
  const higher = higherRateVariant(stats);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <VariantStatsCard
        variant="A"
        clicks={stats.clicksA}
        conversions={stats.conversionsA}
        rate={stats.conversionRateA}
        isHigher={higher === "A"}
      />
      <VariantStatsCard
        variant="B"
        clicks={stats.clicksB}
        conversions={stats.conversionsB}
        rate={stats.conversionRateB}
        isHigher={higher === "B"}
      />
    </div>
  );
}
