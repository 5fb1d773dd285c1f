import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { useAuth } from "@/features/auth/use-auth";

/** Logs out and lands on the landing page. */
export function useLogOutToHome(): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      // The auth layer already told the user.
      console.warn("Logout failed", error);
      return;
    }
    // Render "/" synchronously, before the cleared user reaches the route guard: the guard would
    // otherwise see a signed-out visitor on a protected page and send them to /login instead.
    navigate("/", { flushSync: true });
  }, [logout, navigate]);
}
