import type { WorkspaceListResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** The workspaces the user belongs to, the personal one first. */
export function listWorkspaces(signal?: AbortSignal): Promise<WorkspaceListResponse> {
  return apiFetch<WorkspaceListResponse>("/api/workspaces", { signal });
}
