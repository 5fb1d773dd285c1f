import type { EmailVerifiedResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Follows the link of a verification email: in the browser that signed up it signs its user in (unless they sign in with a code). */
export function verifyEmail(token: string, signal?: AbortSignal): Promise<EmailVerifiedResponse> {
  return apiFetch<EmailVerifiedResponse>("/api/account/verify-email", {
    method: "POST",
    body: { token },
    signal,
  });
}
