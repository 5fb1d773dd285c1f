import type { WebhookEndpoint } from "@contract/api";
import { Trash2Icon } from "lucide-react";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useDeleteWebhook } from "@/features/settings/webhooks/use-delete-webhook";

interface DeleteWebhookButtonProps {
  webhook: WebhookEndpoint;
  onDeleted: (webhook: WebhookEndpoint) => void;
}

export function DeleteWebhookButton({ webhook, onDeleted }: DeleteWebhookButtonProps) {
  const { deleting, remove } = useDeleteWebhook(onDeleted);
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive-muted hover:text-destructive"
          aria-label={`Delete endpoint ${webhook.url}`}
          aria-disabled={deleting}
        >
          {deleting ? <Spinner size="sm" className="text-current" aria-hidden /> : <Trash2Icon aria-hidden />}
          Delete
        </Button>
      }
      title="Delete this webhook endpoint?"
      description={`${webhook.url} gets no more events, and deliveries still being retried stop. This action cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={() => remove(webhook)}
    />
  );
}
