import { PLANNER_POWER } from "@contract/planner";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type PlanDraft, planText } from "@/lib/split-tests/plan-text";

interface TestPlannerProps {
  draft: PlanDraft;
  onChange: (draft: PlanDraft) => void;
  /** Each version's share of visitors in percent, A first: the smallest share sets the pace. */
  weights: readonly number[];
}

const FIELDS: { key: keyof PlanDraft; label: string; suffix: string }[] = [
  { key: "rate", label: "Conversion rate today", suffix: "%" },
  { key: "lift", label: "Smallest lift worth finding", suffix: "%" },
  { key: "dailyVisitors", label: "Visitors a day", suffix: "" },
];

/**
 * How long a test takes: from today's conversion rate, the smallest lift worth finding and the visitors a
 * day, the visitors each version needs and the days until the verdict can name the better version
 * (contract/planner.ts). It only shows figures; nothing is saved.
 */
export function TestPlanner({ draft, onChange, weights }: TestPlannerProps) {
  const id = useId();
  return (
    <div className="grid gap-4" data-testid="test-planner">
      <div className="grid gap-3 sm:grid-cols-3">
        {FIELDS.map(({ key, label, suffix }) => (
          <div key={key} className="grid content-start gap-2">
            <Label htmlFor={`${id}-${key}`}>{label}</Label>
            <div className="flex items-center gap-2">
              <Input
                id={`${id}-${key}`}
                inputMode="decimal"
                autoComplete="off"
                value={draft[key]}
                onChange={(event) => onChange({ ...draft, [key]: event.target.value })}
              />
              {suffix && (
                <span className="text-muted-foreground text-sm" aria-hidden>
                  {suffix}
                </span>
              )}
            </div>
          </div>
        ))}
      </div>
      <output
        htmlFor={FIELDS.map(({ key }) => `${id}-${key}`).join(" ")}
        aria-live="polite"
        className="font-medium text-sm"
      >
        {planText(draft, weights)}
      </output>
      <p className="text-muted-foreground text-xs">
        For {Math.round(PLANNER_POWER * 100)} chances in 100 that the verdict names the better version once a
        version converts that much better than A. The lift is relative: 20 % on a 5 % rate means 6 %. A
        smaller lift takes much longer to find.
      </p>
    </div>
  );
}
