import type { QueryClient, QueryKey, UseQueryResult } from "@tanstack/react-query";
import { useCallback } from "react";
import { type LoadStatus, loadStatus, useQueryFailure } from "@/lib/query";
import { toast } from "@/lib/toast";

export type LoadedListStatus = LoadStatus;

/**
 * A list the API gives (the user's API keys, webhook endpoints…), newest first, as its query loads it:
 * `retry` loads it again; each failed load is logged and toasted with `failedMessage`.
 */
export function useLoadedList<Item>(query: UseQueryResult<Item[]>, failedMessage: string) {
  const reportFailure = useCallback(
    (error: Error) => {
      console.warn(failedMessage, error);
      toast.error(failedMessage);
    },
    [failedMessage],
  );
  useQueryFailure(query, reportFailure);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { status: loadStatus(query), items: query.data ?? [], retry };
}

/**
 * Changes a cached list as it is, ahead of the reload that confirms it (a list not loaded stays so). A
 * load on its way is cancelled first: it could answer with the list from before the change.
 */
export function changeList<Item>(client: QueryClient, queryKey: QueryKey, change: (items: Item[]) => Item[]) {
  void client.cancelQueries({ queryKey });
  client.setQueryData<Item[]>(queryKey, (current) => current && change(current));
}

/** Puts a new item first in a cached list. */
export function addToList<Item extends { id: string }>(client: QueryClient, queryKey: QueryKey, item: Item) {
  changeList<Item>(client, queryKey, (items) => [item, ...items.filter(({ id }) => id !== item.id)]);
}

/** Takes an item out of a cached list. */
export function dropFromList<Item extends { id: string }>(
  client: QueryClient,
  queryKey: QueryKey,
  item: Item,
) {
  changeList<Item>(client, queryKey, (items) => items.filter(({ id }) => id !== item.id));
}
