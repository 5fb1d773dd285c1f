import type { AlertPreferences, AlertPreferencesResponse } from "@contract/api";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiFetch } from "@/lib/api";
import { useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

export async function getAlertPreferences(signal?: AbortSignal): Promise<AlertPreferences> {
  return (await apiFetch<AlertPreferencesResponse>("/api/account/alerts", { signal })).alerts;
}

export async function saveAlertPreferences(alerts: AlertPreferences): Promise<AlertPreferences> {
  return (await apiFetch<AlertPreferencesResponse>("/api/account/alerts", { method: "PUT", body: alerts }))
    .alerts;
}

export type AlertPreferencesState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; alerts: AlertPreferences };

function warnLoadFailed(error: Error) {
  console.warn("Could not load the alert settings", error);
}

/**
 * The signed-in user's alert choices (one query: Settings and the test page read the same); `replace`
 * puts what a save answered (or is about to) in its place.
 */
export function useAlertPreferences() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.alerts,
    queryFn: ({ signal }) => getAlertPreferences(signal),
  });
  useQueryFailure(query, warnLoadFailed);
  const { refetch } = query;

  const retry = useCallback(() => void refetch(), [refetch]);
  const replace = useCallback(
    (alerts: AlertPreferences) => {
      // A load on its way would bring the old choices back.
      void queryClient.cancelQueries({ queryKey: queryKeys.alerts });
      queryClient.setQueryData(queryKeys.alerts, alerts);
    },
    [queryClient],
  );

  const state: AlertPreferencesState =
    query.data !== undefined
      ? { status: "ready", alerts: query.data }
      : query.isError
        ? { status: "failed" }
        : { status: "loading" };
  return { state, retry, replace };
}
