import type { WebhookEndpoint } from "@contract/api";
import { WEBHOOK_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { deleteWebhook } from "@/features/settings/webhooks/api/delete-webhook";
import { ApiError } from "@/lib/api";
import { toast } from "@/lib/toast";

/** Delete with its toasts; `onDeleted` runs once the endpoint is gone. */
export function useDeleteWebhook(onDeleted: (webhook: WebhookEndpoint) => void) {
  const [deleting, setDeleting] = useState(false);

  async function remove(webhook: WebhookEndpoint): Promise<void> {
    if (deleting) return;
    setDeleting(true);
    try {
      await deleteWebhook(webhook.id);
    } catch (error) {
      console.warn("Could not delete the webhook endpoint", error);
      toast.error(WEBHOOK_MESSAGES.deleteFailed);
      setDeleting(false);
      // A 404 means it is gone already: take it off the list all the same.
      if (error instanceof ApiError && error.status === 404) onDeleted(webhook);
      return;
    }
    toast.success(WEBHOOK_MESSAGES.deleted);
    onDeleted(webhook);
  }

  return { deleting, remove };
}
