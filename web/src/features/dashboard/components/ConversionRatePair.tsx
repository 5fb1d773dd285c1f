import type { TestStats } from "@contract/api";
import { ConversionRate } from "@/components/tests/ConversionRate";
import { higherRateVariant } from "@/lib/tests/higher-rate";

/** Conversion rates of A and B, as "A / B", the higher one bold green. */
export function ConversionRatePair({ stats }: { stats: TestStats }) {
  const higher = higherRateVariant(stats);
  return (
    <span className="whitespace-nowrap">
      <ConversionRate rate={stats.conversionRateA} isHigher={higher === "A"} />
      {" / "}
      <ConversionRate rate={stats.conversionRateB} isHigher={higher === "B"} />
    </span>
  );
}
