import type { TestWithStats, Variant } from "@contract/api";
import { PauseIcon, PlayIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ViewerNote } from "@/components/workspaces/ViewerNote";
import { PromoteWinnerDialog } from "@/features/test-detail/lifecycle/components/PromoteWinnerDialog";
import { useLifecycleActions } from "@/features/test-detail/lifecycle/use-lifecycle-actions";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

interface LifecycleControlsProps {
  test: TestWithStats;
  /** The version to preselect for promotion. */
  leading: Variant | null;
  /** Whether the verdict names a winner: only then does the button say "Promote winner". */
  decided: boolean;
  /** After a change: the test as it now stands, or null when it is being loaded again. */
  onChanged: (test: TestWithStats | null) => void;
}

/**
 * Pause or resume (by status), and promote the winner; nothing once the test is completed. A viewer
 * reads why there are no controls instead.
 */
export function LifecycleControls({ test, leading, decided, onChanged }: LifecycleControlsProps) {
  const { busy, pause, resume, promote } = useLifecycleActions(test, onChanged);
  const { canEdit } = useWorkspaceAbilities();
  if (!canEdit) return <ViewerNote />;
  if (test.status === "completed") return null;

  const paused = test.status === "paused";
  const switching = busy === "pause" || busy === "resume";
  const label =
    busy === "pause"
      ? "Pausing..."
      : busy === "resume"
        ? "Resuming..."
        : paused
          ? "Resume test"
          : "Pause test";
  const Icon = paused ? PlayIcon : PauseIcon;

  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar-like group of buttons, not a form fieldset
    <div role="group" aria-label="Test controls" className="flex flex-wrap gap-2">
      {/* One button that changes its label, so keyboard focus stays on it after the switch. */}
      <Button
        variant="outline"
        aria-disabled={busy !== null}
        onClick={() => void (paused ? resume() : pause())}
      >
        {switching ? <Spinner size="sm" className="text-current" aria-hidden /> : <Icon aria-hidden />}
        {label}
      </Button>
      {/* A plain link has one version: nothing to promote (issue #49). */}
      {test.kind !== "link" && (
        <PromoteWinnerDialog
          test={test}
          leading={leading}
          decided={decided}
          busy={busy === "promote"}
          blocked={busy !== null}
          onPromote={promote}
        />
      )}
    </div>
  );
}
