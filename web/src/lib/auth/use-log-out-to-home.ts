import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { useAuth } from "@/lib/auth/use-auth";

/** Logs out and lands on the landing page, which renders together with the sign-out. */
export function useLogOutToHome(): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout(() => navigate("/"));
    } catch (error) {
      // The auth layer already told the user.
      console.warn("Logout failed", error);
    }
  }, [logout, navigate]);
}
