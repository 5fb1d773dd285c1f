import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";

/** From this chance to beat on, the leader is shown as a sure thing rather than muted. */
const CONFIDENT = 0.95;
const MEANING = "Chance that the leading version really converts better";

/**
 * "97 % sure": the leader's chance to beat the other, from the list's own stats. Rounded down, so that
 * 94.9 % never reads as 95. Nothing without a leader.
 */
export function ConfidenceIndicator({
  confidence,
  className,
}: {
  confidence: number | null;
  className?: string;
}) {
  if (confidence === null) return null;
  const percent = Math.floor(confidence * 100);
  const confident = confidence >= CONFIDENT;
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
          <span className="sr-only">: {MEANING.toLowerCase()}</span>
        </Badge>
      </TooltipTrigger>
      <TooltipContent>{MEANING}</TooltipContent>
    </Tooltip>
  );
}
