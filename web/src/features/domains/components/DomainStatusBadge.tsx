import type { CustomDomain } from "@contract/api";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { domainStatusView } from "@/features/domains/domain-status";

/** 'Verified' or 'Pending Verification' in the status colour; the tooltip says what the status means. */
export function DomainStatusBadge({ domain }: { domain: CustomDomain }) {
  const { label, variant, icon: Icon, meaning } = domainStatusView(domain.status);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* Focusable so that keyboard users get the tooltip too. */}
        <Badge
          variant={variant}
          tabIndex={0}
          className="cursor-default focus-visible:ring-offset-1"
          data-status={domain.status}
        >
          <Icon aria-hidden />
          {label}
        </Badge>
      </TooltipTrigger>
      <TooltipContent>{meaning}</TooltipContent>
    </Tooltip>
  );
}
