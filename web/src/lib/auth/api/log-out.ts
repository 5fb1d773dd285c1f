import { apiFetch } from "@/lib/api";

export async function logOut(): Promise<void> {
  await apiFetch<{ ok: true }>("/api/auth/logout", { method: "POST" });
}
