import type { CustomDomain, DomainListResponse } from "@contract/api";
import { useDomainsQuery } from "@/lib/domains/api/list-domains";
import { useQueryFailure } from "@/lib/query";

const NONE: CustomDomain[] = [];

function activeDomains(list: DomainListResponse): CustomDomain[] {
  return list.domains.filter((domain) => domain.verified && domain.status === "active");
}

function warnLoadFailed(error: Error) {
  // Without its domains the form still works on the default domain.
  console.warn("Could not load the custom domains", error);
}

/** The user's verified, active domains: the only ones a test may use. Empty while loading or after a failure. */
export function useActiveDomains(): CustomDomain[] {
  const query = useDomainsQuery(activeDomains);
  useQueryFailure(query, warnLoadFailed);
  return query.data ?? NONE;
}
