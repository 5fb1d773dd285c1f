import type { SplitTest } from "@contract/api";
import { METRIC_MESSAGES, TEST_MESSAGES } from "@contract/messages";
import {
  EVENT_NAME,
  MAX_GUARDRAILS,
  MAX_METRIC_NAME,
  MAX_SECONDARY_METRICS,
  type MetricDirection,
  type MetricKind,
  type TestMetric,
} from "@contract/metrics";
import type { UrlMatch } from "@contract/tracking";
import { isHttpUrl } from "@contract/urls";

/** A secondary or guardrail metric as the form edits it (the primary is the goal and metric fields). */
export interface MetricDraft {
  /** The row's own key, for React. */
  key: string;
  name: string;
  role: "secondary" | "guardrail";
  kind: MetricKind;
  goal: "page" | "event" | "none";
  url: string;
  match: UrlMatch;
  event: string;
  better: MetricDirection;
}

export const ROLE_LIMITS = { secondary: MAX_SECONDARY_METRICS, guardrail: MAX_GUARDRAILS } as const;

export function newMetricDraft(role: MetricDraft["role"]): MetricDraft {
  return {
    key: crypto.randomUUID(),
    name: "",
    role,
    kind: "conversion",
    goal: "event",
    url: "",
    match: "equals",
    event: "",
    // A guardrail watches for harm: what it counts is usually bad (errors, refunds).
    better: role === "guardrail" ? "lower" : "higher",
  };
}

/** The test's secondary and guardrail metrics as drafts. */
export function metricDraftsOf(test: Pick<SplitTest, "metrics">): MetricDraft[] {
  return test.metrics.flatMap((metric): MetricDraft[] => {
    if (metric.role === "primary") return [];
    const goal = metric.goal;
    return [
      {
        ...newMetricDraft(metric.role),
        name: metric.name,
        kind: metric.kind,
        better: metric.better,
        goal: !goal ? "none" : "event" in goal ? "event" : "page",
        url: goal && "url" in goal ? goal.url : "",
        match: goal && "url" in goal ? goal.match : "equals",
        event: goal && "event" in goal ? goal.event : "",
      },
    ];
  });
}

/** Whether a metric of the kind takes a goal: the refund rate never, revenue may go without. */
export function takesGoal(kind: MetricKind): boolean {
  return kind !== "refunds";
}

/** The metrics the API is sent. */
export function metricsInput(drafts: readonly MetricDraft[]): TestMetric[] {
  return drafts.map((draft) => {
    const goal =
      !takesGoal(draft.kind) || draft.goal === "none"
        ? undefined
        : draft.goal === "event"
          ? { event: draft.event.trim() }
          : { url: draft.url.trim(), match: draft.match };
    return {
      name: draft.name.trim(),
      role: draft.role,
      kind: draft.kind,
      ...(goal ? { goal } : {}),
      better: draft.better,
    };
  });
}

/** The field of a draft a problem is about. */
export type MetricField = "name" | "goal" | "event" | "url";

export interface MetricProblem {
  message: string;
  field: MetricField;
}

/** What is wrong with the draft at `index`, with the API's message, and where; null when nothing. */
export function metricDraftProblem(drafts: readonly MetricDraft[], index: number): MetricProblem | null {
  const draft = drafts[index];
  if (!draft) return null;
  const name = draft.name.trim().toLowerCase();
  if (!name || name.length > MAX_METRIC_NAME) return { message: METRIC_MESSAGES.name, field: "name" };
  if (drafts.some((other, i) => i < index && other.name.trim().toLowerCase() === name))
    return { message: METRIC_MESSAGES.sameName, field: "name" };
  if (!takesGoal(draft.kind)) return null;
  if (draft.goal === "none")
    return draft.kind === "conversion" ? { message: METRIC_MESSAGES.conversionGoal, field: "goal" } : null;
  if (draft.goal === "event")
    return EVENT_NAME.test(draft.event.trim()) ? null : { message: METRIC_MESSAGES.event, field: "event" };
  return isHttpUrl(draft.url.trim()) ? null : { message: TEST_MESSAGES.invalidUrls, field: "url" };
}

/** Each draft's problem, by position; null for one without. */
export function metricDraftsProblems(drafts: readonly MetricDraft[]): (MetricProblem | null)[] {
  return drafts.map((_, index) => metricDraftProblem(drafts, index));
}
