import { useCallback, useEffect, useRef, useState } from "react";
import { isAbortError } from "@/lib/is-abort-error";
import { toast } from "@/lib/toast";

export type LoadedListStatus = "loading" | "ready" | "failed";

/**
 * A list the API gives (the user's API keys, webhook endpoints…), newest first: loaded on mount, again
 * on `retry`; a newer load cancels an older one; a failure is logged and toasted with `failedMessage`.
 * `add` puts a new item first, `drop` takes one out, `update` changes the list as it is.
 */
export function useLoadedList<Item extends { id: string }>(
  list: (signal: AbortSignal) => Promise<Item[]>,
  failedMessage: string,
) {
  const [status, setStatus] = useState<LoadedListStatus>("loading");
  const [items, setItems] = useState<Item[]>([]);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus("loading");
    try {
      setItems(await list(controller.signal));
      setStatus("ready");
    } catch (error) {
      if (isAbortError(error)) return;
      console.warn(failedMessage, error);
      toast.error(failedMessage);
      setStatus("failed");
    }
  }, [list, failedMessage]);

  useEffect(() => {
    void load();
    return () => inFlight.current?.abort();
  }, [load]);

  const add = useCallback((item: Item) => setItems((current) => [item, ...current]), []);
  const drop = useCallback(
    (item: Item) => setItems((current) => current.filter(({ id }) => id !== item.id)),
    [],
  );
  return { status, items, retry: load, add, drop, update: setItems };
}
