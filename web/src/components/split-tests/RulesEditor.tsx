import { RULE_MESSAGES } from "@contract/messages";
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useId, useRef } from "react";
import { RuleConditionField } from "@/components/split-tests/RuleConditionField";
import { TextField } from "@/components/TextField";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  canAddCondition,
  canAddRule,
  draftSummary,
  moved,
  newRuleDraft,
  nextConditionDraft,
  type RuleDraft,
  type RulesProblemAt,
} from "@/lib/split-tests/rule-drafts";

interface RulesEditorProps {
  drafts: readonly RuleDraft[];
  onChange: (drafts: RuleDraft[]) => void;
  fallbackUrl: string;
  onFallbackUrlChange: (url: string) => void;
  /** Set when no rule may join the experiment any more (the test has counted clicks): said beside that choice. */
  experimentLocked?: string;
  /** The first problem with the rules, shown where it is; null or absent when nothing. */
  problem?: RulesProblemAt | null;
}

const ACTIONS: { value: RuleDraft["action"]; label: string }[] = [
  { value: "redirect", label: "Send to a fixed URL" },
  { value: "experiment", label: "Join the experiment" },
];

/**
 * A test's audience rules, in order: each a few conditions that must all match and what happens then,
 * with the rule in words as it is typed. Used by the create form and by the test page.
 */
export function RulesEditor({
  drafts,
  onChange,
  fallbackUrl,
  onFallbackUrlChange,
  experimentLocked,
  problem,
}: RulesEditorProps) {
  const editor = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const joins = drafts.some((draft) => draft.action === "experiment");

  /**
   * Focuses the first of these controls (by accessible name) that is there and enabled once React drew
   * the change, else the "Add rule" button.
   */
  function focusLater(...names: string[]) {
    setTimeout(() => {
      const element = names
        .map((name) => editor.current?.querySelector<HTMLButtonElement>(`[aria-label="${name}"]`))
        .find((found) => found && !found.disabled);
      (element ?? addButton.current)?.focus();
    }, 0);
  }

  const update = (key: number, change: Partial<RuleDraft>) =>
    onChange(drafts.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));

  function addRule() {
    onChange([...drafts, newRuleDraft()]);
    focusLater(`Rule ${drafts.length + 1}, condition 1`);
  }

  function removeRule(index: number) {
    onChange(drafts.filter((_, i) => i !== index));
    // The removed rule's buttons leave with it: the rule above, else the one that moved up, else "Add rule".
    focusLater(`Rule ${Math.max(index, 1)}, condition 1`);
  }

  function moveRule(index: number, by: -1 | 1) {
    onChange(moved(drafts, index, by));
    const to = index + by + 1;
    // Focus follows the rule; at the top or bottom its button disables itself, so the other one takes over.
    focusLater(`Move rule ${to} ${by < 0 ? "up" : "down"}`, `Move rule ${to} ${by < 0 ? "down" : "up"}`);
  }

  function addCondition(rule: RuleDraft, index: number) {
    update(rule.key, { conditions: [...rule.conditions, nextConditionDraft(rule)] });
    focusLater(`Rule ${index + 1}, condition ${rule.conditions.length + 1}`);
  }

  function removeCondition(rule: RuleDraft, index: number, position: number) {
    update(rule.key, { conditions: rule.conditions.filter((_, i) => i !== position) });
    focusLater(`Rule ${index + 1}, condition ${Math.max(position, 1)}`);
  }

  return (
    <div ref={editor} className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        {drafts.length === 0 ? `${RULE_MESSAGES.none} ` : ""}
        {RULE_MESSAGES.order}
      </p>
      {drafts.map((rule, index) => {
        const number = index + 1;
        const headingId = `${id}-rule-${rule.key}`;
        const ruleProblem =
          problem && problem.field !== "fallback" && problem.rule === index ? problem : null;
        const problemId = `${id}-problem`;
        return (
          <fieldset
            key={rule.key}
            aria-labelledby={headingId}
            aria-describedby={ruleProblem?.field === "rule" ? problemId : undefined}
            className="grid min-w-0 gap-3 rounded-lg border p-3 sm:p-4"
          >
            <div className="flex items-center justify-between gap-2">
              <p id={headingId} className="font-medium text-sm">
                Rule {number}
              </p>
              <div className="flex shrink-0 gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move rule ${number} up`}
                  title={`Move rule ${number} up`}
                  disabled={index === 0}
                  onClick={() => moveRule(index, -1)}
                >
                  <ArrowUpIcon aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move rule ${number} down`}
                  title={`Move rule ${number} down`}
                  disabled={index === drafts.length - 1}
                  onClick={() => moveRule(index, 1)}
                >
                  <ArrowDownIcon aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove rule ${number}`}
                  title={`Remove rule ${number}`}
                  onClick={() => removeRule(index)}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </div>
            </div>
            <p className="break-words rounded-md bg-muted px-3 py-2 text-sm" data-testid="rule-summary">
              {draftSummary(rule)}
            </p>
            <div className="grid gap-2">
              <p className="text-muted-foreground text-xs">Visitors who match all of these:</p>
              {rule.conditions.map((condition, position) => (
                <RuleConditionField
                  key={condition.key}
                  name={`Rule ${number}, condition ${position + 1}`}
                  condition={condition}
                  onChange={(changed) =>
                    update(rule.key, {
                      conditions: rule.conditions.map((c) => (c.key === condition.key ? changed : c)),
                    })
                  }
                  onRemove={
                    rule.conditions.length > 1 ? () => removeCondition(rule, index, position) : undefined
                  }
                  problemId={
                    ruleProblem?.field === "condition" && ruleProblem.condition === position
                      ? problemId
                      : undefined
                  }
                />
              ))}
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!canAddCondition(rule)}
                  aria-label={`Add condition to rule ${number}`}
                  onClick={() => addCondition(rule, index)}
                >
                  <PlusIcon aria-hidden />
                  Add condition
                </Button>
              </div>
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-muted-foreground text-xs">Then</legend>
              {ACTIONS.map((action) => {
                const locked =
                  action.value === "experiment" && experimentLocked && rule.action !== "experiment";
                return (
                  <label key={action.value} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`${id}-action-${rule.key}`}
                      value={action.value}
                      checked={rule.action === action.value}
                      disabled={Boolean(locked)}
                      aria-describedby={locked ? `${id}-locked` : undefined}
                      onChange={() => update(rule.key, { action: action.value })}
                      className="size-4 accent-primary"
                    />
                    <span className={locked ? "text-muted-foreground" : undefined}>{action.label}</span>
                  </label>
                );
              })}
              {rule.action === "redirect" && (
                <Input
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  aria-label={`Rule ${number}, URL to send to`}
                  aria-invalid={ruleProblem?.field === "url" ? true : undefined}
                  aria-describedby={ruleProblem?.field === "url" ? problemId : undefined}
                  value={rule.url}
                  onChange={(event) => update(rule.key, { url: event.target.value })}
                />
              )}
            </fieldset>
            {ruleProblem && (
              <p id={problemId} className="text-destructive text-xs">
                {ruleProblem.message}
              </p>
            )}
          </fieldset>
        );
      })}
      {experimentLocked && drafts.length > 0 && (
        <p id={`${id}-locked`} className="text-muted-foreground text-xs">
          {experimentLocked}
        </p>
      )}
      {joins && (
        <TextField
          label="Fallback URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          required
          value={fallbackUrl}
          onChange={(event) => onFallbackUrlChange(event.target.value)}
          problem={problem?.field === "fallback" ? problem.message : null}
          hint="Where visitors who match no rule go: only the visitors a rule lets join take part in the test."
        />
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button variant="outline" size="sm" disabled={!canAddRule(drafts)} ref={addButton} onClick={addRule}>
          <PlusIcon aria-hidden />
          Add rule
        </Button>
        {!canAddRule(drafts) && <p className="text-muted-foreground text-xs">{RULE_MESSAGES.tooMany}</p>}
      </div>
    </div>
  );
}
