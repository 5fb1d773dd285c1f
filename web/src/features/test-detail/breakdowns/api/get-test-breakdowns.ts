import type { TestBreakdowns, TestBreakdownsResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/**
 * Each variant's numbers per device type, operating system, top countries and top referrers; with
 * `metric`, that secondary or guardrail metric's conversions.
 */
export async function getTestBreakdowns(
  slug: string,
  metric: string | null,
  signal?: AbortSignal,
): Promise<TestBreakdowns> {
  const query = metric ? `?metric=${encodeURIComponent(metric)}` : "";
  const { breakdowns } = await apiFetch<TestBreakdownsResponse>(
    `/api/tests/${encodeURIComponent(slug)}/breakdowns${query}`,
    { signal },
  );
  return breakdowns;
}
