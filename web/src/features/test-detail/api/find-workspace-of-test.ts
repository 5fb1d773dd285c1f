import type { Workspace, WorkspaceResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Which of the user's workspaces holds the test; a RequestError with status 404 when none does. */
export async function findWorkspaceOfTest(slug: string, signal?: AbortSignal): Promise<Workspace> {
  const path = `/api/workspaces/by-test/${encodeURIComponent(slug)}`;
  const { workspace } = await apiFetch<WorkspaceResponse>(path, { signal });
  return workspace;
}
