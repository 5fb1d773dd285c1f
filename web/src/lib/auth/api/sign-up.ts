import type { AuthResponse, Credentials, SignUpInput } from "@contract/api";
import { currencyOfLocale } from "@contract/currency";
import { apiFetch } from "@/lib/api";

/** Signs up; the new workspace counts revenue in the currency of the browser's locale (changed in Settings). */
export function signUp(credentials: Credentials, locale: string = navigator.language): Promise<AuthResponse> {
  const body: SignUpInput = { ...credentials, currency: currencyOfLocale(locale) ?? undefined };
  return apiFetch<AuthResponse>("/api/auth/signup", { method: "POST", body });
}
