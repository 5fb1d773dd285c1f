import type { TestWithStats, Variant } from "@contract/api";
import { PromoteWinnerDialog } from "@/features/test-detail/lifecycle/components/PromoteWinnerDialog";
import { useLifecycleActions } from "@/features/test-detail/lifecycle/use-lifecycle-actions";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

/**
 * The recommendation's "Promote winner": the same dialog as the header's, the verdict's winner
 * preselected; none for a viewer.
 */
export function PromoteAction({ test, variant }: { test: TestWithStats; variant: Variant }) {
  const { busy, promote } = useLifecycleActions(test, () => {});
  const { canEdit } = useWorkspaceAbilities();
  if (!canEdit) return null;
  return (
    <PromoteWinnerDialog
      test={test}
      leading={variant}
      decided
      busy={busy === "promote"}
      blocked={busy !== null}
      onPromote={promote}
    />
  );
}
