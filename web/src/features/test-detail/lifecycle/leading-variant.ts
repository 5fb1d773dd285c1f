import type { Variant } from "@contract/api";
import type { Standing } from "@/features/test-detail/analytics/reading";

/** The version to preselect for promotion: the winner, else the version ahead, else none. */
export function leadingVariant(standing: Standing): Variant | null {
  return standing.kind === "winner" || standing.kind === "leading" ? standing.variant : null;
}
