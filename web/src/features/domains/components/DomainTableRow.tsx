import type { CustomDomain } from "@contract/api";
import { TableCell, TableRow } from "@/components/ui/table";
import { AddedTime } from "@/features/domains/components/AddedTime";
import { DomainActions } from "@/features/domains/components/DomainActions";
import { DomainStatusBadge } from "@/features/domains/components/DomainStatusBadge";
import { DomainStatusNotes } from "@/features/domains/components/DomainStatusNotes";
import type { DomainRowHandlers } from "@/features/domains/domain-row-handlers";

export function DomainTableRow({ domain, ...handlers }: { domain: CustomDomain } & DomainRowHandlers) {
  return (
    <TableRow>
      <TableCell className="max-w-80 pl-4">
        <p className="break-all font-medium">{domain.domain}</p>
        <DomainStatusNotes domain={domain} />
      </TableCell>
      <TableCell>
        <DomainStatusBadge domain={domain} />
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        <AddedTime createdAt={domain.createdAt} />
      </TableCell>
      <TableCell className="pr-4">
        <DomainActions domain={domain} {...handlers} className="justify-end" />
      </TableCell>
    </TableRow>
  );
}
