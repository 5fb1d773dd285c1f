import type { CustomDomain } from "@contract/api";
import { AddedTime } from "@/features/domains/components/AddedTime";
import { DomainActions } from "@/features/domains/components/DomainActions";
import { DomainStatusBadge } from "@/features/domains/components/DomainStatusBadge";
import { DomainStatusNotes } from "@/features/domains/components/DomainStatusNotes";
import type { DomainRowHandlers } from "@/features/domains/domain-row-handlers";

/** One domain under 768 px: the table row's content and actions, stacked. */
export function DomainCard({ domain, ...handlers }: { domain: CustomDomain } & DomainRowHandlers) {
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-medium">{domain.domain}</p>
          <DomainStatusNotes domain={domain} />
        </div>
        <DomainStatusBadge domain={domain} />
      </div>
      <div className="flex items-center justify-between gap-3 border-t pt-3">
        <p className="text-muted-foreground text-xs">
          Added <AddedTime createdAt={domain.createdAt} />
        </p>
        <DomainActions domain={domain} {...handlers} />
      </div>
    </li>
  );
}
