import type { TestWithStats } from "@contract/api";
import { VariantStatsCard } from "@/features/test-detail/components/VariantStatsCard";
import { highestRateVariant } from "@/lib/split-tests/highest-rate";
import { isPlainAbTest } from "@/lib/split-tests/plain-ab-test";
import { nameOf } from "@/lib/split-tests/variant-name";
import { cn } from "@/lib/utils";

/**
 * Every variant's clicks, conversions and rate, the highest rate in bold green: stacked on narrow screens,
 * two side by side (as in the specification), three from 1024 px up when there are more.
 */
export function VariantStats({ test }: { test: TestWithStats }) {
  const { arms } = test.stats;
  const highest = highestRateVariant(arms);
  const showWeights = !isPlainAbTest(test.variants);
  return (
    <div className={cn("grid gap-4 sm:grid-cols-2", arms.length > 2 && "lg:grid-cols-3")}>
      {arms.map((arm) => (
        <VariantStatsCard
          key={arm.label}
          variant={arm.label}
          name={nameOf(test.variants, arm.label)}
          weight={showWeights ? test.variants.find(({ label }) => label === arm.label)?.weight : undefined}
          clicks={arm.clicks}
          conversions={arm.conversions}
          rate={arm.conversionRate}
          isHigher={highest === arm.label}
        />
      ))}
    </div>
  );
}
