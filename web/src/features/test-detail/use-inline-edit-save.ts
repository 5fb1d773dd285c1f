import type { TestWithStats, UpdateTestRequest } from "@contract/api";
import { LIFECYCLE_MESSAGES } from "@contract/messages";
import { type FormEvent, useRef, useState } from "react";
import { useUpdateTest } from "@/features/test-detail/use-update-test";
import { RequestError } from "@/lib/api";
import { focusFirstInvalid } from "@/lib/focus-invalid";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

interface InlineEditSave<Problem> {
  /** The draft's problem, or null when it can be saved. */
  check: () => Problem | null;
  messageOf: (problem: Problem) => string;
  input: () => UpdateTestRequest;
  /** Said when saved. */
  saved: string;
  /** What is saved, for the console when it fails ("the rules"). */
  what: string;
  /** Saved, or refused because the test changed meanwhile (a 409): the cache has the news. */
  onDone: () => void;
}

/**
 * The save of an inline edit form on the test page (variants, end settings, rules): the draft is
 * checked first, its problem kept for the fields to show until `clearProblem`, and the first invalid
 * field focused; then saved, with a toast either way.
 */
export function useInlineEditSave<Problem>(test: TestWithStats, save: InlineEditSave<Problem>) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateTest(test);
  const busy = update.isPending;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = save.check();
    setProblem(found);
    if (found !== null) {
      toast.error(save.messageOf(found));
      setTimeout(() => focusFirstInvalid(formRef.current), 0);
      return;
    }
    try {
      await update.mutateAsync(save.input());
      toast.success(save.saved);
      save.onDone();
    } catch (error) {
      console.warn(`Could not save ${save.what}`, error);
      toast.error(serverMessage(error) ?? LIFECYCLE_MESSAGES.changeFailed);
      if (error instanceof RequestError && error.status === 409) save.onDone();
    }
  }

  return { problem, clearProblem: () => setProblem(null), formRef, busy, handleSubmit };
}
