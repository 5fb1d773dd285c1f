import type { WebhookEndpoint, WebhookListResponse } from "@contract/api";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** The signed-in user's webhook endpoints, newest first; never their secrets. */
export async function listWebhooks(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const { webhooks } = await apiFetch<WebhookListResponse>("/api/webhooks", { signal });
  return webhooks;
}

/** The one query of the user's webhook endpoints: Settings lists them, the test page counts them. */
export function useWebhookList() {
  return useQuery({
    queryKey: queryKeys.webhooks.list,
    queryFn: ({ signal }) => listWebhooks(signal),
  });
}
