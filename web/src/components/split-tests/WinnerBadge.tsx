import { keepCollectingUntil } from "@contract/reading";
import { Badge } from "@/components/ui/badge";
import { heldBy, NOT_PROVEN, type WinnerOf, winnerBadge } from "@/lib/split-tests/winner-badge";

/**
 * The specification's winner rule as a badge (see `winnerBadge`): filled only for a decided test; a
 * version that only leads is an outline beside "not proven yet", with no percentage (a chance to be
 * best is not a decision: the test page's statistics details give it). While the test's minimum days
 * run, the verdict's own words say until when it keeps collecting; a winner a guardrail holds says which.
 */
export function WinnerBadge({ test }: { test: WinnerOf }) {
  // A plain link compares nothing: no winner to name (issue #49).
  if (test.kind === "link") return <span className="text-muted-foreground text-xs">No test yet</span>;
  const { text, style } = winnerBadge(test);
  const until = test.status !== "completed" ? test.stats.verdict.until : undefined;
  const guardrail = test.status !== "completed" ? test.stats.verdict.guardrail : undefined;
  const note = until
    ? keepCollectingUntil(Date.parse(until))
    : guardrail
      ? heldBy(guardrail.metric)
      : NOT_PROVEN;
  const decided = style === "default";
  const badge = (
    <Badge variant={style} data-decided={decided}>
      {text}
    </Badge>
  );
  if (!text.startsWith("Version") && !until) return badge;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {badge}
      {!decided && <span className="text-muted-foreground text-xs">{note}</span>}
    </span>
  );
}
