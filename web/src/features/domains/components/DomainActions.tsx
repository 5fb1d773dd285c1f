import type { CustomDomain } from "@contract/api";
import { DeleteDomainButton } from "@/features/domains/components/DeleteDomainButton";
import { VerifyDomainButton } from "@/features/domains/components/VerifyDomainButton";
import type { DomainRowHandlers } from "@/features/domains/domain-row-handlers";
import { isDomainVerified } from "@/features/domains/domain-status";
import { cn } from "@/lib/utils";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

interface DomainActionsProps extends DomainRowHandlers {
  domain: CustomDomain;
  className?: string;
}

/** Verify (unverified domains only) and delete; none for a viewer. */
export function DomainActions({ domain, onDeleted, className }: DomainActionsProps) {
  const { canEdit } = useWorkspaceAbilities();
  if (!canEdit) return null;
  return (
    <div className={cn("flex items-center gap-1.5", className)}>
      {!isDomainVerified(domain) && <VerifyDomainButton domain={domain} />}
      <DeleteDomainButton domain={domain} onDeleted={onDeleted} />
    </div>
  );
}
