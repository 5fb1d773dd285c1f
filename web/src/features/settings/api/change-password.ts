import type { ChangePasswordInput, PasswordChangedResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

export function changePassword(input: ChangePasswordInput): Promise<PasswordChangedResponse> {
  return apiFetch<PasswordChangedResponse>("/api/account/password", { method: "POST", body: input });
}
