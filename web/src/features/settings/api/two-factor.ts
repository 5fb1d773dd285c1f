import type { AccountMessageResponse, TwoFactorEnabledResponse, TwoFactorSetupResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

export function setUpTwoFactor(): Promise<TwoFactorSetupResponse> {
  return apiFetch<TwoFactorSetupResponse>("/api/account/2fa/setup", { method: "POST" });
}

export function enableTwoFactor(code: string): Promise<TwoFactorEnabledResponse> {
  return apiFetch<TwoFactorEnabledResponse>("/api/account/2fa/enable", { method: "POST", body: { code } });
}

/** Asks for the password in place (ReauthDialog) when it was not entered in the last 10 minutes. */
export function disableTwoFactor(): Promise<AccountMessageResponse> {
  return apiFetch<AccountMessageResponse>("/api/account/2fa", { method: "DELETE" });
}
