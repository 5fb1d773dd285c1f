import type { Variant } from "@contract/api";
import { VariantSwatch } from "@/features/test-detail/analytics/components/VariantSwatch";

const ENTRIES: ReadonlyArray<{ variant: Variant; description: string }> = [
  { variant: "A", description: "solid line, circles" },
  { variant: "B", description: "dashed line, squares" },
];

/** Which line is which, shared by both charts. */
export function ChartLegend() {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground text-sm" aria-label="Legend">
      {ENTRIES.map(({ variant, description }) => (
        <li key={variant} className="flex items-center gap-2">
          <VariantSwatch variant={variant} />
          <span>
            Version {variant}
            <span className="sr-only"> ({description})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
