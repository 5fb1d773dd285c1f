import { useEffect } from "react";
import { refreshSession } from "@/lib/api";

const TICK_MS = 30_000;
const REFRESH_WHEN_LEFT_MS = 90_000;

/**
 * Refreshes the access token shortly before it expires, so a page left open keeps working.
 * The new expiry reaches the AuthProvider through onSessionRefresh.
 */
export function useSessionAutoRefresh(expiresAt: number | undefined): void {
  useEffect(() => {
    if (expiresAt === undefined) return;
    const timer = setInterval(() => {
      if (expiresAt - Date.now() > REFRESH_WHEN_LEFT_MS) return;
      // A network failure is retried on the next tick; a refused refresh signs out via the listener.
      refreshSession().catch((error: unknown) => console.warn("Session refresh failed", error));
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [expiresAt]);
}
