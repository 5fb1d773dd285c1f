import type { WebhookEndpoint } from "@contract/api";
import { WEBHOOK_MESSAGES } from "@contract/messages";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { SecretShownOnce } from "@/features/settings/components/SecretShownOnce";
import { CreateWebhookForm } from "@/features/settings/webhooks/components/CreateWebhookForm";
import { useCreateWebhook } from "@/features/settings/webhooks/use-create-webhook";

interface CreateWebhookDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (webhook: WebhookEndpoint) => void;
}

/** First the URL and events, then the endpoint's signing secret, shown this once. */
export function CreateWebhookDialog({ open, onOpenChange, onCreated }: CreateWebhookDialogProps) {
  const { busy, secret, problem, create, forget, clearProblem } = useCreateWebhook(onCreated);

  function handleOpenChange(next: boolean) {
    onOpenChange(next);
    // Closed: the secret leaves memory and the next opening starts with a fresh form.
    if (!next) forget();
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        // The secret must not vanish by a stray click beside the dialog.
        onInteractOutside={(event) => secret && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{secret ? "Your endpoint's signing secret" : "Add webhook endpoint"}</DialogTitle>
          <DialogDescription>
            {secret
              ? "Your endpoint uses it to check the SplitLink-Signature header of every delivery (see the API docs)."
              : "SplitLink sends each chosen event to this URL as a signed JSON POST."}
          </DialogDescription>
        </DialogHeader>
        {secret ? (
          <SecretShownOnce
            secret={secret}
            what="signing secret"
            copiedMessage={WEBHOOK_MESSAGES.secretCopied}
            testId="new-webhook-secret"
          />
        ) : (
          <CreateWebhookForm busy={busy} problem={problem} onCreate={create} onEdit={clearProblem} />
        )}
      </DialogContent>
    </Dialog>
  );
}
