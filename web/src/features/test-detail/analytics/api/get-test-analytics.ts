import type { TestAnalytics, TestAnalyticsResponse } from "@contract/api";
import { apiFetch } from "@/lib/api";

/** Significance, verdict and time series of one of the user's tests, by its slug. */
export async function getTestAnalytics(slug: string, signal?: AbortSignal): Promise<TestAnalytics> {
  const { analytics } = await apiFetch<TestAnalyticsResponse>(
    `/api/tests/${encodeURIComponent(slug)}/analytics`,
    { signal },
  );
  return analytics;
}
