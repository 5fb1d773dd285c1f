import type { AuthResponse, ResetPasswordInput, TwoFactorChallengeResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/**
 * Sets a new password from a reset link; the answer is a fresh session (all others are revoked), or
 * for a user with two-factor sign-in a request for their code (the login's code step).
 */
export function resetPassword(input: ResetPasswordInput): Promise<AuthResponse | TwoFactorChallengeResponse> {
  return apiFetch<AuthResponse | TwoFactorChallengeResponse>("/api/account/reset-password", {
    method: "POST",
    body: input,
  });
}
