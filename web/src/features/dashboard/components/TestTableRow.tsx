import type { TestWithStats } from "@contract/api";
import { TableCell, TableRow } from "@/components/ui/table";
import { ClicksPair } from "@/features/dashboard/components/ClicksPair";
import { ConversionRatePair } from "@/features/dashboard/components/ConversionRatePair";
import { LinkWithCopy } from "@/features/dashboard/components/LinkWithCopy";
import { TestActions } from "@/features/dashboard/components/TestActions";
import { TestMeta } from "@/features/dashboard/components/TestMeta";
import { WinnerBadge } from "@/features/tests/components/WinnerBadge";

/** Link text in the table is cut to this many characters. */
const LINK_MAX_LENGTH = 30;

export function TestTableRow({ test, onDelete }: { test: TestWithStats; onDelete: (test: TestWithStats) => void }) {
  return (
    <TableRow>
      <TableCell className="max-w-56 pl-4">
        <p className="truncate font-medium" title={test.name}>
          {test.name}
        </p>
        <TestMeta test={test} />
      </TableCell>
      <TableCell>
        <LinkWithCopy link={test.link} maxLength={LINK_MAX_LENGTH} />
      </TableCell>
      <TableCell>
        <ClicksPair stats={test.stats} />
      </TableCell>
      <TableCell>
        <ConversionRatePair stats={test.stats} />
      </TableCell>
      <TableCell>
        <WinnerBadge winner={test.stats.winner} />
      </TableCell>
      <TableCell className="pr-4">
        <TestActions test={test} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}
