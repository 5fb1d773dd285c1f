import { ApiError, apiFetch, refreshSession } from "@/lib/api";
import type { AuthResponse } from "../../../../../contract/api";

/** The signed-in session, or null for a visitor. An expired access token is refreshed once. */
export async function getCurrentSession(signal?: AbortSignal): Promise<AuthResponse | null> {
  try {
    return await apiFetch<AuthResponse>("/api/auth/me", { signal });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    return refreshSession();
  }
}
