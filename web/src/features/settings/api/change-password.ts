import type { AccountMessageResponse, ChangePasswordInput } from "@contract/api";
import { apiFetch } from "@/lib/api";

export function changePassword(input: ChangePasswordInput): Promise<AccountMessageResponse> {
  return apiFetch<AccountMessageResponse>("/api/account/password", { method: "POST", body: input });
}
