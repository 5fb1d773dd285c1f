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

/**
 * "Send test event": one webhook.ping now. What the last press came to, a delivery or the API's refusal
 * (too many test events), is toasted and kept in words for the row to show.
 */
export function useSendTestEvent(webhookId: string, onSent: (delivery: WebhookDelivery) => void) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  async function send(): Promise<void> {
    if (sending) return;
    setSending(true);
    try {
      const delivery = await sendTestEvent(webhookId);
      const message =
        delivery.delivered && delivery.statusCode !== null
          ? WEBHOOK_MESSAGES.testDelivered(delivery.statusCode)
          : WEBHOOK_MESSAGES.testRefused(deliveryOutcome(delivery));
      setOutcome(message);
      if (delivery.delivered) toast.success(message);
      else toast.error(message);
      onSent(delivery);
    } catch (error) {
      console.warn("Could not send the test event", error);
      // Replaces the last outcome too: the row must not go on showing an earlier success.
      const message = serverMessage(error) ?? WEBHOOK_MESSAGES.testFailed;
      setOutcome(message);
      toast.error(message);
    } finally {
      setSending(false);
    }
  }

  return { sending, outcome, send };
}
