import type { TestBreakdowns } from "@contract/api";
import { useCallback, useEffect, useState } from "react";
import { getTestBreakdowns } from "@/features/test-detail/breakdowns/api/get-test-breakdowns";
import { isAbortError } from "@/lib/is-abort-error";

export type BreakdownsState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; breakdowns: TestBreakdowns };

/** Loads a test's breakdowns; `retry` starts over with the spinner. */
export function useTestBreakdowns(slug: string) {
  const [state, setState] = useState<BreakdownsState>({ status: "loading" });
  const [requestCount, setRequestCount] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: requestCount asks for a fresh load on purpose
  useEffect(() => {
    const controller = new AbortController();
    getTestBreakdowns(slug, controller.signal)
      .then((breakdowns) => setState({ status: "ready", breakdowns }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        console.warn("Could not load the breakdowns", error);
        setState({ status: "failed" });
      });
    return () => controller.abort();
  }, [slug, requestCount]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setRequestCount((count) => count + 1);
  }, []);

  return { state, retry };
}
