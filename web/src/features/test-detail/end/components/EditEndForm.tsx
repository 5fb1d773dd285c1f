import type { TestWithStats } from "@contract/api";
import { LIFECYCLE_MESSAGES, SCHEDULE_MESSAGES } from "@contract/messages";
import { type FormEvent, useRef, useState } from "react";
import { EndSettingsFields } from "@/components/split-tests/EndSettingsFields";
import { EditFormActions } from "@/features/test-detail/components/EditFormActions";
import { useUpdateTest } from "@/features/test-detail/use-update-test";
import { RequestError } from "@/lib/api";
import { focusFirstInvalid } from "@/lib/focus-invalid";
import { serverMessage } from "@/lib/server-message";
import { endDraftOf, endInputs, endProblemAt } from "@/lib/split-tests/end-drafts";
import { toast } from "@/lib/toast";

interface EditEndFormProps {
  test: TestWithStats;
  /** Saved, or refused because the test changed meanwhile (it completed): the cache has the news. */
  onDone: () => void;
  onCancel: () => void;
}

/** The create form's end settings, for a running test. */
export function EditEndForm({ test, onDone, onCancel }: EditEndFormProps) {
  const [draft, setDraft] = useState(() => endDraftOf(test));
  // The problem found on the last save, shown under its field until the settings change.
  const [problem, setProblem] = useState<ReturnType<typeof endProblemAt>>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateTest(test);
  const busy = update.isPending;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = endProblemAt(draft);
    setProblem(found);
    if (found) {
      toast.error(found.message);
      setTimeout(() => focusFirstInvalid(formRef.current), 0);
      return;
    }
    try {
      await update.mutateAsync(endInputs(draft));
      toast.success(SCHEDULE_MESSAGES.saved);
      onDone();
    } catch (error) {
      console.warn("Could not save the end settings", error);
      toast.error(serverMessage(error) ?? LIFECYCLE_MESSAGES.changeFailed);
      if (error instanceof RequestError && error.status === 409) onDone();
    }
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-5">
      <EndSettingsFields
        draft={draft}
        onChange={(next) => {
          setProblem(null);
          setDraft(next);
        }}
        problem={problem}
      />
      <EditFormActions busy={busy} saveLabel="Save end settings" onCancel={onCancel} />
    </form>
  );
}
