import type { PasswordResetResponse, ResetPasswordInput } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Sets a new password from a reset link; the answer is a fresh session (all others are revoked) and the API keys revoked. */
export function resetPassword(input: ResetPasswordInput): Promise<PasswordResetResponse> {
  return apiFetch<PasswordResetResponse>("/api/account/reset-password", { method: "POST", body: input });
}
