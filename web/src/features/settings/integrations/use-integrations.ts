import type { IntegrationStatus } from "@contract/api";
import { useQuery } from "@tanstack/react-query";
import { listIntegrations } from "@/features/settings/integrations/api/integrations";
import { useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

function warnLoadFailed(error: Error) {
  console.warn("Could not load the integrations", error);
}

/** The workspace's integrations, the same list for every card. */
export function useIntegrations() {
  const query = useQuery({
    queryKey: queryKeys.integrations.all,
    queryFn: ({ signal }) => listIntegrations(signal),
  });
  useQueryFailure(query, warnLoadFailed);
  return query;
}

/** One integration's row of the list, once loaded. */
export function integrationOf(list: IntegrationStatus[] | undefined, kind: IntegrationStatus["kind"]) {
  return list?.find((row) => row.kind === kind);
}
