import { Navigate, Outlet } from "react-router-dom";
import { FullScreenSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/use-auth";

/** Layout route for signed-in pages: a visitor goes to /login without leaving this page in the history. */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === "loading") return <FullScreenSpinner />;
  if (status === "signed-out") return <Navigate to="/login" replace />;
  return <Outlet />;
}
