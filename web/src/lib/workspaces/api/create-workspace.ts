import type { WorkspaceNameInput, WorkspaceResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** A new workspace, owned by the user. */
export function createWorkspace(input: WorkspaceNameInput): Promise<WorkspaceResponse> {
  return apiFetch<WorkspaceResponse>("/api/workspaces", { method: "POST", body: input });
}
