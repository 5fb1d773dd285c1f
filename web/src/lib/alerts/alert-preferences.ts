import type { AlertPreferences, AlertPreferencesResponse } from "@contract/api";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "@/lib/api";
import { isAbortError } from "@/lib/is-abort-error";

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

/** The signed-in user's alert choices; `replace` takes what a save answered; a newer load cancels an older one. */
export function useAlertPreferences() {
  const [state, setState] = useState<AlertPreferencesState>({ status: "loading" });
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: "loading" });
    try {
      setState({ status: "ready", alerts: await getAlertPreferences(controller.signal) });
    } catch (error) {
      if (isAbortError(error)) return;
      console.warn("Could not load the alert settings", error);
      setState({ status: "failed" });
    }
  }, []);

  useEffect(() => {
    void load();
    return () => inFlight.current?.abort();
  }, [load]);

  const replace = useCallback((alerts: AlertPreferences) => setState({ status: "ready", alerts }), []);
  return { state, retry: load, replace };
}
