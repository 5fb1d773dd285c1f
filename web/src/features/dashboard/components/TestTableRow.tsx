import type { TestWithStats } from "@contract/api";
import { TagChips } from "@/components/split-tests/TagChip";
import { TestStatusBadge } from "@/components/split-tests/TestStatusBadge";
import { WinnerBadge } from "@/components/split-tests/WinnerBadge";
import { TableCell, TableRow } from "@/components/ui/table";
import { ArmClicks } from "@/features/dashboard/components/ArmClicks";
import { ArmConversionRates } from "@/features/dashboard/components/ArmConversionRates";
import { ArmRevenuePerVisitor } from "@/features/dashboard/components/ArmRevenuePerVisitor";
import { LinkWithCopy } from "@/features/dashboard/components/LinkWithCopy";
import { TestActions } from "@/features/dashboard/components/TestActions";
import { TestMeta } from "@/features/dashboard/components/TestMeta";
import { useTags } from "@/lib/split-tests/tags";

/** Link text in the table is cut to this many characters. */
const LINK_MAX_LENGTH = 30;
/** Tighter cells below 1280 px, so that all seven columns fit without scrolling. */
export const TABLE_CELL_PADDING = "px-2 xl:px-3";

export function TestTableRow({
  test,
  onDelete,
}: {
  test: TestWithStats;
  /** Absent where the user may not delete (a viewer). */
  onDelete?: (test: TestWithStats) => void;
}) {
  const { colourOf } = useTags();
  return (
    <TableRow>
      <TableCell className="max-w-28 pr-2 pl-4 xl:max-w-48 xl:pr-3">
        <p className="min-w-0 max-w-full truncate font-medium" title={test.name}>
          {test.name}
        </p>
        <TestMeta test={test} />
        <TagChips tags={test.tags} colourOf={colourOf} className="mt-1" />
      </TableCell>
      <TableCell className={TABLE_CELL_PADDING}>
        <TestStatusBadge test={test} />
      </TableCell>
      <TableCell className={TABLE_CELL_PADDING}>
        <LinkWithCopy
          link={test.link}
          maxLength={LINK_MAX_LENGTH}
          textClassName="w-28 whitespace-normal break-all xl:w-40"
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
        </div>
      </TableCell>
      <TableCell className="pr-4 pl-2 xl:pl-3">
        {/* Delete is an icon beside View; below 1280 px View drops its icon, so that all seven columns fit. */}
        <TestActions
          test={test}
          onDelete={onDelete}
          compact
          className="flex-nowrap [&_a_svg]:hidden xl:[&_a_svg]:block"
        />
      </TableCell>
    </TableRow>
  );
}
