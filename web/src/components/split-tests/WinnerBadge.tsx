import type { TestWithStats } from "@contract/api";
import { Badge } from "@/components/ui/badge";

type WinnerOf = Pick<TestWithStats, "status" | "winnerVariant" | "endResult" | "stats">;

/**
 * The specification's winner rule as a badge: no data, a tie, or the leading version. A completed test
 * names the version it promoted, which the rates need not agree with; one that ended sending everyone
 * to the control, or keeping its split, promoted none.
 */
export function WinnerBadge({ test }: { test: WinnerOf }) {
  const promoted = test.status === "completed" && (test.endResult === null || test.endResult === "promoted");
  const winner = promoted && test.winnerVariant ? test.winnerVariant : test.stats.winner;
  if (winner === null) return <Badge variant="outline">Not enough data</Badge>;
  if (winner === "tie") return <Badge variant="secondary">Tie</Badge>;
  return <Badge>Version {winner}</Badge>;
}
