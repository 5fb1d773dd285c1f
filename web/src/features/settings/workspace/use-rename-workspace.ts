import type { Workspace, WorkspaceListResponse } from "@contract/api";
import { useQueryClient } from "@tanstack/react-query";
import { updateWorkspace } from "@/features/settings/workspace/api/update-workspace";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { useWorkspaceNameChange } from "@/lib/workspaces/use-workspace-name-change";
import { WORKSPACE_SCREEN_MESSAGES } from "@/lib/workspaces/workspace-screen-messages";

/** Renames the workspace; the switcher shows the new name at once. */
export function useRenameWorkspace(workspace: Workspace) {
  const queryClient = useQueryClient();
  return useWorkspaceNameChange(
    (name) => updateWorkspace(workspace.id, { name }),
    WORKSPACE_SCREEN_MESSAGES.renameFailed,
    ({ workspace: renamed }) => {
      queryClient.setQueryData<WorkspaceListResponse>(queryKeys.workspaces, (list) =>
        list
          ? {
              workspaces: list.workspaces.map((each) =>
                each.id === renamed.id ? { ...each, name: renamed.name } : each,
              ),
            }
          : list,
      );
      void refreshAfterChange(queryClient, [queryKeys.workspaces]);
      toast.success(WORKSPACE_SCREEN_MESSAGES.renamed);
    },
  );
}
