import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/**
 * What a card (or a part of one) shows until its data is there: a spinner, or why loading failed and a
 * way to try again. Settings' cards, the test page's site tag and setup checklist, the share dialog.
 */
export function CardLoadState({
  failed,
  failedMessage,
  onRetry,
}: {
  failed: boolean;
  failedMessage: string;
  onRetry: () => void;
}) {
  return failed ? (
    <p className="flex flex-wrap items-center gap-2 text-sm" role="alert">
      {failedMessage}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </p>
  ) : (
    <p className="flex items-center gap-2 text-muted-foreground text-sm">
      <Spinner size="sm" /> Loading…
    </p>
  );
}
