import type { WebhookDelivery, WebhookDeliveryListResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** The endpoint's latest delivery attempts, newest first. */
export async function listDeliveries(id: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  const { deliveries } = await apiFetch<WebhookDeliveryListResponse>(
    `/api/webhooks/${encodeURIComponent(id)}/deliveries`,
    { signal },
  );
  return deliveries;
}
