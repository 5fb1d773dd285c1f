import type { SiteTagResponse } from "@contract/api";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiFetch } from "@/lib/api";
import { type LoadStatus, loadStatus, useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

function warnLoadFailed(error: Error) {
  console.warn("Could not load the site tag", error);
}

/**
 * The account's site key (Settings and every test page show the same tag): null until it loaded; its
 * load's status, so a screen can tell a failure from a load on its way, and `retry`.
 */
export function useSiteKey(): { siteKey: string | null; status: LoadStatus; retry: () => void } {
  const query = useQuery({
    queryKey: queryKeys.siteTag,
    queryFn: async ({ signal }) =>
      (await apiFetch<SiteTagResponse>("/api/account/site-tag", { signal })).siteKey,
    // It never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
  useQueryFailure(query, warnLoadFailed);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { siteKey: query.data ?? null, status: loadStatus(query), retry };
}
