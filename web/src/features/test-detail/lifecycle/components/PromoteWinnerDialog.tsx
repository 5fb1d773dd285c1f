import type { TestWithStats, Variant } from "@contract/api";
import { TrophyIcon } from "lucide-react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { PromoteWinnerForm } from "@/features/test-detail/lifecycle/components/PromoteWinnerForm";
import { promoteWording } from "@/features/test-detail/lifecycle/promote-wording";

interface PromoteWinnerDialogProps {
  test: TestWithStats;
  leading: Variant | null;
  /**
   * The always-valid verdict names a winner (or the owner promoted one): the button says "Promote
   * winner"; before that it is a quiet "Choose a version", since no version has won yet.
   */
  decided: boolean;
  /** The promotion is on its way: the dialog stays open until it is done. */
  busy: boolean;
  /** Another change is on its way: the button does nothing meanwhile. */
  blocked: boolean;
  /** Resolves to whether the promotion went through. */
  onPromote: (variant: Variant) => Promise<boolean>;
}

/** 'Promote winner' (or, before a verdict, 'Choose a version') and the dialog that asks which version, and says what promoting does. */
export function PromoteWinnerDialog({
  test,
  leading,
  decided,
  busy,
  blocked,
  onPromote,
}: PromoteWinnerDialogProps) {
  const [open, setOpen] = useState(false);
  const wording = promoteWording({ decided, leading, choice: leading, variants: test.variants });

  async function promote(variant: Variant) {
    if (await onPromote(variant)) setOpen(false);
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button
          variant={decided ? "default" : "outline"}
          aria-disabled={blocked}
          onClick={(event) => blocked && event.preventDefault()}
        >
          <TrophyIcon aria-hidden />
          {wording.trigger}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{wording.title}</AlertDialogTitle>
          <AlertDialogDescription>
            From now on the link sends everyone to the version you choose. The test is then completed: its
            results freeze, and it can't be paused or resumed any more.
          </AlertDialogDescription>
          {wording.notProven && (
            <p role="note" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
              {wording.notProven}
            </p>
          )}
        </AlertDialogHeader>
        <PromoteWinnerForm
          test={test}
          leading={leading}
          decided={decided}
          busy={busy}
          onPromote={(v) => void promote(v)}
        />
      </AlertDialogContent>
    </AlertDialog>
  );
}
