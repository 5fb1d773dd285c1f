import type { TwoFactorStatusResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Whether the signed-in user's sign-in asks for a code (Settings, and workspaces that require it). */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatusResponse> {
  return apiFetch<TwoFactorStatusResponse>("/api/account/2fa", { signal });
}
