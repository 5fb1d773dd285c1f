import type { TestWithStats } from "@contract/api";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TestTableRow } from "@/features/dashboard/components/TestTableRow";

interface TestTableProps {
  tests: readonly TestWithStats[];
  onDelete: (test: TestWithStats) => void;
}

/** The list from 768 px up. */
export function TestTable({ tests, onDelete }: TestTableProps) {
  return (
    <div className="rounded-xl border bg-card shadow-sm">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="pl-4">Name</TableHead>
            <TableHead>Redirect Link</TableHead>
            <TableHead>Clicks A/B</TableHead>
            <TableHead>Conv. Rate</TableHead>
            <TableHead>Winner</TableHead>
            <TableHead className="pr-4">Actions</TableHead>
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
