import type { WebhookEndpoint } from "@contract/api";
import { WEBHOOK_MESSAGES } from "@contract/messages";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { changeList, dropFromList, useLoadedList } from "@/lib/use-loaded-list";
import { useWebhookList } from "@/lib/webhooks/list-webhooks";

/** The user's webhook endpoints: the same query the test page's end section reads. */
export function useWebhooks() {
  const { status, items, retry } = useLoadedList(useWebhookList(), WEBHOOK_MESSAGES.loadFailed);
  return { status, webhooks: items, retry };
}

/** After a delete (or a 404: deleted already): off the list at once, then the endpoints load again. */
export function useWebhookDeleted(): (webhook: WebhookEndpoint) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (webhook: WebhookEndpoint) => {
      dropFromList(queryClient, queryKeys.webhooks.list, webhook);
      void refreshAfterChange(queryClient, [
        queryKeys.webhooks.list,
        queryKeys.webhooks.deliveries(webhook.id),
      ]);
    },
    [queryClient],
  );
}

/** After a delivered test event: the endpoint is active again, as the server now has it. */
export function markDelivered(list: WebhookEndpoint[], id: string, at: number): WebhookEndpoint[] {
  return list.map((webhook) =>
    webhook.id === id
      ? { ...webhook, status: "active" as const, failingSince: null, lastSuccessAt: at }
      : webhook,
  );
}

/** Applies `markDelivered` to the cached list. */
export function useMarkDelivered(): (id: string, at: number) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string, at: number) =>
      changeList<WebhookEndpoint>(queryClient, queryKeys.webhooks.list, (list) =>
        markDelivered(list, id, at),
      ),
    [queryClient],
  );
}
