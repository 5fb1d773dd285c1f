import type { TestAnalytics } from "@contract/api";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { getTestAnalytics } from "@/features/test-detail/analytics/api/get-test-analytics";
import { useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

export type AnalyticsState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; analytics: TestAnalytics; refreshing: boolean };

function warnLoadFailed(error: Error) {
  console.warn("Could not load the analytics", error);
}

/**
 * Loads a test's analytics. `retry` starts over with the spinner; `refresh` reloads quietly and keeps the
 * numbers on screen, also when the reload fails. A change to the test reloads them the same quiet way.
 */
export function useTestAnalytics(slug: string) {
  const query = useQuery({
    queryKey: queryKeys.tests.analytics(slug),
    queryFn: ({ signal }) => getTestAnalytics(slug, signal),
  });
  useQueryFailure(query, warnLoadFailed);
  const { refetch } = query;

  // Only offered once the first load failed: with nothing to keep, the reload shows the spinner.
  const retry = useCallback(() => void refetch(), [refetch]);
  const refresh = useCallback(() => void refetch(), [refetch]);

  const state: AnalyticsState =
    query.data !== undefined
      ? { status: "ready", analytics: query.data, refreshing: query.isFetching }
      : query.isError
        ? { status: "failed" }
        : { status: "loading" };
  return { state, retry, refresh };
}
