import type { WebhookDelivery } from "@contract/api";
import { WEBHOOK_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { sendTestEvent } from "@/features/settings/webhooks/api/send-test-event";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

/** What the attempt came to, in words: the status code the endpoint answered, or why there was none. */
export function deliveryOutcome(delivery: WebhookDelivery): string {
  if (delivery.statusCode !== null) return `HTTP ${delivery.statusCode}`;
  return delivery.error ?? "No answer";
}

/** "Send test event": one webhook.ping now; the result is toasted and kept for the row to show. */
export function useSendTestEvent(webhookId: string, onSent: (delivery: WebhookDelivery) => void) {
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<WebhookDelivery | null>(null);

  async function send(): Promise<void> {
    if (sending) return;
    setSending(true);
    try {
      const delivery = await sendTestEvent(webhookId);
      setResult(delivery);
      if (delivery.delivered && delivery.statusCode !== null)
        toast.success(WEBHOOK_MESSAGES.testDelivered(delivery.statusCode));
      else toast.error(WEBHOOK_MESSAGES.testRefused(deliveryOutcome(delivery)));
      onSent(delivery);
    } catch (error) {
      console.warn("Could not send the test event", error);
      toast.error(serverMessage(error) ?? WEBHOOK_MESSAGES.testFailed);
    } finally {
      setSending(false);
    }
  }

  return { sending, result, send };
}
