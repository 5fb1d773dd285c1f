import type { TestAnalytics } from "@contract/api";
import { ANALYTICS_MESSAGES } from "@contract/messages";
import { HourglassIcon, type LucideIcon, ScaleIcon, TrophyIcon } from "lucide-react";
import { cn } from "@/lib/utils";

type Look = { icon: LucideIcon; className: string };

const WINS: Look = { icon: TrophyIcon, className: "border-success/30 bg-success-muted text-success" };
const NO_DIFFERENCE: Look = { icon: ScaleIcon, className: "bg-secondary text-secondary-foreground" };
const COLLECTING: Look = { icon: HourglassIcon, className: "border-dashed bg-muted text-muted-foreground" };

function lookOf(verdict: TestAnalytics["verdict"]): Look {
  if (verdict.winner) return WINS;
  return verdict.status === "no clear difference" ? NO_DIFFERENCE : COLLECTING;
}

/** The verdict in plain words: green for a winner, neutral for no difference, muted while collecting. */
export function VerdictBanner({
  verdict,
  versions,
  metric,
}: {
  verdict: TestAnalytics["verdict"];
  versions: number;
  metric: TestAnalytics["primaryMetric"];
}) {
  const { icon: Icon, className } = lookOf(verdict);
  return (
    <p
      data-verdict={verdict.status}
      className={cn("flex items-start gap-3 rounded-lg border px-4 py-3 font-medium text-sm", className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      {ANALYTICS_MESSAGES.verdict(verdict.status, verdict.additionalVisitorsPerArm, versions, metric)}
    </p>
  );
}
