import type { RuleVisits, TestWithStats } from "@contract/api";
import { RULE_MESSAGES } from "@contract/messages";
import { hasExperimentRule, type Rule, ruleSummary } from "@contract/rules";
import { LockIcon } from "lucide-react";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { EditRulesForm } from "@/features/test-detail/rules/components/EditRulesForm";
import { useInlineEditor } from "@/features/test-detail/use-inline-editor";

interface RulesSectionProps {
  test: TestWithStats;
  /** The visits the rules sent to fixed URLs, from the analytics; null until they are loaded. */
  visits: RuleVisits[] | null;
}

/**
 * Who takes part in the test: its audience rules in words, in order. They change while the test runs,
 * except that rules choosing who joins the experiment are fixed from the first counted click, like the weights.
 */
export function RulesSection({ test, visits }: RulesSectionProps) {
  // Into the first rule's first condition, or "Add rule" when there is none.
  const { editing, editButton, sectionRef, stopEditing } = useInlineEditor([
    "select, input",
    "button:not(:disabled)",
  ]);
  const running = test.status !== "completed";
  const frozen = test.variantsLocked && hasExperimentRule(test.rules);
  const editable = running && !frozen;

  return (
    <DetailSection title="Audience rules" action={editable && editButton("Change rules")}>
      <div ref={sectionRef}>
        {editing && editable ? (
          <EditRulesForm test={test} onDone={stopEditing} onCancel={stopEditing} />
        ) : test.rules.length === 0 ? (
          <p className="text-sm">{RULE_MESSAGES.none}</p>
        ) : (
          <div className="grid gap-3 text-sm">
            <ol className="grid list-decimal gap-2 pl-5">
              {test.rules.map((rule, index) => (
                // Rules have no id; their order is what they are.
                // biome-ignore lint/suspicious/noArrayIndexKey: the position is the rule's identity here
                <li key={index} className="break-words">
                  <span>{ruleSummary(rule)}</span>
                  <VisitCount visits={visits} rule={index} url={redirectUrlOf(rule)} />
                </li>
              ))}
            </ol>
            {test.fallbackUrl && hasExperimentRule(test.rules) && (
              <p className="break-words text-muted-foreground">
                <span>{RULE_MESSAGES.fallback(test.fallbackUrl)}</span>
                <VisitCount visits={visits} rule={null} url={test.fallbackUrl} />
              </p>
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

function redirectUrlOf(rule: Rule): string | null {
  return rule.action.type === "redirect" ? rule.action.url : null;
}

/**
 * How many visitors a rule (its position; null for the fallback) sent to its URL. Nothing for a rule
 * that joins the experiment (its visitors are the variants' clicks) or before the analytics arrive.
 */
function VisitCount({
  visits,
  rule,
  url,
}: {
  visits: RuleVisits[] | null;
  rule: number | null;
  url: string | null;
}) {
  if (visits === null || url === null) return null;
  const count = visits.find((row) => row.rule === rule && row.url === url)?.visits ?? 0;
  return (
    <>
      {" · "}
      <span className="text-muted-foreground">{RULE_MESSAGES.visits(count)}</span>
    </>
  );
}
