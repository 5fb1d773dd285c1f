import type { TestAnalytics, TestWithStats } from "@contract/api";
import { nameOf } from "@contract/variants";
import { VariantStatsCard } from "@/features/test-detail/components/VariantStatsCard";
import { isPlainAbTest } from "@/lib/split-tests/plain-ab-test";
import { cn } from "@/lib/utils";

/** Conversions per visitor, as a fraction; 0 without visitors (or without the arm). */
export function perVisitorRate(arm: { visitors: number; conversions: number } | undefined): number {
  return !arm || arm.visitors === 0 ? 0 : arm.conversions / arm.visitors;
}

/**
 * Every variant's visitors, conversions and the rate the verdict uses (per visitor; the analytics' own
 * once loaded, reweighted for an optimised test), with the specification's per-click rate named apart;
 * the highest in bold green. Stacked on narrow screens, two side by side (as in the specification),
 * three from 1024 px up when there are more.
 */
export function VariantStats({ test, analytics }: { test: TestWithStats; analytics: TestAnalytics | null }) {
  const { arms } = test.stats;
  const rates = arms.map(
    (arm) => analytics?.arms.find(({ label }) => label === arm.label)?.rate ?? perVisitorRate(arm),
  );
  const best = Math.max(...rates);
  const highest = best > 0 && rates.filter((rate) => rate === best).length === 1 ? rates.indexOf(best) : -1;
  const showWeights = !isPlainAbTest(test.variants);
  return (
    <div className={cn("grid gap-4 sm:grid-cols-2", arms.length > 2 && "lg:grid-cols-3")}>
      {arms.map((arm, index) => (
        <VariantStatsCard
          key={arm.label}
          variant={arm.label}
          name={nameOf(test.variants, arm.label)}
          weight={showWeights ? test.variants.find(({ label }) => label === arm.label)?.weight : undefined}
          clicks={arm.clicks}
          visitors={arm.visitors}
          conversions={arm.conversions}
          rate={(rates[index] ?? 0) * 100}
          clickRate={arm.conversionRate}
          isHigher={highest === index}
        />
      ))}
    </div>
  );
}
