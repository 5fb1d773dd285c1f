import type { TestWithStats } from "@contract/api";
import { RULE_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { RulesEditor } from "@/components/split-tests/RulesEditor";
import { EditFormActions } from "@/features/test-detail/components/EditFormActions";
import { useInlineEditSave } from "@/features/test-detail/use-inline-edit-save";
import { ruleDraftsOf, ruleDraftsProblemAt, rulesInput } from "@/lib/split-tests/rule-drafts";

interface EditRulesFormProps {
  test: TestWithStats;
  /** Saved, or refused because the test changed meanwhile (its first click came): the cache has the news. */
  onDone: () => void;
  onCancel: () => void;
}

/** The create form's rules editor, for a running test; after its first counted click, no rule may join the experiment. */
export function EditRulesForm({ test, onDone, onCancel }: EditRulesFormProps) {
  const [drafts, setDrafts] = useState(() => ruleDraftsOf(test.rules));
  const [fallbackUrl, setFallbackUrl] = useState(test.fallbackUrl ?? "");
  // The problem found on the last save, shown where it is until the rules change.
  const { problem, clearProblem, formRef, busy, handleSubmit } = useInlineEditSave(test, {
    check: () => ruleDraftsProblemAt(drafts, fallbackUrl),
    messageOf: (found) => found.message,
    input: () => rulesInput(drafts, fallbackUrl),
    saved: RULE_MESSAGES.saved,
    what: "the rules",
    onDone,
  });

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-5">
      <RulesEditor
        drafts={drafts}
        onChange={(next) => {
          clearProblem();
          setDrafts(next);
        }}
        fallbackUrl={fallbackUrl}
        onFallbackUrlChange={(next) => {
          clearProblem();
          setFallbackUrl(next);
        }}
        problem={problem}
        experimentLocked={test.variantsLocked ? RULE_MESSAGES.locked : undefined}
      />
      <EditFormActions busy={busy} saveLabel="Save rules" onCancel={onCancel} />
    </form>
  );
}
