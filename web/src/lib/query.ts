import { QueryClient, type QueryKey, type UseQueryResult } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { RequestError } from "@/lib/api";

/** Tries after a failed load: 1 s, then 2 s later (TanStack's back-off). */
const MAX_RETRIES = 2;

/**
 * Whether a failed load is worth another try: not when the API refused it (4xx: not found, signed out,
 * not allowed), which a second try would not change; a network error or a 5xx may pass on a retry.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return !(error instanceof RequestError && error.status >= 400 && error.status < 500);
}

/**
 * The app's one QueryClient. Data is stale at once (a screen opened again shows what it had while it
 * loads afresh) and loads again when the window regains focus or the network comes back. Requests go out
 * even when the browser thinks it is offline, so a failure shows as it always did instead of waiting.
 * TanStack Query logs nothing; each hook warns about its own failures.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        networkMode: "always",
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

/**
 * After a change on the server: the queries of `keys` (and those under them) that a screen shows load
 * again, keeping what they show meanwhile; those no screen shows are dropped, so a screen opened later
 * loads them afresh rather than showing what the change made wrong. Resolves once the reloads are done.
 */
export async function refreshAfterChange(client: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  for (const queryKey of keys) {
    client.removeQueries({ queryKey, predicate: (query) => query.getObserversCount() === 0 });
  }
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** A query's state as the screens show it: the first load, its failure (nothing to show), or data. */
export type LoadStatus = "loading" | "failed" | "ready";

/** Data in hand is shown, also while it reloads and after a reload failed; else the first load's state. */
export function loadStatus(result: Pick<UseQueryResult, "data" | "isError">): LoadStatus {
  if (result.data !== undefined) return "ready";
  return result.isError ? "failed" : "loading";
}

/**
 * Calls `report` once for each load of `result` that fails from now on (after its retries): not for a
 * failure from before this component mounted, not twice on a re-render.
 */
export function useQueryFailure(
  result: Pick<UseQueryResult, "error" | "errorUpdatedAt" | "isError">,
  report: (error: Error) => void,
): void {
  const reported = useRef(result.errorUpdatedAt);
  const { error, errorUpdatedAt, isError } = result;
  useEffect(() => {
    if (!isError || !error || errorUpdatedAt === reported.current) return;
    reported.current = errorUpdatedAt;
    report(error);
  }, [error, errorUpdatedAt, isError, report]);
}
