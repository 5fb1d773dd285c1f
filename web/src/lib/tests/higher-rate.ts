import type { TestStats, Variant } from "@contract/api";

/** The variant whose conversion rate is strictly higher, shown in bold green; null when the rates are equal. */
export function higherRateVariant(
  stats: Pick<TestStats, "conversionRateA" | "conversionRateB">,
): Variant | null {
  if (stats.conversionRateA > stats.conversionRateB) return "A";
  if (stats.conversionRateB > stats.conversionRateA) return "B";
  return null;
}
