import type { PrimaryMetric } from "@contract/api";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";

const MEANING: Record<PrimaryMetric, string> = {
  conversion_rate: "Chance that the leading version really converts better",
  revenue_per_visitor: "Chance that the leading version really earns more per visitor",
};

/**
 * "97 % sure": the leader's chance to beat the other, from the list's own stats. Rounded down, so that
 * 94.9 % never reads as 95. Nothing without a leader. Green only for a decided test (`decided`: the
 * always-valid verdict names a winner, or one was promoted); a high chance alone is muted, since it
 * does not decide.
 */
export function ConfidenceIndicator({
  confidence,
  metric = "conversion_rate",
  decided = false,
  className,
}: {
  confidence: number | null;
  decided?: boolean;
  /** What the leader leads by: the test's primary metric. */
  metric?: PrimaryMetric;
  className?: string;
}) {
  if (confidence === null) return null;
  const percent = Math.floor(confidence * 100);
  const confident = decided;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* Focusable so that keyboard users get the tooltip too. */}
        <Badge
          variant={confident ? "success" : "outline"}
          tabIndex={0}
          data-confident={confident}
          className={cn(
            "cursor-default tabular-nums focus-visible:ring-offset-1",
            !confident && "text-muted-foreground",
            className,
          )}
        >
          {percent} % sure
          <span className="sr-only">: {MEANING[metric].toLowerCase()}</span>
        </Badge>
      </TooltipTrigger>
      <TooltipContent>{MEANING[metric]}</TooltipContent>
    </Tooltip>
  );
}
