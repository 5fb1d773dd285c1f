import { DOMAIN_MESSAGES } from "@contract/messages";
import { RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The first load failed: nothing to list, so offer to try again. */
export function DomainsLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-14 text-center">
      <p className="text-muted-foreground">{DOMAIN_MESSAGES.loadFailed}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        <RotateCwIcon aria-hidden />
        Try again
      </Button>
    </div>
  );
}
