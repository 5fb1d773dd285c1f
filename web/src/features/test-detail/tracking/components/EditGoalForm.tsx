import type { TestWithStats } from "@contract/api";
import { LIFECYCLE_MESSAGES } from "@contract/messages";
import { type FormEvent, useState } from "react";
import { GoalFields } from "@/components/split-tests/GoalFields";
import { EditFormActions } from "@/features/test-detail/components/EditFormActions";
import { useUpdateTest } from "@/features/test-detail/use-update-test";
import { serverMessage } from "@/lib/server-message";
import { goalDraftOf, goalInput, goalProblem } from "@/lib/split-tests/goal-drafts";
import { toast } from "@/lib/toast";

interface EditGoalFormProps {
  test: TestWithStats;
  onDone: () => void;
  onCancel: () => void;
}

/** The goal, changed any time: conversions counted so far stay; new ones follow the new goal. */
export function EditGoalForm({ test, onDone, onCancel }: EditGoalFormProps) {
  const [draft, setDraft] = useState(() => goalDraftOf(test));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateTest(test);
  const busy = update.isPending;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = goalProblem(draft);
    setProblem(found);
    if (found) return;
    try {
      await update.mutateAsync(goalInput(draft));
      toast.success("Goal saved");
      onDone();
    } catch (error) {
      console.warn("Could not save the goal", error);
      setProblem(serverMessage(error) ?? LIFECYCLE_MESSAGES.changeFailed);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4">
      <GoalFields draft={draft} onChange={setDraft} problem={problem} />
      <EditFormActions busy={busy} saveLabel="Save goal" onCancel={onCancel} />
    </form>
  );
}
