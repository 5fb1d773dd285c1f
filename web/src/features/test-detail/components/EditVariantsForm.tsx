import type { TestWithStats } from "@contract/api";
import { VARIANT_MESSAGES } from "@contract/messages";
import { PHASE_MESSAGES } from "@contract/phases";
import { TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { VariantsEditor } from "@/components/split-tests/VariantsEditor";
import { EditFormActions } from "@/features/test-detail/components/EditFormActions";
import { useInlineEditSave } from "@/features/test-detail/use-inline-edit-save";
import { MODE_MESSAGES } from "@/lib/split-tests/mode-messages";
import {
  draftsOf,
  urlProblemsOf,
  variantInputs,
  variantsProblem,
  weightsDraftProblem,
} from "@/lib/split-tests/variant-drafts";

interface EditVariantsFormProps {
  test: TestWithStats;
  /** Saved, or refused because the test changed meanwhile (its first click came): the cache has the news. */
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The create form's variant editor. Once the current phase has counted a click, it says before saving
 * what new URLs or weights will do: start the next phase (docs/split-tests.md, "Phases").
 */
export function EditVariantsForm({ test, onDone, onCancel }: EditVariantsFormProps) {
  const [drafts, setDrafts] = useState(() => draftsOf(test.variants));
  const inputs = variantInputs(drafts);
  const newSplit =
    inputs.length !== test.variants.length ||
    inputs.some((v, i) => v.url !== test.variants[i]?.url || v.weight !== test.variants[i]?.weight);
  const effect =
    test.variantsLocked && (newSplit ? PHASE_MESSAGES.newPhase(test.phase) : PHASE_MESSAGES.namesOnly);

  // The problem found on the last save, shown next to its fields until they change.
  const { problem, clearProblem, formRef, busy, handleSubmit } = useInlineEditSave(test, {
    check: () => variantsProblem(drafts),
    messageOf: (found) => found,
    input: () => ({ variants: inputs }),
    saved: VARIANT_MESSAGES.saved,
    what: "the variants",
    onDone,
  });

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-5">
      <VariantsEditor
        drafts={drafts}
        onChange={(next) => {
          clearProblem();
          setDrafts(next);
        }}
        managedSplit={test.mode === "optimise" ? MODE_MESSAGES.managedSplit : undefined}
        urlProblems={problem ? urlProblemsOf(drafts, problem) : []}
        weightsProblem={problem && problem === weightsDraftProblem(drafts) ? problem : null}
      />
      {effect && (
        <p
          aria-live="polite"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{effect}</span>
        </p>
      )}
      <EditFormActions busy={busy} saveLabel="Save variants" onCancel={onCancel} />
    </form>
  );
}
