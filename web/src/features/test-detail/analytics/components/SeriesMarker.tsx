import type { Variant } from "@contract/api";
import { type MarkerShape, SERIES_STYLE } from "@/features/test-detail/analytics/series-style";

interface SeriesMarkerProps {
  variant: Variant;
  x: number;
  y: number;
  /** Shown on hover. */
  title?: string;
}

/** Outlines of the shapes other than the circle, centred on 0,0, about 8 units across. */
const SHAPES: Record<Exclude<MarkerShape, "circle">, string> = {
  square: "M-3.5 -3.5h7v7h-7z",
  triangle: "M0 -4.5L4.2 3.2H-4.2z",
  "triangle-down": "M0 4.5L4.2 -3.2H-4.2z",
  diamond: "M0 -4.5L4.5 0L0 4.5L-4.5 0z",
  plus: "M-4.5 0H4.5M0 -4.5V4.5",
  cross: "M-3.5 -3.5L3.5 3.5M3.5 -3.5L-3.5 3.5",
  star: "M0 -4.8L1.3 -1.6L4.6 -1.5L2 0.6L2.9 3.9L0 2L-2.9 3.9L-2 0.6L-4.6 -1.5L-1.3 -1.6z",
};

/** A data point, its shape telling the variants apart as much as its colour: a circle for A, a square for B, … */
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
    <path
      d={SHAPES[marker]}
      transform={`translate(${x} ${y})`}
      fill="var(--background)"
      stroke={stroke}
      strokeWidth={2}
      strokeLinejoin="round"
    >
      {tooltip}
    </path>
  );
}
