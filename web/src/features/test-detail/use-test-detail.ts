import type { TestWithStats } from "@contract/api";
import { TEST_MESSAGES } from "@contract/messages";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { getTest } from "@/features/test-detail/api/get-test";
import { ApiError } from "@/lib/api";
import { isAbortError } from "@/lib/is-abort-error";
import { toast } from "@/lib/toast";

export type TestDetail =
  | { status: "loading" }
  | { status: "ready"; test: TestWithStats }
  | { status: "not-found" };

/**
 * Loads a test by slug. A test handed over by the create page shows at once while fresh data loads.
 * A failed load with nothing on screen toasts and goes back to the dashboard. `replaceTest` shows a test
 * the API just answered with; `reload` fetches it again, keeping the current one on screen meanwhile.
 */
export function useTestDetail(slug: string, initialTest: TestWithStats | null) {
  const navigate = useNavigate();
  const [detail, setDetail] = useState<TestDetail>(() =>
    initialTest ? { status: "ready", test: initialTest } : { status: "loading" },
  );
  const [requestCount, setRequestCount] = useState(0);
  const showingTest = initialTest !== null || requestCount > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: requestCount asks for a fresh load on purpose
  useEffect(() => {
    const controller = new AbortController();
    getTest(slug, controller.signal)
      .then((test) => setDetail({ status: "ready", test }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        if (error instanceof ApiError && error.status === 404) {
          setDetail({ status: "not-found" });
          return;
        }
        console.warn("Could not load the test", error);
        // The test handed over by the create page, or loaded before, is still good to look at.
        if (showingTest) return;
        toast.error(TEST_MESSAGES.loadFailed);
        navigate("/dashboard", { replace: true });
      });
    return () => controller.abort();
  }, [slug, showingTest, navigate, requestCount]);

  const replaceTest = useCallback((test: TestWithStats) => setDetail({ status: "ready", test }), []);
  const reload = useCallback(() => setRequestCount((count) => count + 1), []);

  return { detail, replaceTest, reload };
}
