import { Button } from "@/components/ui/button";
import { BusyLabel } from "@/components/ui/spinner";

interface EditFormActionsProps {
  /** The save is on its way: both buttons stay put but do nothing. */
  busy: boolean;
  /** The submit button's words, e.g. "Save goal". */
  saveLabel: string;
  onCancel: () => void;
}

/** The end of each editor on the test page: Cancel, and the save that says "Saving..." while busy. */
export function EditFormActions({ busy, saveLabel, onCancel }: EditFormActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="outline" aria-disabled={busy} onClick={() => !busy && onCancel()}>
        Cancel
      </Button>
      <Button type="submit" aria-disabled={busy}>
        <BusyLabel busy={busy} label={saveLabel} busyLabel="Saving..." />
      </Button>
    </div>
  );
}
