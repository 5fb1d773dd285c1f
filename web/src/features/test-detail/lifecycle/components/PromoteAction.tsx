import type { TestWithStats, Variant } from "@contract/api";
import { PromoteWinnerDialog } from "@/features/test-detail/lifecycle/components/PromoteWinnerDialog";
import { useLifecycleActions } from "@/features/test-detail/lifecycle/use-lifecycle-actions";

/** The recommendation's "Promote winner": the same dialog as the header's, the verdict's winner preselected. */
export function PromoteAction({ test, variant }: { test: TestWithStats; variant: Variant }) {
  const { busy, promote } = useLifecycleActions(test, () => {});
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
