import type { TestAnalytics } from "@contract/api";
import { liftSentence } from "@/features/test-detail/analytics/reading";

/**
 * Each version against A as a relative change with its always-valid 95 % interval, in plain words: "B
 * converts 98 % more than A (between 12 % and 240 % more)"; "not enough data yet" while it says nothing.
 */
export function LiftSummary({ analytics }: { analytics: TestAnalytics }) {
  const revenue = analytics.primaryMetric === "revenue_per_visitor";
  const lines = analytics.arms.flatMap((arm) => {
    const vs = revenue ? arm.revenue.vsControl : arm.vsControl;
    return vs
      ? [{ label: arm.label, text: liftSentence(arm.label, vs.relativeLift, analytics.primaryMetric) }]
      : [];
  });
  if (lines.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm" data-testid="relative-lift">
      {lines.map(({ label, text }) => (
        <li key={label}>{text}</li>
      ))}
      <li className="text-muted-foreground text-xs">
        The range in brackets holds 95 times in 100, however often you look at the results.
      </li>
    </ul>
  );
}
