import type { AuthResponse, ResetPasswordInput } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Sets a new password from a reset link; the answer is a fresh session (all others are revoked). */
export function resetPassword(input: ResetPasswordInput): Promise<AuthResponse> {
  return apiFetch<AuthResponse>("/api/account/reset-password", { method: "POST", body: input });
}
