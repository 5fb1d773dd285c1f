import type { ApiKey } from "@contract/api";
import { API_KEY_MESSAGES } from "@contract/messages";
import { useCallback, useEffect, useRef, useState } from "react";
import { listApiKeys } from "@/features/settings/api-keys/api/list-api-keys";
import { isAbortError } from "@/lib/is-abort-error";
import { toast } from "@/lib/toast";

type ApiKeyListStatus = "loading" | "ready" | "failed";

/** The user's API keys; a newer load cancels an older one. */
export function useApiKeys() {
  const [status, setStatus] = useState<ApiKeyListStatus>("loading");
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus("loading");
    try {
      setKeys(await listApiKeys(controller.signal));
      setStatus("ready");
    } catch (error) {
      if (isAbortError(error)) return;
      console.warn("Could not load the API keys", error);
      toast.error(API_KEY_MESSAGES.loadFailed);
      setStatus("failed");
    }
  }, []);

  useEffect(() => {
    void load();
    return () => inFlight.current?.abort();
  }, [load]);

  const addKey = useCallback((key: ApiKey) => setKeys((current) => [key, ...current]), []);
  const dropKey = useCallback(
    (key: ApiKey) => setKeys((current) => current.filter(({ id }) => id !== key.id)),
    [],
  );

  return { status, keys, retry: load, addKey, dropKey };
}
