import type { CustomDomain } from "@contract/api";
import { DOMAIN_MESSAGES } from "@contract/messages";
import { useCallback } from "react";
import { useDomainsQuery } from "@/lib/domains/api/list-domains";
import { type LoadStatus, loadStatus, useQueryFailure } from "@/lib/query";
import { toast } from "@/lib/toast";

/** loading: the first load; failed: the first load failed, nothing to show yet. */
export type DomainListStatus = LoadStatus;

const NONE: CustomDomain[] = [];

function reportLoadFailed(error: Error) {
  console.warn("Could not load the custom domains", error);
  toast.error(DOMAIN_MESSAGES.loadFailed);
}

/**
 * The user's domains, as the domains query has them: a reload (after a change, on focus) keeps the list
 * on screen meanwhile, and a failed one toasts but keeps it too. `retry` loads again after a failed first load.
 */
export function useDomainList() {
  const query = useDomainsQuery();
  useQueryFailure(query, reportLoadFailed);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    status: loadStatus(query),
    domains: query.data?.domains ?? NONE,
    // The host custom domains CNAME to; null until the list arrives. An empty value (an unconfigured
    // Worker) keeps the help panel on its generic wording.
    fallbackHost: query.data?.fallbackOrigin || null,
    retry,
  };
}
