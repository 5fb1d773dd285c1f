import { apiFetch } from "@/lib/api";

/** Deletes the test with its clicks and conversions. */
export async function deleteTest(id: string): Promise<void> {
  await apiFetch<{ ok: true }>(`/api/tests/${encodeURIComponent(id)}`, { method: "DELETE" });
}
