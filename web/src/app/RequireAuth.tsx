import { Navigate, Outlet } from "react-router-dom";
import { FullScreenSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/use-auth";
import { WorkspaceProvider } from "@/lib/workspaces/WorkspaceProvider";

/**
 * Layout route for signed-in pages: a visitor goes to /login without leaving this page in the history;
 * a signed-in user works in their current workspace.
 */
export function RequireAuth() {
  const { status, user } = useAuth();
  if (status === "loading") return <FullScreenSpinner />;
  if (status === "signed-out" || !user) return <Navigate to="/login" replace />;
  return (
    // Keyed by the user: another account signing in starts from its own remembered workspace.
    <WorkspaceProvider key={user.id} userId={user.id}>
      <Outlet />
    </WorkspaceProvider>
  );
}
