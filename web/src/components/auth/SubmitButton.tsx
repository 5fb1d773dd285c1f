import { Button } from "@/components/ui/button";
import { BusyLabel } from "@/components/ui/spinner";

export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy}>
      <BusyLabel busy={busy} label={label} busyLabel={busyLabel} />
    </Button>
  );
}
