import { CheckIcon, CopyIcon, TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard";

interface SecretShownOnceProps {
  secret: string;
  /** What it is, in the warning: "key", "signing secret". */
  what: string;
  copiedMessage: string;
  testId: string;
}

/** A new secret (an API key, a webhook's signing secret), the one time it can be seen, with a copy button. */
export function SecretShownOnce({ secret, what, copiedMessage, testId }: SecretShownOnceProps) {
  const { copied, copy } = useCopyToClipboard(copiedMessage);
  return (
    <div className="grid gap-5">
      <p className="flex gap-2 rounded-lg border border-warning/40 bg-warning-muted p-3 text-sm">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        Copy this {what} now and keep it somewhere safe: it will not be shown again.
      </p>
      <div className="flex items-center gap-2 rounded-lg border bg-muted py-1 pr-1 pl-3">
        <code data-testid={testId} className="min-w-0 flex-1 break-all font-mono text-sm">
          {secret}
        </code>
        <Button variant="outline" size="sm" onClick={() => copy(secret)}>
          {copied ? <CheckIcon className="text-success" aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? "Copied!" : "Copy"}
        </Button>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
