import type { TestAnalytics } from "@contract/api";
import { metricLine } from "@contract/reading";
import { cn } from "@/lib/utils";

const ROLE_WORDS = { secondary: "Secondary metric", guardrail: "Guardrail" } as const;

/**
 * The secondary metrics and guardrails, each version against A by the same always-valid statistics as
 * the verdict; a guardrail a version is proven worse on is marked, since it holds that version back.
 */
export function MetricsResults({ analytics }: { analytics: TestAnalytics }) {
  if (analytics.metrics.length === 0) return null;
  return (
    <section aria-labelledby="metrics-results" className="grid gap-3 rounded-lg border p-4">
      <h3 id="metrics-results" className="font-medium text-sm">
        More metrics
      </h3>
      <ul className="grid gap-3">
        {analytics.metrics.map((metric) => (
          <li key={metric.name} className="grid gap-1" data-metric={metric.name}>
            <p className="text-sm">
              <span className="font-medium">{metric.name}</span>{" "}
              <span className="text-muted-foreground text-xs">
                · {ROLE_WORDS[metric.role]} · {metric.better === "higher" ? "higher" : "lower"} is better
              </span>
            </p>
            <ul className="grid gap-0.5 text-sm">
              {metric.arms.slice(1).map((arm) => {
                const harm = metric.role === "guardrail" && arm.vsControl?.outcome === "worse";
                return (
                  <li key={arm.label} className={cn(harm && "font-medium text-destructive")}>
                    {metricLine(metric, arm, analytics.currency)}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground text-xs">
        Secondary metrics decide nothing. A version proven worse on a guardrail is not deployed, promoted or
        given more traffic.
      </p>
    </section>
  );
}
