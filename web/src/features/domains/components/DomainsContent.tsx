import type { CustomDomain } from "@contract/api";
import { Spinner } from "@/components/ui/spinner";
import { DomainList } from "@/features/domains/components/DomainList";
import { DomainsLoadFailed } from "@/features/domains/components/DomainsLoadFailed";
import { NoDomainsYet } from "@/features/domains/components/NoDomainsYet";
import type { DomainRowHandlers } from "@/features/domains/domain-row-handlers";
import type { DomainListStatus } from "@/features/domains/use-domain-list";

interface DomainsContentProps extends DomainRowHandlers {
  status: DomainListStatus;
  domains: readonly CustomDomain[];
  /** The id of the heading that names the list. */
  labelledBy: string;
  /** Opens the add dialog; absent while the user may not add domains. */
  onAddDomain?: () => void;
  /** Whether the user may change domains at all (not a viewer). */
  canEdit: boolean;
  onRetry: () => void;
}

/** The spinner, the failed first load, the empty state, or the list. */
export function DomainsContent({
  status,
  domains,
  labelledBy,
  onAddDomain,
  canEdit,
  onRetry,
  ...handlers
}: DomainsContentProps) {
  if (status === "loading") {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" />
      </div>
    );
  }
  if (status === "failed") return <DomainsLoadFailed onRetry={onRetry} />;
  if (domains.length === 0) return <NoDomainsYet onAddDomain={onAddDomain} canAdd={canEdit} />;
  return <DomainList domains={domains} labelledBy={labelledBy} {...handlers} />;
}
