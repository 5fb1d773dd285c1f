import type { TestWithStats } from "@contract/api";
import { RULE_MESSAGES } from "@contract/messages";
import { hasExperimentRule, ruleSummary } from "@contract/rules";
import { LockIcon, PencilIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { EditRulesForm } from "@/features/test-detail/rules/components/EditRulesForm";
import { useInlineEditor } from "@/features/test-detail/use-inline-editor";

interface RulesSectionProps {
  test: TestWithStats;
  /** The test as the API now has it, or null when it should be loaded again. */
  onTestChange: (test: TestWithStats | null) => void;
}

/**
 * Who takes part in the test: its audience rules in words, in order. They change while the test runs,
 * except that rules choosing who joins the experiment are fixed from the first counted click, like the weights.
 */
export function RulesSection({ test, onTestChange }: RulesSectionProps) {
  // Into the first rule's first condition, or "Add rule" when there is none.
  const { editing, editButton, sectionRef, startEditing, stopEditing } = useInlineEditor([
    "select, input",
    "button:not(:disabled)",
  ]);
  const running = test.status !== "completed";
  const frozen = test.variantsLocked && hasExperimentRule(test.rules);
  const editable = running && !frozen;

  return (
    <DetailSection
      title="Audience rules"
      action={
        editable &&
        !editing && (
          <Button ref={editButton} variant="outline" size="sm" onClick={startEditing}>
            <PencilIcon aria-hidden />
            Change rules
          </Button>
        )
      }
    >
      <div ref={sectionRef}>
        {editing && editable ? (
          <EditRulesForm
            test={test}
            onDone={(updated) => {
              stopEditing();
              onTestChange(updated);
            }}
            onCancel={stopEditing}
          />
        ) : test.rules.length === 0 ? (
          <p className="text-sm">{RULE_MESSAGES.none}</p>
        ) : (
          <div className="grid gap-3 text-sm">
            <ol className="grid list-decimal gap-2 pl-5">
              {test.rules.map((rule, index) => (
                // Rules have no id; their order is what they are.
                // biome-ignore lint/suspicious/noArrayIndexKey: the position is the rule's identity here
                <li key={index} className="break-words">
                  {ruleSummary(rule)}
                </li>
              ))}
            </ol>
            {test.fallbackUrl && hasExperimentRule(test.rules) && (
              <p className="break-words text-muted-foreground">{RULE_MESSAGES.fallback(test.fallbackUrl)}</p>
            )}
          </div>
        )}
        {frozen && running && (
          <p className="mt-4 flex items-start gap-2 rounded-lg border bg-muted px-3 py-2 text-muted-foreground text-sm">
            <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{RULE_MESSAGES.frozen}</span>
          </p>
        )}
      </div>
    </DetailSection>
  );
}
