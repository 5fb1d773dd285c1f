import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { getTestHistory } from "@/features/test-detail/history/api/get-test-history";
import { loadStatus, useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

function warnLoadFailed(error: Error) {
  console.warn("Could not load the history", error);
}

/** Loads a test's history; under the test's key, so it reloads with every change to the test. */
export function useTestHistory(slug: string) {
  const query = useQuery({
    queryKey: queryKeys.tests.history(slug),
    queryFn: ({ signal }) => getTestHistory(slug, signal),
  });
  useQueryFailure(query, warnLoadFailed);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { status: loadStatus(query), events: query.data ?? [], retry };
}
