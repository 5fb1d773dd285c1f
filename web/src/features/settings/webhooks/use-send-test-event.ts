import type { WebhookDelivery } from "@contract/api";
import { WEBHOOK_MESSAGES } from "@contract/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { sendTestEvent } from "@/features/settings/webhooks/api/send-test-event";
import { useMarkDelivered } from "@/features/settings/webhooks/use-webhooks";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

/** What the attempt came to, in words: the status code the endpoint answered, or why there was none. */
export function deliveryOutcome(delivery: WebhookDelivery): string {
  if (delivery.statusCode !== null) return `HTTP ${delivery.statusCode}`;
  return delivery.error ?? "No answer";
}

/**
 * "Send test event": one webhook.ping now; the result is toasted and kept for the row to show. A delivered
 * one makes the endpoint active at once; then the endpoints and this one's delivery log load again.
 */
export function useSendTestEvent(webhookId: string) {
  const queryClient = useQueryClient();
  const markDelivered = useMarkDelivered();
  const [result, setResult] = useState<WebhookDelivery | null>(null);
  const mutation = useMutation({
    mutationFn: () => sendTestEvent(webhookId),
    onSuccess: (delivery) => {
      if (delivery.delivered) markDelivered(webhookId, delivery.attemptedAt);
      void refreshAfterChange(queryClient, [
        queryKeys.webhooks.list,
        queryKeys.webhooks.deliveries(webhookId),
      ]);
    },
  });
  const sending = mutation.isPending;

  async function send(): Promise<void> {
    if (sending) return;
    try {
      const delivery = await mutation.mutateAsync();
      setResult(delivery);
      if (delivery.delivered && delivery.statusCode !== null)
        toast.success(WEBHOOK_MESSAGES.testDelivered(delivery.statusCode));
      else toast.error(WEBHOOK_MESSAGES.testRefused(deliveryOutcome(delivery)));
    } catch (error) {
      console.warn("Could not send the test event", error);
      toast.error(serverMessage(error) ?? WEBHOOK_MESSAGES.testFailed);
    }
  }

  return { sending, result, send };
}
