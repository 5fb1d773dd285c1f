import type { WebhookDelivery } from "@contract/api";
import { useCallback, useEffect, useRef, useState } from "react";
import { listDeliveries } from "@/features/settings/webhooks/api/list-deliveries";
import { isAbortError } from "@/lib/is-abort-error";

type DeliveriesStatus = "loading" | "ready" | "failed";

/** One endpoint's delivery log, loaded while it is shown, and again whenever `version` changes (a test event). */
export function useDeliveries(webhookId: string, version: number) {
  const [status, setStatus] = useState<DeliveriesStatus>("loading");
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>([]);
  const inFlight = useRef<AbortController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version asks for a fresh load
  const load = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      setDeliveries(await listDeliveries(webhookId, controller.signal));
      setStatus("ready");
    } catch (error) {
      if (isAbortError(error)) return;
      console.warn("Could not load the delivery log", error);
      setStatus("failed");
    }
  }, [webhookId, version]);

  useEffect(() => {
    void load();
    return () => inFlight.current?.abort();
  }, [load]);

  return { status, deliveries, retry: load };
}
