import type { Variant } from "@contract/api";
import { VariantSwatch } from "@/features/test-detail/analytics/components/VariantSwatch";
import { SERIES_STYLE } from "@/features/test-detail/analytics/series-style";

/** Which line is which, shared by both charts. */
export function ChartLegend({ variants }: { variants: readonly Variant[] }) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground text-sm" aria-label="Legend">
      {variants.map((variant) => (
        <li key={variant} className="flex items-center gap-2">
          <VariantSwatch variant={variant} />
          <span>
            Version {variant}
            <span className="sr-only"> ({SERIES_STYLE[variant].description})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
