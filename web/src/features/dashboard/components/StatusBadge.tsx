import type { TestWithStats } from "@contract/api";
import { CircleCheckIcon, CircleDotIcon, CirclePauseIcon, type LucideIcon, SparklesIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Badge } from "@/components/ui/badge";
import { dashboardStatus, type StatusKind } from "@/features/dashboard/filter-tests";

const LOOKS: Record<StatusKind, { icon: LucideIcon; variant: ComponentProps<typeof Badge>["variant"] }> = {
  running: { icon: CircleDotIcon, variant: "success" },
  optimising: { icon: SparklesIcon, variant: "success" },
  paused: { icon: CirclePauseIcon, variant: "warning" },
  ended: { icon: CircleCheckIcon, variant: "secondary" },
};

/** The Status column: running, optimising, paused, ended, or when it ends; an icon so colour is not the only clue. */
export function StatusBadge({ test }: { test: Pick<TestWithStats, "status" | "mode" | "endsAt"> }) {
  const { kind, label } = dashboardStatus(test);
  const { icon: Icon, variant } = LOOKS[kind];
  return (
    <Badge variant={variant} data-status={kind} className="whitespace-normal text-left">
      <Icon aria-hidden />
      {label}
    </Badge>
  );
}
