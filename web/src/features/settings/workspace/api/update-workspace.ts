import type { WorkspaceNameInput, WorkspaceResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Renames a workspace the user owns. */
export function renameWorkspace(id: string, input: WorkspaceNameInput): Promise<WorkspaceResponse> {
  return apiFetch<WorkspaceResponse>(`/api/workspaces/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: input,
  });
}
