import type { TestWithStats } from "@contract/api";
import { LIFECYCLE_MESSAGES } from "@contract/messages";
import type { TestMetric } from "@contract/metrics";
import { type FormEvent, useState } from "react";
import { MetricsEditor } from "@/components/split-tests/MetricsEditor";
import { DetailSection } from "@/features/test-detail/components/DetailSection";
import { EditFormActions } from "@/features/test-detail/components/EditFormActions";
import { useInlineEditor } from "@/features/test-detail/use-inline-editor";
import { useUpdateTest } from "@/features/test-detail/use-update-test";
import { serverMessage } from "@/lib/server-message";
import {
  type MetricProblem,
  metricDraftsOf,
  metricDraftsProblems,
  metricsInput,
} from "@/lib/split-tests/metric-drafts";
import { toast } from "@/lib/toast";

const KIND_WORDS = {
  conversion: "share of visitors who reach",
  revenue: "revenue per visitor from",
  refunds: "refund rate, from Stripe",
} as const;

/** A metric in a sentence: "Refund rate (guardrail): refund rate, from Stripe; lower is better." */
function metricSentence(metric: TestMetric): string {
  const goal = !metric.goal
    ? metric.kind === "revenue"
      ? " the goal's orders"
      : ""
    : "event" in metric.goal
      ? ` the call splitlink.convert({ goal: "${metric.goal.event}" })`
      : ` a visit of ${metric.goal.url}`;
  return `${KIND_WORDS[metric.kind]}${goal}; ${metric.better} is better.`;
}

/** The metrics beside the goal that decides: secondary ones and guardrails, changed any time. */
export function MetricsSection({ test }: { test: TestWithStats }) {
  const { editing, editButton, sectionRef, stopEditing } = useInlineEditor();
  const running = test.status !== "completed";
  const others = test.metrics.filter((metric) => metric.role !== "primary");
  return (
    <DetailSection title="Metrics and guardrails" action={running && editButton("Change metrics")}>
      <div ref={sectionRef} className="grid gap-3">
        {editing ? (
          <EditMetricsForm test={test} onDone={stopEditing} />
        ) : others.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            Only the goal decides. Add a guardrail to keep a version that wins from doing harm elsewhere, such
            as more refunds.
          </p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {others.map((metric) => (
              <li key={metric.name}>
                <span className="font-medium">{metric.name}</span>{" "}
                <span className="text-muted-foreground">
                  ({metric.role === "guardrail" ? "guardrail" : "secondary"}): {metricSentence(metric)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </DetailSection>
  );
}

function EditMetricsForm({ test, onDone }: { test: TestWithStats; onDone: () => void }) {
  const [drafts, setDrafts] = useState(() => metricDraftsOf(test));
  const [problems, setProblems] = useState<(MetricProblem | null)[]>([]);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const update = useUpdateTest(test);
  const busy = update.isPending;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = metricDraftsProblems(drafts);
    setProblems(found);
    if (found.some((problem) => problem !== null)) return;
    try {
      await update.mutateAsync({ metrics: metricsInput(drafts) });
      toast.success("Metrics saved");
      onDone();
    } catch (error) {
      console.warn("Could not save the metrics", error);
      setSaveProblem(serverMessage(error) ?? LIFECYCLE_MESSAGES.changeFailed);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4">
      <MetricsEditor
        drafts={drafts}
        onChange={(next) => {
          setProblems([]);
          setSaveProblem(null);
          setDrafts(next);
        }}
        problems={problems}
      />
      {saveProblem && <p className="text-destructive text-sm">{saveProblem}</p>}
      <EditFormActions busy={busy} saveLabel="Save metrics" onCancel={onDone} />
    </form>
  );
}
