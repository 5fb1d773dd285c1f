import type { WebhookEndpoint } from "@contract/api";
import { WEBHOOK_MESSAGES } from "@contract/messages";
import { RemoveItemButton } from "@/components/RemoveItemButton";
import { deleteWebhook } from "@/features/settings/webhooks/api/delete-webhook";
import { useWebhookDeleted } from "@/features/settings/webhooks/use-webhooks";

export function DeleteWebhookButton({ webhook }: { webhook: WebhookEndpoint }) {
  const onDeleted = useWebhookDeleted();
  return (
    <RemoveItemButton
      item={webhook}
      verb="Delete"
      ariaLabel={`Delete endpoint ${webhook.url}`}
      title="Delete this webhook endpoint?"
      description={`${webhook.url} gets no more events, and deliveries still being retried stop. This action cannot be undone.`}
      remove={deleteWebhook}
      messages={{ done: WEBHOOK_MESSAGES.deleted, failed: WEBHOOK_MESSAGES.deleteFailed }}
      onRemoved={onDeleted}
    />
  );
}
