import type { TrackingSetup, TrackingSetupResponse } from "@contract/api";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

/** While a step is open the checklist asks again this often: it fills itself in as visitors come. */
const OPEN_STEP_REFRESH_MS = 10_000;

function warnLoadFailed(error: Error) {
  console.warn("Could not load the setup checklist", error);
}

function complete(setup: TrackingSetup | undefined): boolean {
  return Boolean(setup?.linkOpenedAt && setup.landingTag && setup.firstConversionAt);
}

/** A test's setup checklist; null while it loads or when it could not load. */
export function useTrackingSetup(slug: string): TrackingSetup | null {
  const query = useQuery({
    queryKey: queryKeys.tests.setup(slug),
    queryFn: async ({ signal }) =>
      (await apiFetch<TrackingSetupResponse>(`/api/tests/${encodeURIComponent(slug)}/setup`, { signal }))
        .setup,
    refetchInterval: (current) => (complete(current.state.data) ? false : OPEN_STEP_REFRESH_MS),
  });
  useQueryFailure(query, warnLoadFailed);
  return query.data ?? null;
}
