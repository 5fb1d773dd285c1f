import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { listDeliveries } from "@/features/settings/webhooks/api/list-deliveries";
import { loadStatus, useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

function warnLoadFailed(error: Error) {
  console.warn("Could not load the delivery log", error);
}

/** One endpoint's delivery log, loaded while it is shown; a test event loads it again (use-send-test-event). */
export function useDeliveries(webhookId: string) {
  const query = useQuery({
    queryKey: queryKeys.webhooks.deliveries(webhookId),
    queryFn: ({ signal }) => listDeliveries(webhookId, signal),
  });
  useQueryFailure(query, warnLoadFailed);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { status: loadStatus(query), deliveries: query.data ?? [], retry };
}
