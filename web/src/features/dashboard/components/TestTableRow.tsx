import type { TestWithStats } from "@contract/api";
import { TestStatusBadge } from "@/components/split-tests/TestStatusBadge";
import { isDecided, WinnerBadge } from "@/components/split-tests/WinnerBadge";
import { TableCell, TableRow } from "@/components/ui/table";
import { ArmClicks } from "@/features/dashboard/components/ArmClicks";
import { ArmConversionRates } from "@/features/dashboard/components/ArmConversionRates";
import { ArmRevenuePerVisitor } from "@/features/dashboard/components/ArmRevenuePerVisitor";
import { ConfidenceIndicator } from "@/features/dashboard/components/ConfidenceIndicator";
import { LinkWithCopy } from "@/features/dashboard/components/LinkWithCopy";
import { TestActions } from "@/features/dashboard/components/TestActions";
import { TestMeta } from "@/features/dashboard/components/TestMeta";

/** Link text in the table is cut to this many characters. */
const LINK_MAX_LENGTH = 30;
/** Tighter cells between 768 px and 1280 px, so that all six columns fit. */
export const TABLE_CELL_PADDING = "px-2 xl:px-3";

export function TestTableRow({
  test,
  onDelete,
}: {
  test: TestWithStats;
  onDelete: (test: TestWithStats) => void;
}) {
  return (
    <TableRow>
      <TableCell className="max-w-28 pr-2 pl-4 xl:max-w-56 xl:pr-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 max-w-full truncate font-medium" title={test.name}>
            {test.name}
          </p>
          {test.status !== "active" && <TestStatusBadge status={test.status} />}
        </div>
        <TestMeta test={test} />
      </TableCell>
      <TableCell className={TABLE_CELL_PADDING}>
        <LinkWithCopy
          link={test.link}
          maxLength={LINK_MAX_LENGTH}
          textClassName="w-32 whitespace-normal break-all xl:w-auto xl:whitespace-nowrap xl:break-normal"
        />
      </TableCell>
      <TableCell className={TABLE_CELL_PADDING}>
        <ArmClicks arms={test.stats.arms} />
      </TableCell>
      <TableCell className={TABLE_CELL_PADDING}>
        <ArmConversionRates arms={test.stats.arms} />
        {test.primaryMetric === "revenue_per_visitor" && (
          <div className="text-xs">
            <ArmRevenuePerVisitor arms={test.stats.arms} currency={test.currency} />
          </div>
        )}
      </TableCell>
      <TableCell className={TABLE_CELL_PADDING}>
        <div className="flex flex-wrap items-center gap-1.5">
          <WinnerBadge test={test} />
          <ConfidenceIndicator
            confidence={test.stats.confidence}
            metric={test.primaryMetric}
            decided={isDecided(test)}
          />
        </div>
      </TableCell>
      <TableCell className="pr-4 pl-2 xl:pl-3">
        {/* Between 768 px and 1280 px the buttons stack, without icons, so that all six columns fit. */}
        <TestActions
          test={test}
          onDelete={onDelete}
          className="flex-col items-stretch xl:flex-row xl:items-center [&_svg]:hidden xl:[&_svg]:block"
        />
      </TableCell>
    </TableRow>
  );
}
