import type { CustomDomain } from "@contract/api";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { DomainTableRow } from "@/features/domains/components/DomainTableRow";
import type { DomainRowHandlers } from "@/features/domains/domain-row-handlers";

interface DomainTableProps extends DomainRowHandlers {
  domains: readonly CustomDomain[];
  /** The id of the heading that names the table. */
  labelledBy: string;
}

/** The domains from 768 px up. */
export function DomainTable({ domains, labelledBy, ...handlers }: DomainTableProps) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <Table aria-labelledby={labelledBy}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="pl-4">Domain</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Added</TableHead>
            <TableHead className="pr-4 text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {domains.map((domain) => (
            <DomainTableRow key={domain.id} domain={domain} {...handlers} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
