import type { ArmStats, TestVariant } from "@contract/api";
import { labelWithName, nameOf } from "@contract/variants";
import { ConversionRate } from "@/components/split-tests/ConversionRate";
import { highestRateVariant } from "@/lib/split-tests/highest-rate";

/**
 * A narrow card's clicks and rates with more than two variants: a line per variant, so that each number
 * keeps its label where "120 / 118 / 121 / …" would wrap into a wall of numbers.
 */
export function ArmStatsList({
  arms,
  variants,
}: {
  arms: readonly ArmStats[];
  /** The test's variants, for their names. */
  variants: readonly TestVariant[];
}) {
  const highest = highestRateVariant(arms);
  return (
    <table className="w-full text-sm tabular-nums">
      <caption className="sr-only">Clicks and conversion rate per version</caption>
      <thead>
        <tr className="text-muted-foreground text-xs">
          <th scope="col" className="pb-1 text-left font-normal">
            Version
          </th>
          <th scope="col" className="pb-1 text-right font-normal">
            Clicks
          </th>
          <th scope="col" className="pb-1 text-right font-normal">
            Conv. Rate
          </th>
        </tr>
      </thead>
      <tbody>
        {arms.map((arm) => (
          <tr key={arm.label} className="border-t">
            <th scope="row" className="py-1 text-left font-medium">
              {labelWithName(arm.label, nameOf(variants, arm.label))}
            </th>
            <td className="py-1 text-right">{arm.clicks}</td>
            <td className="py-1 text-right">
              <ConversionRate rate={arm.conversionRate} isHigher={highest === arm.label} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
