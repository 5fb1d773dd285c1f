import type { AuthResponse, SignUpInput } from "@contract/api";
import { currencyOfLocale } from "@contract/currency";
import { apiFetch } from "@/lib/api";

/**
 * Signs up; the new workspace counts revenue in the currency of the browser's locale (changed in
 * Settings). From an invitation's page the input carries its token, which verifies the invited email.
 */
export function signUp(input: SignUpInput, locale: string = navigator.language): Promise<AuthResponse> {
  const body: SignUpInput = { ...input, currency: currencyOfLocale(locale) ?? undefined };
  return apiFetch<AuthResponse>("/api/auth/signup", { method: "POST", body });
}
