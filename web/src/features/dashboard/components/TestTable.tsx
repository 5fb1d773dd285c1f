import type { TestWithStats } from "@contract/api";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TABLE_CELL_PADDING, TestTableRow } from "@/features/dashboard/components/TestTableRow";

interface TestTableProps {
  tests: readonly TestWithStats[];
  /** Absent where the user may not delete (a viewer). */
  onDelete?: (test: TestWithStats) => void;
}

/** The list from 768 px up. */
export function TestTable({ tests, onDelete }: TestTableProps) {
  return (
    <div className="rounded-xl border bg-card shadow-sm">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="pr-2 pl-4 xl:pr-3">Name</TableHead>
            <TableHead className={TABLE_CELL_PADDING}>Status</TableHead>
            <TableHead className={TABLE_CELL_PADDING}>Redirect Link</TableHead>
            <TableHead className={TABLE_CELL_PADDING}>Clicks A/B</TableHead>
            <TableHead className={TABLE_CELL_PADDING}>Conv. Rate</TableHead>
            <TableHead className={TABLE_CELL_PADDING}>Winner</TableHead>
            <TableHead className="pr-4 pl-2 xl:pl-3">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tests.map((test) => (
            <TestTableRow key={test.id} test={test} onDelete={onDelete} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
