import type { Winner } from "@contract/api";
import { Badge } from "@/components/ui/badge";

/** The specification's winner rule as a badge: no data, a tie, or the winning version. */
export function WinnerBadge({ winner }: { winner: Winner }) {
  if (winner === null) return <Badge variant="outline">Not enough data</Badge>;
  if (winner === "tie") return <Badge variant="secondary">Tie</Badge>;
  return <Badge>Version {winner}</Badge>;
}
