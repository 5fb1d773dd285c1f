import type { AuthResponse } from "@contract/api";
import { apiFetch, RequestError, refreshSession } from "@/lib/api";

/** The signed-in session, or null for a visitor. An expired access token is refreshed once. */
export async function getCurrentSession(signal?: AbortSignal): Promise<AuthResponse | null> {
  // The API sets this readable marker beside its HttpOnly session cookies: without it there is no session.
  if (!document.cookie.split("; ").includes("sl_signed_in=1")) return null;
  try {
    return await apiFetch<AuthResponse>("/api/auth/me", { signal });
  } catch (error) {
    if (!(error instanceof RequestError && error.status === 401)) throw error;
    return refreshSession();
  }
}
