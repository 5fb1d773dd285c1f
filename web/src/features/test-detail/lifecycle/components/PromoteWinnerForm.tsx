import type { TestWithStats, Variant } from "@contract/api";
import { LIFECYCLE_MESSAGES } from "@contract/messages";
import { type FormEvent, useId, useState } from "react";
import { AlertDialogCancel, AlertDialogFooter } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { BusyLabel } from "@/components/ui/spinner";
import { perVisitorRate } from "@/features/test-detail/components/VariantStats";
import { VariantOption } from "@/features/test-detail/lifecycle/components/VariantOption";
import { promoteWording } from "@/features/test-detail/lifecycle/promote-wording";
import { cn } from "@/lib/utils";

interface PromoteWinnerFormProps {
  test: TestWithStats;
  /** The version ahead (preselected only when `decided`); null when no version leads. */
  leading: Variant | null;
  /** Whether `leading` is the verdict's (or the promoted) winner. */
  decided: boolean;
  busy: boolean;
  onPromote: (variant: Variant) => void;
}

/**
 * Choose a version and confirm. Mounted with the dialog, so each opening starts afresh: from the
 * verdict's winner, or, before a verdict, from no choice (the leader is not proven).
 */
export function PromoteWinnerForm({ test, leading, decided, busy, onPromote }: PromoteWinnerFormProps) {
  const [choice, setChoice] = useState<Variant | null>(decided ? leading : null);
  const [missingChoice, setMissingChoice] = useState(false);
  const groupName = useId();
  const hintId = useId();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!choice) {
      setMissingChoice(true);
      return;
    }
    onPromote(choice);
  }

  function handleSelect(variant: Variant) {
    setChoice(variant);
    setMissingChoice(false);
  }

  return (
    <form className="grid gap-4" onSubmit={handleSubmit}>
      <fieldset className="grid gap-2" aria-describedby={choice ? undefined : hintId}>
        <legend className="mb-2 font-medium text-sm">Version to promote</legend>
        {test.variants.map(({ label, url, name }) => (
          <VariantOption
            key={label}
            name={groupName}
            variant={label}
            title={name}
            url={url}
            rate={perVisitorRate(test.stats.arms.find((arm) => arm.label === label)) * 100}
            leading={leading === label}
            decided={decided}
            checked={choice === label}
            onSelect={handleSelect}
          />
        ))}
      </fieldset>
      {!choice && (
        <p
          id={hintId}
          role={missingChoice ? "alert" : undefined}
          className={cn("text-sm", missingChoice ? "text-destructive" : "text-muted-foreground")}
        >
          {LIFECYCLE_MESSAGES.chooseVariant}
        </p>
      )}
      <AlertDialogFooter>
        <AlertDialogCancel aria-disabled={busy} onClick={(event) => busy && event.preventDefault()}>
          Cancel
        </AlertDialogCancel>
        <Button type="submit" aria-disabled={busy}>
          <BusyLabel
            busy={busy}
            label={promoteWording({ decided, leading, choice, variants: test.variants }).submit}
            busyLabel="Promoting..."
          />
        </Button>
      </AlertDialogFooter>
    </form>
  );
}
