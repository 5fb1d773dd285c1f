import { apiFetch } from "@/lib/api";

/** Revokes the key at once: tools using it get 401 from then on. */
export async function revokeApiKey(id: string): Promise<void> {
  await apiFetch<{ ok: true }>(`/api/keys/${encodeURIComponent(id)}`, { method: "DELETE" });
}
