import type { TestWithStats } from "@contract/api";
import { SCHEDULE_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { EndSettingsFields } from "@/components/split-tests/EndSettingsFields";
import { EditFormActions } from "@/features/test-detail/components/EditFormActions";
import { useInlineEditSave } from "@/features/test-detail/use-inline-edit-save";
import { endDraftOf, endInputs, endProblemAt } from "@/lib/split-tests/end-drafts";

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
  const { problem, clearProblem, formRef, busy, handleSubmit } = useInlineEditSave(test, {
    check: () => endProblemAt(draft, Date.now(), test.phaseStartedAt ?? test.createdAt),
    messageOf: (found) => found.message,
    input: () => endInputs(draft),
    saved: SCHEDULE_MESSAGES.saved,
    what: "the end settings",
    onDone,
  });

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-5">
      <EndSettingsFields
        draft={draft}
        onChange={(next) => {
          clearProblem();
          setDraft(next);
        }}
        problem={problem}
      />
      <EditFormActions busy={busy} saveLabel="Save end settings" onCancel={onCancel} />
    </form>
  );
}
