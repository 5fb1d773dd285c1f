import type { TestWithStats } from "@contract/api";
import { SHARE_DIALOG_MESSAGES } from "@contract/sharing";
import { CheckIcon, CopyIcon, Share2Icon } from "lucide-react";
import { useId, useState } from "react";
import { CardLoadState } from "@/components/CardLoadState";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { useShareLink } from "@/features/test-detail/share/use-share-link";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard";

const M = SHARE_DIALOG_MESSAGES;

interface ShareDialogProps {
  test: Pick<TestWithStats, "slug" | "name">;
  /** False for a viewer: the dialog shows the live link, without making or revoking one. */
  canChange?: boolean;
}

/** "Share results": a read-only report link of the test to copy, make, or revoke. */
export function ShareDialog({ test, canChange = true }: ShareDialogProps) {
  const [open, setOpen] = useState(false);
  const inputId = useId();
  const { query, create, revoke, busy } = useShareLink(test.slug, open);
  const { copied, copy } = useCopyToClipboard(M.copied);
  const url = query.data;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Share2Icon aria-hidden />
          {M.button}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="share-dialog">
        <DialogHeader>
          <DialogTitle>{M.title}</DialogTitle>
          <DialogDescription>{M.description}</DialogDescription>
        </DialogHeader>
        {url === undefined && (
          <CardLoadState
            failed={query.isError}
            failedMessage={M.loadFailed}
            onRetry={() => void query.refetch()}
          />
        )}
        {url === null && (
          <div className="grid gap-3">
            <p className="text-muted-foreground text-sm">{M.none}</p>
            {canChange && (
              <Button className="justify-self-start" onClick={() => create.mutate()} disabled={busy}>
                {create.isPending ? M.creating : M.create}
              </Button>
            )}
          </div>
        )}
        {typeof url === "string" && (
          <div className="grid gap-3">
            <label htmlFor={inputId} className="font-medium text-sm">
              {M.linkLabel}
            </label>
            <div className="flex gap-2">
              <Input
                id={inputId}
                readOnly
                value={url}
                onFocus={(event) => event.target.select()}
                className="font-mono"
              />
              <Button variant="outline" onClick={() => copy(url)} aria-label={M.copy}>
                {copied ? <CheckIcon className="text-success" aria-hidden /> : <CopyIcon aria-hidden />}
                <span className="hidden sm:inline">Copy</span>
              </Button>
            </div>
            {canChange && (
              <ConfirmDialog
                trigger={
                  <Button variant="outline" className="justify-self-start" disabled={busy}>
                    {revoke.isPending ? M.revoking : M.revoke}
                  </Button>
                }
                title={M.revoke}
                description={M.revokeConfirm}
                confirmLabel={M.revoke}
                onConfirm={() => revoke.mutate()}
              />
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
