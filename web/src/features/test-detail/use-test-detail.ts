import type { TestWithStats } from "@contract/api";
import { TEST_MESSAGES } from "@contract/messages";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { getTest } from "@/features/test-detail/api/get-test";
import { RequestError } from "@/lib/api";
import { useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";

export type TestDetail =
  | { status: "loading" }
  | { status: "ready"; test: TestWithStats }
  | { status: "not-found" };

const isNotFound = (error: unknown) => error instanceof RequestError && error.status === 404;

/**
 * Loads a test by slug. A test handed over by the create page shows at once while fresh data loads.
 * A failed load with nothing on screen toasts and goes back to the dashboard. Changes to the test
 * (use-update-test, the lifecycle actions) reach it through the query cache.
 */
export function useTestDetail(slug: string, initialTest: TestWithStats | null): TestDetail {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: queryKeys.tests.detail(slug),
    queryFn: ({ signal }) => getTest(slug, signal),
    // Shown at once, and loaded again straight away (it is stale from the start).
    initialData: initialTest ?? undefined,
    initialDataUpdatedAt: 0,
  });
  const hasTest = query.data !== undefined;

  const reportFailure = useCallback(
    (error: Error) => {
      if (isNotFound(error)) return;
      console.warn("Could not load the test", error);
      // The test handed over by the create page, or loaded before, is still good to look at.
      if (hasTest) return;
      toast.error(TEST_MESSAGES.loadFailed);
      navigate("/dashboard", { replace: true });
    },
    [hasTest, navigate],
  );
  useQueryFailure(query, reportFailure);

  if (query.isError && isNotFound(query.error)) return { status: "not-found" };
  if (query.data !== undefined) return { status: "ready", test: query.data };
  return { status: "loading" };
}
