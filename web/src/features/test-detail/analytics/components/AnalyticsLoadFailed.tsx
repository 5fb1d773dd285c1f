import { ANALYTICS_MESSAGES } from "@contract/messages";
import { RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

interface AnalyticsLoadFailedProps {
  onRetry: () => void;
  /** What did not load; the analytics by default. */
  message?: string;
}

/** The analytics (or the breakdowns) did not load: say so and offer to try again. */
export function AnalyticsLoadFailed({
  onRetry,
  message = ANALYTICS_MESSAGES.loadFailed,
}: AnalyticsLoadFailedProps) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-10 text-center">
      <p role="status" className="text-muted-foreground">
        {message}
      </p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        <RotateCwIcon aria-hidden />
        Try again
      </Button>
    </div>
  );
}
