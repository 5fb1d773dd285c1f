import { apiFetch } from "@/lib/api";

/** An owner turns back on an endpoint its member's removal turned off. */
export async function enableWebhook(id: string): Promise<void> {
  await apiFetch<{ ok: true }>(`/api/webhooks/${encodeURIComponent(id)}/enable`, { method: "POST" });
}
