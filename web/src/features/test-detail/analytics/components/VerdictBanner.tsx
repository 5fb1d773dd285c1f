import type { TestAnalytics, TestWithStats } from "@contract/api";
import { HourglassIcon, type LucideIcon, OctagonXIcon, ShieldAlertIcon, TrophyIcon } from "lucide-react";
import { type Recommendation, recommendationOf } from "@/features/test-detail/analytics/reading";
import { PromoteAction } from "@/features/test-detail/lifecycle/components/PromoteAction";
import { cn } from "@/lib/utils";

type Look = { icon: LucideIcon; className: string };

const LOOKS: Record<Recommendation["kind"], Look> = {
  deploy: { icon: TrophyIcon, className: "border-success/30 bg-success-muted text-success" },
  hold: { icon: ShieldAlertIcon, className: "border-destructive/40 bg-destructive-muted text-destructive" },
  stop: { icon: OctagonXIcon, className: "bg-secondary text-secondary-foreground" },
  collect: { icon: HourglassIcon, className: "border-dashed bg-muted text-muted-foreground" },
};

/**
 * What to do, first, in one sentence from the always-valid verdict: green to deploy a winner (with the
 * button that does it while the test runs), red when a guardrail holds the winner (no button), neutral
 * to stop, muted to keep collecting.
 */
export function VerdictBanner({
  analytics,
  test,
  now = Date.now(),
}: {
  analytics: TestAnalytics;
  test: TestWithStats | null;
  now?: number;
}) {
  const recommendation = recommendationOf(analytics, now);
  const { icon: Icon, className } = LOOKS[recommendation.kind];
  return (
    <div
      data-verdict={analytics.verdict.status}
      data-recommendation={recommendation.kind}
      className={cn(
        "flex flex-col gap-3 rounded-lg border px-4 py-3 sm:flex-row sm:items-center sm:justify-between",
        className,
      )}
    >
      <p className="flex items-start gap-3 font-medium text-sm">
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
        {recommendation.text}
      </p>
      {recommendation.kind === "deploy" && test && test.status !== "completed" && (
        <PromoteAction test={test} variant={recommendation.variant} />
      )}
    </div>
  );
}
