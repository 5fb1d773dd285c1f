import type { TestStatus } from "@contract/api";
import { CircleCheckIcon, CircleDotIcon, CirclePauseIcon, type LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Badge } from "@/components/ui/badge";

const LOOKS: Record<
  TestStatus,
  { label: string; icon: LucideIcon; variant: ComponentProps<typeof Badge>["variant"] }
> = {
  active: { label: "Active", icon: CircleDotIcon, variant: "success" },
  paused: { label: "Paused", icon: CirclePauseIcon, variant: "warning" },
  completed: { label: "Completed", icon: CircleCheckIcon, variant: "secondary" },
};

/** Active, Paused or Completed, with an icon so the colour is not the only clue. */
export function TestStatusBadge({ status, className }: { status: TestStatus; className?: string }) {
  const { label, icon: Icon, variant } = LOOKS[status];
  return (
    <Badge variant={variant} data-status={status} className={className}>
      <Icon aria-hidden />
      {label}
    </Badge>
  );
}
