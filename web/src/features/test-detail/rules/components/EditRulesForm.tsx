import type { TestWithStats } from "@contract/api";
import { LIFECYCLE_MESSAGES, RULE_MESSAGES } from "@contract/messages";
import { type FormEvent, useRef, useState } from "react";
import { RulesEditor } from "@/components/split-tests/RulesEditor";
import { EditFormActions } from "@/features/test-detail/components/EditFormActions";
import { useUpdateTest } from "@/features/test-detail/use-update-test";
import { RequestError } from "@/lib/api";
import { focusFirstInvalid } from "@/lib/focus-invalid";
import { serverMessage } from "@/lib/server-message";
import {
  type RulesProblemAt,
  ruleDraftsOf,
  ruleDraftsProblemAt,
  rulesInput,
} from "@/lib/split-tests/rule-drafts";
import { toast } from "@/lib/toast";

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
  const [problem, setProblem] = useState<RulesProblemAt | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateTest(test);
  const busy = update.isPending;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = ruleDraftsProblemAt(drafts, fallbackUrl);
    setProblem(found);
    if (found) {
      toast.error(found.message);
      setTimeout(() => focusFirstInvalid(formRef.current), 0);
      return;
    }
    try {
      await update.mutateAsync(rulesInput(drafts, fallbackUrl));
      toast.success(RULE_MESSAGES.saved);
      onDone();
    } catch (error) {
      console.warn("Could not save the rules", error);
      toast.error(serverMessage(error) ?? LIFECYCLE_MESSAGES.changeFailed);
      if (error instanceof RequestError && error.status === 409) onDone();
    }
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-5">
      <RulesEditor
        drafts={drafts}
        onChange={(next) => {
          setProblem(null);
          setDrafts(next);
        }}
        fallbackUrl={fallbackUrl}
        onFallbackUrlChange={(next) => {
          setProblem(null);
          setFallbackUrl(next);
        }}
        problem={problem}
        experimentLocked={test.variantsLocked ? RULE_MESSAGES.locked : undefined}
      />
      <EditFormActions busy={busy} saveLabel="Save rules" onCancel={onCancel} />
    </form>
  );
}
