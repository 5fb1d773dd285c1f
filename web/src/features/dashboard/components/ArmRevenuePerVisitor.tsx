import type { ArmStats } from "@contract/api";
import { Fragment } from "react";
import { formatMoney } from "@/lib/split-tests/format-money";
import { cn } from "@/lib/utils";

/** Every variant's revenue per visitor, as "€2.10 / €3.40 per visitor", the highest one bold green. */
export function ArmRevenuePerVisitor({
  arms,
  currency,
}: {
  arms: readonly ArmStats[];
  currency: string | null;
}) {
  const best = Math.max(...arms.map((arm) => arm.revenuePerVisitor));
  const leaders = arms.filter((arm) => arm.revenuePerVisitor === best);
  const highest = best > 0 && leaders.length === 1 ? leaders[0]?.label : null;
  return (
    <span className={cn("tabular-nums", arms.length <= 2 && "whitespace-nowrap")}>
      {arms.map((arm, index) => (
        <Fragment key={arm.label}>
          {index > 0 && " / "}
          <span className={cn(highest === arm.label && "font-bold text-success")}>
            {formatMoney(arm.revenuePerVisitor, currency)}
          </span>
        </Fragment>
      ))}
      <span className="text-muted-foreground"> per visitor</span>
    </span>
  );
}
