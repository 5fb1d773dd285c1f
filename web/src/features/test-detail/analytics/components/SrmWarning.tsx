import { ANALYTICS_MESSAGES } from "@contract/messages";
import { TriangleAlertIcon } from "lucide-react";

/** Sample-ratio mismatch: the split is off, so the numbers may not be trustworthy. */
export function SrmWarning() {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-warning/50 bg-warning-muted px-4 py-3 text-sm text-warning-foreground"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-warning-foreground" aria-hidden />
      <p>{ANALYTICS_MESSAGES.srmWarning}</p>
    </div>
  );
}
