import type { Variant } from "@contract/api";
import { SeriesMarker } from "@/features/test-detail/analytics/components/SeriesMarker";
import { SERIES_STYLE } from "@/features/test-detail/analytics/series-style";

/** A short sample of a variant's line, with its marker, as drawn in the charts. Decorative. */
export function VariantSwatch({ variant }: { variant: Variant }) {
  const { stroke, dash } = SERIES_STYLE[variant];
  return (
    <svg viewBox="0 0 28 10" className="inline-block h-2.5 w-7 shrink-0" aria-hidden focusable="false">
      <line x1="1" y1="5" x2="27" y2="5" stroke={stroke} strokeWidth="2" strokeDasharray={dash} />
      <SeriesMarker variant={variant} x={14} y={5} />
    </svg>
  );
}
