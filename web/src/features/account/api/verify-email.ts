import type { AccountMessageResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Follows the link of a verification email. */
export function verifyEmail(token: string, signal?: AbortSignal): Promise<AccountMessageResponse> {
  return apiFetch<AccountMessageResponse>("/api/account/verify-email", {
    method: "POST",
    body: { token },
    signal,
  });
}
