import type { AccountMessageResponse, TwoFactorEnabledResponse, TwoFactorSetupResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

export function setUpTwoFactor(): Promise<TwoFactorSetupResponse> {
  return apiFetch<TwoFactorSetupResponse>("/api/account/2fa/setup", { method: "POST" });
}

export function enableTwoFactor(code: string): Promise<TwoFactorEnabledResponse> {
  return apiFetch<TwoFactorEnabledResponse>("/api/account/2fa/enable", { method: "POST", body: { code } });
}

export function disableTwoFactor(password: string): Promise<AccountMessageResponse> {
  return apiFetch<AccountMessageResponse>("/api/account/2fa", { method: "DELETE", body: { password } });
}
