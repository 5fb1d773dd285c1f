import type { Workspace, WorkspaceListResponse } from "@contract/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteWorkspace } from "@/features/settings/workspace/api/delete-workspace";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspaces/use-workspace";
import { WORKSPACE_SCREEN_MESSAGES } from "@/lib/workspaces/workspace-screen-messages";

/** Deletes the current workspace, then works in the personal one. */
export function useDeleteWorkspace(workspace: Workspace) {
  const queryClient = useQueryClient();
  const { workspaces, switchTo } = useWorkspace();
  const mutation = useMutation({ mutationFn: () => deleteWorkspace(workspace.id) });

  async function remove(): Promise<string | null> {
    if (mutation.isPending) return null;
    try {
      await mutation.mutateAsync();
    } catch (error) {
      console.warn("Could not delete the workspace", error);
      return serverMessage(error) ?? WORKSPACE_SCREEN_MESSAGES.deleteFailed;
    }
    queryClient.setQueryData<WorkspaceListResponse>(queryKeys.workspaces, (list) =>
      list ? { workspaces: list.workspaces.filter((each) => each.id !== workspace.id) } : list,
    );
    void refreshAfterChange(queryClient, [queryKeys.workspaces]);
    toast.success(WORKSPACE_SCREEN_MESSAGES.deleted(workspace.name));
    const personal = workspaces.find((each) => each.personal);
    if (personal) switchTo(personal.id);
    return null;
  }

  return { busy: mutation.isPending, remove };
}
