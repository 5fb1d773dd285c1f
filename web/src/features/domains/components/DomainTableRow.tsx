import type { CustomDomain } from "@contract/api";
import { TableCell, TableRow } from "@/components/ui/table";
import { AddedTime } from "@/features/domains/components/AddedTime";
import { DomainActions } from "@/features/domains/components/DomainActions";
import { DomainFallbackField } from "@/features/domains/components/DomainFallbackField";
import { DomainName } from "@/features/domains/components/DomainName";
import { DomainStatusBadge } from "@/features/domains/components/DomainStatusBadge";
import { DomainStatusNotes } from "@/features/domains/components/DomainStatusNotes";
import type { DomainRowHandlers } from "@/features/domains/domain-row-handlers";

export function DomainTableRow({ domain, ...handlers }: { domain: CustomDomain } & DomainRowHandlers) {
  return (
    <TableRow>
      <TableCell className="w-full min-w-44 pl-4">
        <p>
          <DomainName domain={domain.domain} />
        </p>
        <DomainStatusNotes domain={domain} />
        <DomainFallbackField domain={domain} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <DomainStatusBadge domain={domain} />
      </TableCell>
      <TableCell className="min-w-28 text-muted-foreground">
        <AddedTime createdAt={domain.createdAt} />
      </TableCell>
      <TableCell className="whitespace-nowrap pr-4">
        <DomainActions domain={domain} {...handlers} className="justify-end" />
      </TableCell>
    </TableRow>
  );
}
