import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

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
        {busy && <Spinner size="sm" className="text-current" aria-hidden />}
        {busy ? busyLabel : label}
      </Button>
    </DialogFooter>
  );
}
