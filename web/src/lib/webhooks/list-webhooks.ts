import type { WebhookEndpoint, WebhookListResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** The signed-in user's webhook endpoints, newest first; never their secrets. */
export async function listWebhooks(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const { webhooks } = await apiFetch<WebhookListResponse>("/api/webhooks", { signal });
  return webhooks;
}
