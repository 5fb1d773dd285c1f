import type { ArmStats, Variant } from "@contract/api";

/**
 * The variant whose conversion rate is strictly the highest, shown in bold green; null when several share
 * the highest rate.
 */
export function highestRateVariant(
  arms: readonly Pick<ArmStats, "label" | "conversionRate">[],
): Variant | null {
  const best = Math.max(...arms.map((arm) => arm.conversionRate));
  const leaders = arms.filter((arm) => arm.conversionRate === best);
  return leaders.length === 1 ? (leaders[0]?.label ?? null) : null;
}
