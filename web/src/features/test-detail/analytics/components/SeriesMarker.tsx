import type { Variant } from "@contract/api";
import { SERIES_STYLE } from "@/features/test-detail/analytics/series-style";

interface SeriesMarkerProps {
  variant: Variant;
  x: number;
  y: number;
  /** Shown on hover. */
  title?: string;
}

/** A data point: a circle for A, a square for B, so that the shape tells them apart too. */
export function SeriesMarker({ variant, x, y, title }: SeriesMarkerProps) {
  const { stroke, marker } = SERIES_STYLE[variant];
  const tooltip = title ? <title>{title}</title> : null;
  if (marker === "circle") {
    return (
      <circle cx={x} cy={y} r={3.5} fill="var(--background)" stroke={stroke} strokeWidth={2}>
        {tooltip}
      </circle>
    );
  }
  return (
    <rect
      x={x - 3.5}
      y={y - 3.5}
      width={7}
      height={7}
      fill="var(--background)"
      stroke={stroke}
      strokeWidth={2}
    >
      {tooltip}
    </rect>
  );
}
