import type { TestBreakdowns } from "@contract/api";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { getTestBreakdowns } from "@/features/test-detail/breakdowns/api/get-test-breakdowns";
import { useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

export type BreakdownsState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; breakdowns: TestBreakdowns };

function warnLoadFailed(error: Error) {
  console.warn("Could not load the breakdowns", error);
}

/** Loads a test's breakdowns (by a secondary or guardrail `metric`, if named); `retry` starts over with the spinner. */
export function useTestBreakdowns(slug: string, metric: string | null = null) {
  const query = useQuery({
    queryKey: queryKeys.tests.breakdowns(slug, metric),
    queryFn: ({ signal }) => getTestBreakdowns(slug, metric, signal),
  });
  useQueryFailure(query, warnLoadFailed);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  const state: BreakdownsState =
    query.data !== undefined
      ? { status: "ready", breakdowns: query.data }
      : query.isError
        ? { status: "failed" }
        : { status: "loading" };
  return { state, retry };
}
