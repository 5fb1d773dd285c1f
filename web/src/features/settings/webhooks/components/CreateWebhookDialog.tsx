import { WEBHOOK_MESSAGES } from "@contract/messages";
import { SecretDialog } from "@/features/settings/components/SecretDialog";
import { CreateWebhookForm } from "@/features/settings/webhooks/components/CreateWebhookForm";
import { useCreateWebhook } from "@/features/settings/webhooks/use-create-webhook";

interface CreateWebhookDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** First the URL and events, then the endpoint's signing secret, shown this once. */
export function CreateWebhookDialog({ open, onOpenChange }: CreateWebhookDialogProps) {
  const { busy, secret, problem, create, forget, clearProblem } = useCreateWebhook();
  return (
    <SecretDialog
      open={open}
      onOpenChange={onOpenChange}
      onClose={forget}
      secret={secret}
      form={{
        title: "Add webhook endpoint",
        description: "SplitLink sends each chosen event to this URL as a signed JSON POST.",
      }}
      shown={{
        title: "Your endpoint's signing secret",
        description:
          "Your endpoint uses it to check the SplitLink-Signature header of every delivery (see the API docs).",
        what: "signing secret",
        copiedMessage: WEBHOOK_MESSAGES.secretCopied,
        testId: "new-webhook-secret",
      }}
    >
      <CreateWebhookForm busy={busy} problem={problem} onCreate={create} onEdit={clearProblem} />
    </SecretDialog>
  );
}
