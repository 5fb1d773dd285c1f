import type { TestWithStats } from "@contract/api";
import { Badge } from "@/components/ui/badge";

type WinnerOf = Pick<TestWithStats, "status" | "winnerVariant" | "endResult" | "stats">;

/** Whether the test is decided: the owner promoted a version, or the always-valid verdict names one. */
export function isDecided(test: WinnerOf): boolean {
  const promoted = test.status === "completed" && (test.endResult === null || test.endResult === "promoted");
  return (promoted && test.winnerVariant !== null) || test.stats.decided !== null;
}

/**
 * The specification's winner rule as a badge: no data, a tie, or the leading version. A completed test
 * names the version it promoted, which the rates need not agree with; one that ended sending everyone
 * to the control, or keeping its split, promoted none. The specification's filled style is kept for a
 * decided test (promoted, or named by the always-valid verdict); until then the version only leads,
 * and its badge is an outline.
 */
export function WinnerBadge({ test }: { test: WinnerOf }) {
  const promoted = test.status === "completed" && (test.endResult === null || test.endResult === "promoted");
  const decided = isDecided(test);
  const winner =
    promoted && test.winnerVariant ? test.winnerVariant : (test.stats.decided ?? test.stats.winner);
  if (winner === null) return <Badge variant="outline">Not enough data</Badge>;
  if (winner === "tie") return <Badge variant="secondary">Tie</Badge>;
  return (
    <Badge variant={decided ? "default" : "outline"} data-decided={decided}>
      Version {winner}
    </Badge>
  );
}
