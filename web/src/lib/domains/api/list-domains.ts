import type { DomainListResponse } from "@contract/api";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** The signed-in user's custom domains, newest first, and the host their CNAME records point at. */
export async function getDomainList(signal?: AbortSignal): Promise<DomainListResponse> {
  return apiFetch<DomainListResponse>("/api/domains", { signal });
}

/**
 * The one query of the user's custom domains: the domains page shows them, the create form offers the
 * active ones. `select` picks what a screen needs from the answer.
 */
export function useDomainsQuery<Selected = DomainListResponse>(
  select?: (list: DomainListResponse) => Selected,
) {
  return useQuery({
    queryKey: queryKeys.domains,
    queryFn: ({ signal }) => getDomainList(signal),
    select,
  });
}
