import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { listInvitations, listMembers } from "@/features/settings/members/api/members";
import { loadStatus, refreshAfterChange, useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";
import { MEMBER_SCREEN_MESSAGES } from "@/lib/workspaces/member-screen-messages";

/** The workspace's members; and, for an owner, its open invitations. */
export function useMembers(workspaceId: string, userId: string) {
  const members = useQuery({
    queryKey: queryKeys.workspaceMembers(workspaceId),
    queryFn: ({ signal }) => listMembers(workspaceId, signal),
    enabled: workspaceId !== "",
  });
  const myRole = members.data?.find((member) => member.userId === userId)?.role;
  const invitations = useQuery({
    queryKey: queryKeys.workspaceInvitations(workspaceId),
    queryFn: ({ signal }) => listInvitations(workspaceId, signal),
    enabled: myRole === "owner",
  });
  const report = useCallback((error: Error) => {
    console.warn("Could not load the members", error);
    toast.error(MEMBER_SCREEN_MESSAGES.loadFailed);
  }, []);
  useQueryFailure(members, report);
  return {
    status: loadStatus(members),
    members: members.data ?? [],
    invitations: invitations.data ?? [],
    myRole,
    retry: () => void members.refetch(),
  };
}

/**
 * Runs a change, toasts its outcome, then reloads the members and invitations. An action that answers
 * `false` did not happen and has said why itself (a refusal shown under its field): no toast.
 */
export function useMemberAction(workspaceId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
      try {
        if ((await action()) === false) return false;
        toast.success(done);
        return true;
      } catch (error) {
        console.warn("A member change failed", error);
        toast.error(serverMessage(error) ?? MEMBER_SCREEN_MESSAGES.actionFailed);
        return false;
      } finally {
        void refreshAfterChange(queryClient, [
          queryKeys.workspaceMembers(workspaceId),
          queryKeys.workspaceInvitations(workspaceId),
        ]);
      }
    },
    [queryClient, workspaceId],
  );
}
