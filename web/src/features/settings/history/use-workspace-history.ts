import { useInfiniteQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { getWorkspaceHistory } from "@/features/settings/history/api/get-workspace-history";
import { loadStatus, useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

function warnLoadFailed(error: Error) {
  console.warn("Could not load the activity log", error);
}

/** The workspace's activity log, a page at a time; `showMore` loads the next older page. */
export function useWorkspaceHistory() {
  const query = useInfiniteQuery({
    queryKey: queryKeys.workspaceHistory,
    queryFn: ({ pageParam, signal }) => getWorkspaceHistory(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  });
  useQueryFailure(query, warnLoadFailed);
  const { refetch, fetchNextPage } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  const showMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return {
    status: loadStatus(query),
    events: query.data?.pages.flatMap((page) => page.events) ?? [],
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
    retry,
    showMore,
  };
}
