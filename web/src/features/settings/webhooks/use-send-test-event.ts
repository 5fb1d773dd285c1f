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
 * "Send test event": one webhook.ping now. What the last press came to, a delivery or the API's refusal
 * (too many test events), is toasted and kept in words for the row to show. A delivered one makes the
 * endpoint active at once; then the endpoints and this one's delivery log load again.
 */
export function useSendTestEvent(webhookId: string) {
  const queryClient = useQueryClient();
  const markDelivered = useMarkDelivered();
  const [outcome, setOutcome] = useState<string | null>(null);
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
      const message =
        delivery.delivered && delivery.statusCode !== null
          ? WEBHOOK_MESSAGES.testDelivered(delivery.statusCode)
          : WEBHOOK_MESSAGES.testRefused(deliveryOutcome(delivery));
      setOutcome(message);
      if (delivery.delivered) toast.success(message);
      else toast.error(message);
    } catch (error) {
      console.warn("Could not send the test event", error);
      // Replaces the last outcome too: the row must not go on showing an earlier success.
      const message = serverMessage(error) ?? WEBHOOK_MESSAGES.testFailed;
      setOutcome(message);
      toast.error(message);
    }
  }

  return { sending, outcome, send };
}
