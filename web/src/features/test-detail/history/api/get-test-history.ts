import type { HistoryEvent, TestHistoryResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** A test's changes and who made them, newest first. */
export async function getTestHistory(slug: string, signal?: AbortSignal): Promise<HistoryEvent[]> {
  const { events } = await apiFetch<TestHistoryResponse>(`/api/tests/${encodeURIComponent(slug)}/history`, {
    signal,
  });
  return events;
}
