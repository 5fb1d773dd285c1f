import type { TestVariant } from "@contract/api";
import { labelWithName, nameOf } from "@contract/variants";
import { Badge } from "@/components/ui/badge";
import type { Standing } from "@/features/test-detail/analytics/reading";
import { NOT_PROVEN } from "@/lib/split-tests/winner-badge";

/**
 * The test page's one winner: "Winner: Version B" (filled) only once the always-valid verdict names it
 * or the owner promoted it; before that the version ahead is "Leading" (outline), not proven yet.
 */
export function StandingBadge({
  standing,
  variants,
}: {
  standing: Standing;
  variants: readonly TestVariant[];
}) {
  switch (standing.kind) {
    case "winner":
      return (
        <Badge>Winner: Version {labelWithName(standing.variant, nameOf(variants, standing.variant))}</Badge>
      );
    case "leading":
      return (
        <>
          <Badge variant="outline">
            Leading: Version {labelWithName(standing.variant, nameOf(variants, standing.variant))}
          </Badge>
          <span>{NOT_PROVEN}</span>
        </>
      );
    case "tie":
      return <Badge variant="outline">Tied so far</Badge>;
    case "none":
      return <Badge variant="outline">Not enough data</Badge>;
  }
}
