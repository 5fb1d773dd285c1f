import type { TestWithStats } from "@contract/api";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

/**
 * After the test changed on the server: the test as the API answered (null when it changed meanwhile and
 * has to be loaded again) goes into the cache at once, then the dashboard's list and everything under the
 * test's key (the test, its analytics, its breakdowns) load again.
 */
export function useTestChanged(slug: string): (updated: TestWithStats | null) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    (updated: TestWithStats | null) => {
      if (updated) queryClient.setQueryData(queryKeys.tests.detail(slug), updated);
      return refreshAfterChange(queryClient, [queryKeys.tests.list, queryKeys.tests.bySlug(slug)]);
    },
    [queryClient, slug],
  );
}
