import { apiFetch } from "@/lib/api";

/** Deletes the endpoint: deliveries to it stop at once, retries included. */
export async function deleteWebhook(id: string): Promise<void> {
  await apiFetch<{ ok: true }>(`/api/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" });
}
