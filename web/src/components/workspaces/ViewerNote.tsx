import { EyeIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { WORKSPACE_SCREEN_MESSAGES } from "@/lib/workspaces/workspace-screen-messages";

/** Where a viewer would find change controls: why there are none. */
export function ViewerNote({ className, children }: { className?: string; children?: string }) {
  return (
    <p
      className={cn(
        "flex items-start gap-2 rounded-md border bg-card px-3 py-2 text-muted-foreground text-sm",
        className,
      )}
      data-testid="viewer-note"
    >
      <EyeIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
      {children ?? WORKSPACE_SCREEN_MESSAGES.viewerNote}
    </p>
  );
}
