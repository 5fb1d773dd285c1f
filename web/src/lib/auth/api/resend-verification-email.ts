import type { AccountMessageResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

export function resendVerificationEmail(): Promise<AccountMessageResponse> {
  return apiFetch<AccountMessageResponse>("/api/account/verification-email", { method: "POST" });
}
