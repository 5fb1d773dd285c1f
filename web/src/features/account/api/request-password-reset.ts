import type { AccountMessageResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Answers the same whether or not the email has an account. */
export function requestPasswordReset(email: string): Promise<AccountMessageResponse> {
  return apiFetch<AccountMessageResponse>("/api/account/forgot-password", {
    method: "POST",
    body: { email },
  });
}
