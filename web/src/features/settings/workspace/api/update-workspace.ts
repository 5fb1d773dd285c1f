import type { WorkspaceResponse, WorkspaceUpdateInput } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Changes a workspace the user owns: its name, its currency, whether it requires two-factor sign-in. */
export function updateWorkspace(id: string, change: WorkspaceUpdateInput): Promise<WorkspaceResponse> {
  return apiFetch<WorkspaceResponse>(`/api/workspaces/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: change,
  });
}
