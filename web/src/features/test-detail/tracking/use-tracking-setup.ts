import type { TrackingSetup, TrackingSetupResponse } from "@contract/api";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { apiFetch } from "@/lib/api";
import { type LoadStatus, loadStatus, refreshAfterChange, useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

/** While a step is open the checklist asks again this often: it fills itself in as visitors come. */
const OPEN_STEP_REFRESH_MS = 10_000;

function warnLoadFailed(error: Error) {
  console.warn("Could not load the setup checklist", error);
}

function complete(setup: TrackingSetup | undefined): boolean {
  return Boolean(setup?.linkOpenedAt && setup.landingTag && setup.firstConversionAt);
}

/** A test's setup checklist (null while it loads or when it could not load), its load's status and `retry`. */
export function useTrackingSetup(slug: string): {
  setup: TrackingSetup | null;
  status: LoadStatus;
  retry: () => void;
} {
  const query = useQuery({
    queryKey: queryKeys.tests.setup(slug),
    queryFn: async ({ signal }) =>
      (await apiFetch<TrackingSetupResponse>(`/api/tests/${encodeURIComponent(slug)}/setup`, { signal }))
        .setup,
    refetchInterval: (current) => (complete(current.state.data) ? false : OPEN_STEP_REFRESH_MS),
  });
  useQueryFailure(query, warnLoadFailed);
  const setup = query.data ?? null;
  useCountsAfterFirstVisit(slug, setup);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { setup, status: loadStatus(query), retry };
}

/**
 * When the checklist sees the first visitor or the first conversion while the page is open, the test's
 * counts load again too: they would still say nobody came beside a checklist that says someone did (the
 * page does not ask for its counts on a timer, and a click reaches them some seconds after the visit).
 */
function useCountsAfterFirstVisit(slug: string, setup: TrackingSetup | null) {
  const queryClient = useQueryClient();
  const opened = setup?.linkOpenedAt ?? null;
  const converted = setup?.firstConversionAt ?? null;
  const seen = useRef<{ opened: number | null; converted: number | null } | null>(null);
  const loaded = setup !== null;
  useEffect(() => {
    if (!loaded) return;
    const before = seen.current;
    seen.current = { opened, converted };
    if (before && (before.opened !== opened || before.converted !== converted))
      void refreshAfterChange(queryClient, [queryKeys.tests.bySlug(slug)]);
  }, [loaded, opened, converted, queryClient, slug]);
}
