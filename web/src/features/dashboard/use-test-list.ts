import type { TestWithStats } from "@contract/api";
import { TEST_MESSAGES } from "@contract/messages";
import { useCallback, useEffect, useState } from "react";
import { deleteTest } from "@/features/dashboard/api/delete-test";
import { listTests } from "@/features/dashboard/api/list-tests";
import { ApiError } from "@/lib/api";
import { isAbortError } from "@/lib/is-abort-error";
import { toast } from "@/lib/toast";

/** The user's tests, and a delete that takes the test off the list at once and puts it back on failure. */
export function useTestList() {
  const [tests, setTests] = useState<TestWithStats[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    listTests(controller.signal)
      .then(setTests)
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        // The specification only logs a failed load: the list stays empty.
        console.warn("Could not load the tests", error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const removeTest = useCallback(async (test: TestWithStats) => {
    setTests((current) => current.filter(({ id }) => id !== test.id));
    try {
      await deleteTest(test.id);
    } catch (error) {
      console.warn("Could not delete the test", error);
      toast.error(TEST_MESSAGES.deleteFailed);
      // A 404 means it is gone already; anything else, it is still there.
      const alreadyGone = error instanceof ApiError && error.status === 404;
      if (!alreadyGone) setTests((current) => [...current, test].sort((a, b) => b.createdAt - a.createdAt));
      return;
    }
    toast.success(TEST_MESSAGES.deleted);
  }, []);

  return { tests, loading, removeTest };
}
