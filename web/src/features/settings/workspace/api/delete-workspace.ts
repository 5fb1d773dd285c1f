import { apiFetch } from "@/lib/api";

/** Deletes a workspace the user owns (not the personal one) with everything in it. */
export async function deleteWorkspace(id: string): Promise<void> {
  await apiFetch<{ ok: true }>(`/api/workspaces/${encodeURIComponent(id)}`, { method: "DELETE" });
}
