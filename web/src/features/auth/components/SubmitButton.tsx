import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

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
      {busy && <Spinner size="sm" className="text-current" aria-hidden />}
      {busy ? busyLabel : label}
    </Button>
  );
}
