import type { TestAnalytics, VerdictStatus } from "@contract/api";
import { ANALYTICS_MESSAGES } from "@contract/messages";
import { HourglassIcon, type LucideIcon, ScaleIcon, TrophyIcon } from "lucide-react";
import { cn } from "@/lib/utils";

const LOOKS: Record<VerdictStatus, { icon: LucideIcon; className: string }> = {
  "A wins": { icon: TrophyIcon, className: "border-success/30 bg-success-muted text-success" },
  "B wins": { icon: TrophyIcon, className: "border-success/30 bg-success-muted text-success" },
  "no clear difference": { icon: ScaleIcon, className: "bg-secondary text-secondary-foreground" },
  "keep collecting": {
    icon: HourglassIcon,
    className: "border-dashed bg-muted text-muted-foreground",
  },
};

/** The verdict in plain words: green for a winner, neutral for no difference, muted while collecting. */
export function VerdictBanner({ verdict }: { verdict: TestAnalytics["verdict"] }) {
  const { icon: Icon, className } = LOOKS[verdict.status];
  return (
    <p
      data-verdict={verdict.status}
      className={cn("flex items-start gap-3 rounded-lg border px-4 py-3 font-medium text-sm", className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      {ANALYTICS_MESSAGES.verdict(verdict.status, verdict.additionalVisitorsPerArm)}
    </p>
  );
}
