import type { WorkspaceHistoryResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** A page of the workspace's activity log, newest first: the page before `before` (an event id), or the newest. */
export function getWorkspaceHistory(before: number | null, signal?: AbortSignal) {
  const query = before === null ? "" : `?before=${before}`;
  return apiFetch<WorkspaceHistoryResponse>(`/api/workspace/history${query}`, { signal });
}
