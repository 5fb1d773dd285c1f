import type { TestWithStats, Variant } from "@contract/api";
import { LIFECYCLE_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { pauseTest } from "@/features/test-detail/lifecycle/api/pause-test";
import { promoteWinner } from "@/features/test-detail/lifecycle/api/promote-winner";
import { resumeTest } from "@/features/test-detail/lifecycle/api/resume-test";
import { ApiError } from "@/lib/api";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

export type LifecycleAction = "pause" | "resume" | "promote";

/**
 * Pause, resume and promote with their toasts, one at a time. `onChanged` gets the test as it now stands,
 * or null when it changed elsewhere (a 409: completed meanwhile) and should be loaded again.
 */
export function useLifecycleActions(testId: string, onChanged: (test: TestWithStats | null) => void) {
  const [busy, setBusy] = useState<LifecycleAction | null>(null);

  async function run(action: LifecycleAction, request: () => Promise<TestWithStats>, success: string) {
    if (busy) return false;
    setBusy(action);
    try {
      const test = await request();
      toast.success(success);
      onChanged(test);
      return true;
    } catch (error) {
      console.warn(`Could not ${action} the test`, error);
      toast.error(serverMessage(error) ?? LIFECYCLE_MESSAGES.changeFailed);
      if (error instanceof ApiError && error.status === 409) onChanged(null);
      return false;
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    pause: () => run("pause", () => pauseTest(testId), LIFECYCLE_MESSAGES.paused),
    resume: () => run("resume", () => resumeTest(testId), LIFECYCLE_MESSAGES.resumed),
    promote: (variant: Variant) =>
      run("promote", () => promoteWinner(testId, variant), LIFECYCLE_MESSAGES.promoted(variant)),
  };
}
