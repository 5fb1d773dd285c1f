import type { CustomDomain, DomainListResponse } from "@contract/api";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

/** The list with a new domain first (once), as the API just returned it; a list not loaded yet starts with it. */
export function withAddedDomain(
  list: DomainListResponse | undefined,
  domain: CustomDomain,
): DomainListResponse {
  const others = (list?.domains ?? []).filter(({ id }) => id !== domain.id);
  return { domains: [domain, ...others], fallbackOrigin: list?.fallbackOrigin ?? "" };
}

/** The list with a listed domain as the API just returned it. */
export function withUpdatedDomain(list: DomainListResponse, domain: CustomDomain): DomainListResponse {
  return { ...list, domains: list.domains.map((listed) => (listed.id === domain.id ? domain : listed)) };
}

/** The list without a domain. */
export function withoutDomain(list: DomainListResponse, domain: CustomDomain): DomainListResponse {
  return { ...list, domains: list.domains.filter(({ id }) => id !== domain.id) };
}

function setDomains(
  client: QueryClient,
  change: (list: DomainListResponse | undefined) => DomainListResponse | undefined,
) {
  // A load on its way could answer with the list from before the change.
  void client.cancelQueries({ queryKey: queryKeys.domains });
  client.setQueryData<DomainListResponse>(queryKeys.domains, change);
}

/**
 * After a change to a domain: the domain as the API answered goes into the cached list at once, then the
 * domains load again (the domains page and the create form's choice). A deleted domain takes its tests
 * back to the default link: the tests load again too.
 */
export function useDomainChanged() {
  const queryClient = useQueryClient();
  const added = useCallback(
    (domain: CustomDomain) => {
      setDomains(queryClient, (list) => withAddedDomain(list, domain));
      return refreshAfterChange(queryClient, [queryKeys.domains]);
    },
    [queryClient],
  );
  const checked = useCallback(
    (domain: CustomDomain | undefined) => {
      if (domain) setDomains(queryClient, (list) => list && withUpdatedDomain(list, domain));
      return refreshAfterChange(queryClient, [queryKeys.domains]);
    },
    [queryClient],
  );
  const deleted = useCallback(
    (domain: CustomDomain) => {
      setDomains(queryClient, (list) => list && withoutDomain(list, domain));
      return refreshAfterChange(queryClient, [queryKeys.domains, queryKeys.tests.all]);
    },
    [queryClient],
  );
  return { added, checked, deleted };
}
