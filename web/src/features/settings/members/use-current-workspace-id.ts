import { useAuth } from "@/lib/auth/use-auth";

/**
 * The workspace Settings › Members shows. Until the header's workspace switcher lands (issue #34,
 * ws-web), the personal workspace, whose id is the signed-in user's id; the integrator replaces this
 * with the switcher's hook.
 */
export function useCurrentWorkspaceId(): string {
  return useAuth().user?.id ?? "";
}
