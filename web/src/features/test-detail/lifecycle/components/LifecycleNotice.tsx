import type { SplitTest } from "@contract/api";
import { ANALYTICS_MESSAGES, LIFECYCLE_MESSAGES } from "@contract/messages";
import { CircleCheckIcon, CirclePauseIcon } from "lucide-react";
import { howItEnded, promotedVersion } from "@/features/test-detail/end/end-texts";

/** What a paused or completed test does with its link, on screen while it lasts. */
export function LifecycleNotice({
  test,
}: {
  test: Pick<SplitTest, "status" | "winnerVariant" | "variants" | "endedBy" | "endResult" | "afterUrl">;
}) {
  if (test.status === "paused") {
    return (
      <p className="flex items-start gap-3 rounded-xl border border-warning/50 bg-warning-muted px-4 py-3 font-medium text-sm text-warning-foreground">
        <CirclePauseIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        {ANALYTICS_MESSAGES.pausedNotice}
      </p>
    );
  }
  if (test.status === "completed") {
    return (
      <p className="flex items-start gap-3 rounded-xl border border-success/30 bg-success-muted px-4 py-3 font-medium text-sm text-success">
        <CircleCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        {howItEnded(test) ??
          (test.winnerVariant
            ? ANALYTICS_MESSAGES.completedNotice(promotedVersion(test) ?? test.winnerVariant)
            : LIFECYCLE_MESSAGES.completed)}
      </p>
    );
  }
  return null;
}
