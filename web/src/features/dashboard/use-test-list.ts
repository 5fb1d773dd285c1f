import type { TestWithStats } from "@contract/api";
import { TEST_MESSAGES } from "@contract/messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { deleteTest } from "@/features/dashboard/api/delete-test";
import { listTests } from "@/features/dashboard/api/list-tests";
import { RequestError } from "@/lib/api";
import { refreshAfterChange, useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";

function warnLoadFailed(error: Error) {
  // The specification only logs a failed load: the list stays empty.
  console.warn("Could not load the tests", error);
}

/** The user's tests, and a delete that takes the test off the list at once and puts it back on failure. */
export function useTestList() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.tests.list,
    queryFn: ({ signal }) => listTests(signal),
  });
  useQueryFailure(query, warnLoadFailed);
  const { mutateAsync: deleteOnServer } = useMutation({ mutationFn: deleteTest });

  const removeTest = useCallback(
    async (test: TestWithStats) => {
      const withoutTest = (current: TestWithStats[] | undefined) =>
        current?.filter(({ id }) => id !== test.id);
      // A load on its way could bring the test back: it is cancelled (synchronously) before the test goes.
      void queryClient.cancelQueries({ queryKey: queryKeys.tests.list });
      queryClient.setQueryData(queryKeys.tests.list, withoutTest);
      const settled = () =>
        refreshAfterChange(queryClient, [
          queryKeys.tests.list,
          queryKeys.tests.bySlug(test.slug),
          queryKeys.tests.slugChecks,
        ]);
      try {
        await deleteOnServer(test.id);
      } catch (error) {
        console.warn("Could not delete the test", error);
        toast.error(TEST_MESSAGES.deleteFailed);
        // A 404 means it is gone already; anything else, it is still there.
        const alreadyGone = error instanceof RequestError && error.status === 404;
        if (!alreadyGone) {
          queryClient.setQueryData(queryKeys.tests.list, (current: TestWithStats[] | undefined) =>
            [...(withoutTest(current) ?? []), test].sort((a, b) => b.createdAt - a.createdAt),
          );
        }
        void settled();
        return;
      }
      toast.success(TEST_MESSAGES.deleted);
      void settled();
    },
    [queryClient, deleteOnServer],
  );

  // Until the first load answers, a spinner; a failed one leaves the list empty.
  return { tests: query.data ?? [], loading: query.data === undefined && !query.isError, removeTest };
}
