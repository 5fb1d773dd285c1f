import { Badge } from "@/components/ui/badge";
import { NOT_PROVEN, type WinnerOf, winnerBadge } from "@/lib/split-tests/winner-badge";

/**
 * The specification's winner rule as a badge (see `winnerBadge`): filled only for a decided test; a
 * version that only leads is an outline beside "not proven yet", with no percentage (a chance to be
 * best is not a decision: the test page's statistics details give it).
 */
export function WinnerBadge({ test }: { test: WinnerOf }) {
  const { text, style } = winnerBadge(test);
  if (!text.startsWith("Version")) return <Badge variant={style}>{text}</Badge>;
  const decided = style === "default";
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge variant={style} data-decided={decided}>
        {text}
      </Badge>
      {!decided && <span className="text-muted-foreground text-xs">{NOT_PROVEN}</span>}
    </span>
  );
}
