import type { WebhookDelivery, WebhookTestResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Sends a webhook.ping to the endpoint now; answers the attempt (status code or error). */
export async function sendTestEvent(id: string): Promise<WebhookDelivery> {
  const { delivery } = await apiFetch<WebhookTestResponse>(`/api/webhooks/${encodeURIComponent(id)}/test`, {
    method: "POST",
  });
  return delivery;
}
