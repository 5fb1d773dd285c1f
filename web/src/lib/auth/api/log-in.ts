import type { AuthResponse, Credentials, TwoFactorChallengeResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** A session, or (two-factor sign-in on) a request for a code: no session until submitSecondFactor. */
export function logIn(credentials: Credentials): Promise<AuthResponse | TwoFactorChallengeResponse> {
  return apiFetch<AuthResponse | TwoFactorChallengeResponse>("/api/auth/login", {
    method: "POST",
    body: credentials,
  });
}

/** The code of the user's authenticator app, or a recovery code, after a login that asked for one. */
export function submitSecondFactor(code: string): Promise<AuthResponse> {
  return apiFetch<AuthResponse>("/api/auth/2fa", { method: "POST", body: { code } });
}

/** The navigation state that opens the login at its code step (a password reset of such a user). */
export const CODE_STEP_STATE = { codeStep: true } as const;
