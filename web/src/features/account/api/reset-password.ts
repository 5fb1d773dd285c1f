import type { PasswordResetResponse, ResetPasswordInput, TwoFactorChallengeResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/**
 * Sets a new password from a reset link; the answer is a fresh session (all others are revoked) and the
 * API keys revoked, or for a user with two-factor sign-in a request for their code (the login's code step).
 */
export function resetPassword(
  input: ResetPasswordInput,
): Promise<PasswordResetResponse | TwoFactorChallengeResponse> {
  return apiFetch<PasswordResetResponse | TwoFactorChallengeResponse>("/api/account/reset-password", {
    method: "POST",
    body: input,
  });
}
