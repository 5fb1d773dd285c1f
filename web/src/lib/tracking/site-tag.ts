import type { SiteTagResponse } from "@contract/api";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

function warnLoadFailed(error: Error) {
  console.warn("Could not load the site tag", error);
}

/** The account's site key (Settings and every test page show the same tag); null until it loaded. */
export function useSiteKey(): string | null {
  const query = useQuery({
    queryKey: queryKeys.siteTag,
    queryFn: async ({ signal }) =>
      (await apiFetch<SiteTagResponse>("/api/account/site-tag", { signal })).siteKey,
    // It never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
  useQueryFailure(query, warnLoadFailed);
  return query.data ?? null;
}
