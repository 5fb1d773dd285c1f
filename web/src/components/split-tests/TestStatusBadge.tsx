import type { TestWithStats } from "@contract/api";
import {
  CalendarClockIcon,
  CircleCheckIcon,
  CircleDotIcon,
  CirclePauseIcon,
  LinkIcon,
  type LucideIcon,
  SparklesIcon,
} from "lucide-react";
import type { ComponentProps } from "react";
import { Badge } from "@/components/ui/badge";
import { type StatusKind, testStatus } from "@/lib/split-tests/status";

const LOOKS: Record<StatusKind, { icon: LucideIcon; variant: ComponentProps<typeof Badge>["variant"] }> = {
  scheduled: { icon: CalendarClockIcon, variant: "warning" },
  link: { icon: LinkIcon, variant: "outline" },
  running: { icon: CircleDotIcon, variant: "success" },
  optimising: { icon: SparklesIcon, variant: "success" },
  paused: { icon: CirclePauseIcon, variant: "warning" },
  ended: { icon: CircleCheckIcon, variant: "secondary" },
};

/**
 * A test's status, the same words on the dashboard and the test page: running, optimising, paused,
 * ended, or when it ends; an icon so colour is not the only clue.
 */
export function TestStatusBadge({
  test,
  className,
}: {
  test: Pick<TestWithStats, "status" | "mode" | "endsAt" | "kind"> & { startsAt?: string | null };
  className?: string;
}) {
  const { kind, label } = testStatus(test);
  const { icon: Icon, variant } = LOOKS[kind];
  return (
    <Badge variant={variant} data-status={kind} className={className ?? "whitespace-normal text-left"}>
      <Icon aria-hidden />
      {label}
    </Badge>
  );
}
