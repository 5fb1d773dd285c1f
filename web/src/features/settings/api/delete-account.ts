import type { AccountMessageResponse, DeleteAccountInput } from "@contract/api";
import { apiFetch } from "@/lib/api";

export function deleteAccount(input: DeleteAccountInput): Promise<AccountMessageResponse> {
  return apiFetch<AccountMessageResponse>("/api/account", { method: "DELETE", body: input });
}
