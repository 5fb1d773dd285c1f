import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { BusyLabel } from "@/components/ui/spinner";

/** The footer of a form in a dialog: Cancel, and the submit button with its busy state. */
export function DialogFormFooter({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <Button type="submit" aria-disabled={busy}>
        <BusyLabel busy={busy} label={label} busyLabel={busyLabel} />
      </Button>
    </DialogFooter>
  );
}
