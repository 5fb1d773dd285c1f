import type { WebhookEndpoint } from "@contract/api";
import { WEBHOOK_MESSAGES } from "@contract/messages";
import { useCallback, useEffect, useRef, useState } from "react";
import { isAbortError } from "@/lib/is-abort-error";
import { toast } from "@/lib/toast";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";

type WebhookListStatus = "loading" | "ready" | "failed";

/** The user's webhook endpoints; a newer load cancels an older one. */
export function useWebhooks() {
  const [status, setStatus] = useState<WebhookListStatus>("loading");
  const [webhooks, setWebhooks] = useState<WebhookEndpoint[]>([]);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus("loading");
    try {
      setWebhooks(await listWebhooks(controller.signal));
      setStatus("ready");
    } catch (error) {
      if (isAbortError(error)) return;
      console.warn("Could not load the webhook endpoints", error);
      toast.error(WEBHOOK_MESSAGES.loadFailed);
      setStatus("failed");
    }
  }, []);

  useEffect(() => {
    void load();
    return () => inFlight.current?.abort();
  }, [load]);

  const addWebhook = useCallback(
    (webhook: WebhookEndpoint) => setWebhooks((current) => [webhook, ...current]),
    [],
  );
  const dropWebhook = useCallback(
    (webhook: WebhookEndpoint) => setWebhooks((current) => current.filter(({ id }) => id !== webhook.id)),
    [],
  );
  /** After a delivered test event: the endpoint is active again, as the server now has it. */
  const markDelivered = useCallback(
    (id: string, at: number) =>
      setWebhooks((current) =>
        current.map((webhook) =>
          webhook.id === id
            ? { ...webhook, status: "active", failingSince: null, lastSuccessAt: at }
            : webhook,
        ),
      ),
    [],
  );

  return { status, webhooks, retry: load, addWebhook, dropWebhook, markDelivered };
}
