import type { AuthResponse, Credentials } from "@contract/api";
import { apiFetch } from "@/lib/api";

export function logIn(credentials: Credentials): Promise<AuthResponse> {
  return apiFetch<AuthResponse>("/api/auth/login", { method: "POST", body: credentials });
}
