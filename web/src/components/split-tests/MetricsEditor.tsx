import type { MetricDirection, MetricKind } from "@contract/metrics";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import { PageGoalInputs } from "@/components/split-tests/GoalFields";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import {
  type MetricDraft,
  type MetricField,
  type MetricProblem,
  newMetricDraft,
  ROLE_LIMITS,
  takesGoal,
} from "@/lib/split-tests/metric-drafts";

const KINDS: { value: MetricKind; label: string }[] = [
  { value: "conversion", label: "Conversion rate of a goal" },
  { value: "revenue", label: "Revenue per visitor" },
  { value: "refunds", label: "Refund rate (from Stripe)" },
];

const ROLE_WORDS = {
  secondary: { title: "Secondary metric", add: "Add a secondary metric" },
  guardrail: { title: "Guardrail", add: "Add a guardrail" },
} as const;

interface MetricsEditorProps {
  drafts: MetricDraft[];
  onChange: (drafts: MetricDraft[]) => void;
  /** What is wrong with each draft, by position; shown under it, its field marked. */
  problems?: (MetricProblem | null)[];
}

/**
 * The metrics beside the one that decides: up to 3 secondary metrics, reported and never deciding, and
 * up to 2 guardrails: a version proven worse on one is never deployed, promoted or given more traffic.
 */
export function MetricsEditor({ drafts, onChange, problems = [] }: MetricsEditorProps) {
  const change = (index: number, next: Partial<MetricDraft>) =>
    onChange(drafts.map((draft, i) => (i === index ? { ...draft, ...next } : draft)));
  const count = (role: MetricDraft["role"]) => drafts.filter((draft) => draft.role === role).length;
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-xs">
        The goal above decides the test. Secondary metrics are shown beside it and decide nothing. A guardrail
        stops harm: a version proven worse on it is not deployed or promoted, and gets no more traffic, even
        when it wins on the goal.
      </p>
      {drafts.map((draft, index) => (
        <MetricFields
          key={draft.key}
          draft={draft}
          problem={problems[index] ?? null}
          onChange={(next) => change(index, next)}
          onRemove={() => onChange(drafts.filter((_, i) => i !== index))}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        {(["secondary", "guardrail"] as const).map((role) => {
          const full = count(role) >= ROLE_LIMITS[role];
          return (
            <Button
              key={role}
              type="button"
              variant="outline"
              size="sm"
              disabled={full}
              title={full ? `A test has at most ${ROLE_LIMITS[role]}` : undefined}
              onClick={() => onChange([...drafts, newMetricDraft(role)])}
            >
              <PlusIcon aria-hidden />
              {ROLE_WORDS[role].add}
              {full && <span className="sr-only"> (at most {ROLE_LIMITS[role]})</span>}
            </Button>
          );
        })}
      </div>
    </div>
  );
}

function MetricFields({
  draft,
  problem,
  onChange,
  onRemove,
}: {
  draft: MetricDraft;
  problem: MetricProblem | null;
  onChange: (next: Partial<MetricDraft>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const described = problem ? `${id}-problem` : undefined;
  // The field the problem is about: marked invalid and described by the message.
  const marked = (field: MetricField) =>
    problem?.field === field ? { "aria-invalid": true as const, "aria-describedby": described } : {};
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3">
      <legend className="px-1 font-medium text-sm">{ROLE_WORDS[draft.role].title}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={draft.name}
            maxLength={60}
            placeholder={draft.role === "guardrail" ? "Refund rate" : "Newsletter signups"}
            {...marked("name")}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-kind`}>What it measures</Label>
          <NativeSelect
            id={`${id}-kind`}
            value={draft.kind}
            onChange={(event) => onChange({ kind: event.target.value as MetricKind })}
          >
            {KINDS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {takesGoal(draft.kind) && (
        <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-goal`}>Goal</Label>
            <NativeSelect
              id={`${id}-goal`}
              value={draft.goal}
              {...marked("goal")}
              onChange={(event) => onChange({ goal: event.target.value as MetricDraft["goal"] })}
            >
              <option value="event">A named call</option>
              <option value="page">A visit of a page</option>
              {draft.kind === "revenue" && <option value="none">The goal's orders</option>}
            </NativeSelect>
          </div>
          {draft.goal === "event" && (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-event`}>Event name</Label>
              <Input
                id={`${id}-event`}
                value={draft.event}
                maxLength={60}
                placeholder="signup"
                aria-invalid={problem?.field === "event" ? true : undefined}
                aria-describedby={`${id}-event-hint${problem?.field === "event" ? ` ${described}` : ""}`}
                onChange={(event) => onChange({ event: event.target.value })}
              />
              <p id={`${id}-event-hint`} className="text-muted-foreground text-xs">
                Your page calls{" "}
                <code className="font-mono">
                  splitlink.convert({"{"} goal: "{draft.event.trim() || "signup"}" {"}"})
                </code>
                .
              </p>
            </div>
          )}
          {draft.goal === "page" && (
            <PageGoalInputs
              id={id}
              label="Page URL"
              url={draft.url}
              match={draft.match}
              onChange={onChange}
              invalid={problem?.field === "url"}
              describedBy={problem?.field === "url" ? described : undefined}
            />
          )}
        </div>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-better`}>Better when it is</Label>
          <NativeSelect
            id={`${id}-better`}
            value={draft.better}
            onChange={(event) => onChange({ better: event.target.value as MetricDirection })}
          >
            <option value="higher">Higher</option>
            <option value="lower">Lower</option>
          </NativeSelect>
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <Trash2Icon aria-hidden />
          Remove {draft.name.trim() || ROLE_WORDS[draft.role].title.toLowerCase()}
        </Button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="text-destructive text-xs">
          {problem.message}
        </p>
      )}
    </fieldset>
  );
}
