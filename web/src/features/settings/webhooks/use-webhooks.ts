import { WEBHOOK_MESSAGES } from "@contract/messages";
import { useCallback } from "react";
import { useLoadedList } from "@/lib/use-loaded-list";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";

/** The user's webhook endpoints; a newer load cancels an older one. */
export function useWebhooks() {
  const { status, items, retry, add, drop, update } = useLoadedList(
    listWebhooks,
    WEBHOOK_MESSAGES.loadFailed,
  );
  /** After a delivered test event: the endpoint is active again, as the server now has it. */
  const markDelivered = useCallback(
    (id: string, at: number) =>
      update((current) =>
        current.map((webhook) =>
          webhook.id === id
            ? { ...webhook, status: "active" as const, failingSince: null, lastSuccessAt: at }
            : webhook,
        ),
      ),
    [update],
  );
  return { status, webhooks: items, retry, addWebhook: add, dropWebhook: drop, markDelivered };
}
