import type { TestAnalytics } from "@contract/api";
import { useCallback, useEffect, useState } from "react";
import { getTestAnalytics } from "@/features/test-detail/analytics/api/get-test-analytics";
import { isAbortError } from "@/lib/is-abort-error";

export type AnalyticsState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; analytics: TestAnalytics; refreshing: boolean };

/**
 * Loads a test's analytics. `retry` starts over with the spinner; `refresh` reloads quietly and keeps the
 * numbers on screen, also when the reload fails.
 */
export function useTestAnalytics(slug: string) {
  const [state, setState] = useState<AnalyticsState>({ status: "loading" });
  const [requestCount, setRequestCount] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: requestCount asks for a fresh load on purpose
  useEffect(() => {
    const controller = new AbortController();
    getTestAnalytics(slug, controller.signal)
      .then((analytics) => setState({ status: "ready", analytics, refreshing: false }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        console.warn("Could not load the analytics", error);
        setState((current) =>
          current.status === "ready" ? { ...current, refreshing: false } : { status: "failed" },
        );
      });
    return () => controller.abort();
  }, [slug, requestCount]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setRequestCount((count) => count + 1);
  }, []);

  const refresh = useCallback(() => {
    setState((current) => (current.status === "ready" ? { ...current, refreshing: true } : current));
    setRequestCount((count) => count + 1);
  }, []);

  return { state, retry, refresh };
}
