import type { Variant } from "@contract/api";
import { labelWithName } from "@contract/variants";
import { VariantSwatch } from "@/features/test-detail/analytics/components/VariantSwatch";
import { SERIES_STYLE } from "@/features/test-detail/analytics/series-style";

/** Which line is which, shared by both charts. */
export function ChartLegend({
  variants,
  names = [],
}: {
  variants: readonly Variant[];
  /** The variants' optional names, in the same order. */
  names?: readonly (string | null)[];
}) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground text-sm" aria-label="Legend">
      {variants.map((variant, i) => (
        <li key={variant} className="flex items-center gap-2">
          <VariantSwatch variant={variant} />
          <span>
            Version {labelWithName(variant, names[i])}
            <span className="sr-only"> ({SERIES_STYLE[variant].description})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
