import type { ArmStats } from "@contract/api";
import { Fragment } from "react";
import { ConversionRate } from "@/components/split-tests/ConversionRate";
import { highestRateVariant } from "@/lib/split-tests/highest-rate";
import { cn } from "@/lib/utils";

/** Every variant's conversion rate, as "A / B / C…", the highest one bold green. */
export function ArmConversionRates({ arms }: { arms: readonly ArmStats[] }) {
  const highest = highestRateVariant(arms);
  return (
    // Two rates stay on one line, as in the specification; more may wrap, between rates only.
    <span className={cn(arms.length <= 2 && "whitespace-nowrap")}>
      {arms.map((arm, index) => (
        <Fragment key={arm.label}>
          {index > 0 && " / "}
          <ConversionRate rate={arm.conversionRate} isHigher={highest === arm.label} />
        </Fragment>
      ))}
    </span>
  );
}
