import type { CustomDomain } from "@contract/api";
import { AddedTime } from "@/features/domains/components/AddedTime";
import { DomainActions } from "@/features/domains/components/DomainActions";
import { DomainFallbackField } from "@/features/domains/components/DomainFallbackField";
import { DomainName } from "@/features/domains/components/DomainName";
import { DomainStatusBadge } from "@/features/domains/components/DomainStatusBadge";
import { DomainStatusNotes } from "@/features/domains/components/DomainStatusNotes";
import type { DomainRowHandlers } from "@/features/domains/domain-row-handlers";

/** One domain under 768 px: the table row's content and actions, stacked. */
export function DomainCard({ domain, ...handlers }: { domain: CustomDomain } & DomainRowHandlers) {
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div>
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <p className="min-w-0">
            <DomainName domain={domain.domain} />
          </p>
          <DomainStatusBadge domain={domain} />
        </div>
        <DomainStatusNotes domain={domain} />
        <DomainFallbackField domain={domain} />
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
