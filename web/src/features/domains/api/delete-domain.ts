import { apiFetch } from "@/lib/api";

/** Removes the domain from the signed-in user's account. */
export async function deleteDomain(id: string): Promise<void> {
  await apiFetch<{ ok: true }>(`/api/domains/${encodeURIComponent(id)}`, { method: "DELETE" });
}
