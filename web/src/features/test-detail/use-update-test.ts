import type { TestWithStats, UpdateTestRequest } from "@contract/api";
import { useMutation } from "@tanstack/react-query";
import { updateTest } from "@/features/test-detail/api/update-test";
import { useTestChanged } from "@/features/test-detail/use-test-changed";
import { RequestError } from "@/lib/api";

/**
 * Saves new variants, end settings or rules. The saved test reaches every section through the cache; a
 * 409 (the test changed meanwhile: its first click came, or it completed) loads it again.
 */
export function useUpdateTest(test: TestWithStats) {
  const testChanged = useTestChanged(test.slug);
  return useMutation({
    mutationFn: (input: UpdateTestRequest) => updateTest(test.id, input),
    onSuccess: (updated) => void testChanged(updated),
    onError: (error) => {
      if (error instanceof RequestError && error.status === 409) void testChanged(null);
    },
  });
}
