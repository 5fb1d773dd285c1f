import type { AuthResponse, CheckEmailResponse, SignUpInput } from "@contract/api";
import { currencyOfLocale } from "@contract/currency";
import { apiFetch } from "@/lib/api";

/**
 * Signs up; the new workspace counts revenue in the currency of the browser's locale (changed in
 * Settings). The answer starts no session (the emailed link does), except from an invitation's page: the
 * input carries its token, which proves the invited email and signs the new user in at once.
 */
export function signUp(
  input: SignUpInput,
  locale: string = navigator.language,
): Promise<AuthResponse | CheckEmailResponse> {
  const body: SignUpInput = { ...input, currency: currencyOfLocale(locale) ?? undefined };
  return apiFetch<AuthResponse | CheckEmailResponse>("/api/auth/signup", { method: "POST", body });
}
