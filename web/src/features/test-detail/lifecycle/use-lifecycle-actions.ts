import type { TestWithStats, Variant } from "@contract/api";
import { LIFECYCLE_MESSAGES } from "@contract/messages";
import { labelWithName, nameOf } from "@contract/variants";
import { useMutation } from "@tanstack/react-query";
import { pauseTest } from "@/features/test-detail/lifecycle/api/pause-test";
import { promoteWinner } from "@/features/test-detail/lifecycle/api/promote-winner";
import { resumeTest } from "@/features/test-detail/lifecycle/api/resume-test";
import { useTestChanged } from "@/features/test-detail/use-test-changed";
import { RequestError } from "@/lib/api";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

export type LifecycleAction = "pause" | "resume" | "promote";

type LifecycleRequest = { action: "pause" } | { action: "resume" } | { action: "promote"; variant: Variant };

function send(testId: string, request: LifecycleRequest): Promise<TestWithStats> {
  switch (request.action) {
    case "pause":
      return pauseTest(testId);
    case "resume":
      return resumeTest(testId);
    case "promote":
      return promoteWinner(testId, request.variant);
  }
}

const isConflict = (error: unknown) => error instanceof RequestError && error.status === 409;

/**
 * Pause, resume and promote with their toasts, one at a time. The test as it now stands reaches every
 * section through the cache (a 409, completed meanwhile, loads it again); `onChanged` gets it too, or
 * null after a 409, for what the page does besides (keeping keyboard focus).
 */
export function useLifecycleActions(test: TestWithStats, onChanged: (test: TestWithStats | null) => void) {
  const testChanged = useTestChanged(test.slug);
  const mutation = useMutation({
    mutationFn: (request: LifecycleRequest) => send(test.id, request),
    onSuccess: (updated) => void testChanged(updated),
    onError: (error) => {
      if (isConflict(error)) void testChanged(null);
    },
  });
  const busy: LifecycleAction | null = mutation.isPending ? (mutation.variables?.action ?? null) : null;

  async function run(request: LifecycleRequest, success: string) {
    if (busy) return false;
    try {
      const updated = await mutation.mutateAsync(request);
      toast.success(success);
      onChanged(updated);
      return true;
    } catch (error) {
      console.warn(`Could not ${request.action} the test`, error);
      toast.error(serverMessage(error) ?? LIFECYCLE_MESSAGES.changeFailed);
      if (isConflict(error)) onChanged(null);
      return false;
    }
  }

  return {
    busy,
    pause: () => run({ action: "pause" }, LIFECYCLE_MESSAGES.paused),
    resume: () => run({ action: "resume" }, LIFECYCLE_MESSAGES.resumed),
    promote: (variant: Variant) =>
      run(
        { action: "promote", variant },
        LIFECYCLE_MESSAGES.promoted(labelWithName(variant, nameOf(test.variants, variant))),
      ),
  };
}
