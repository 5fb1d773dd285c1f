import type { AuthResponse, Credentials } from "@contract/api";
import { apiFetch } from "@/lib/api";

export function signUp(credentials: Credentials): Promise<AuthResponse> {
  return apiFetch<AuthResponse>("/api/auth/signup", { method: "POST", body: credentials });
}
