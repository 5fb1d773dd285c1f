import type { TestBreakdowns, TestBreakdownsResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Each variant's numbers per device type, operating system, top countries and top referrers. */
export async function getTestBreakdowns(slug: string, signal?: AbortSignal): Promise<TestBreakdowns> {
  const { breakdowns } = await apiFetch<TestBreakdownsResponse>(
    `/api/tests/${encodeURIComponent(slug)}/breakdowns`,
    { signal },
  );
  return breakdowns;
}
