import type { Variant } from "@contract/api";

export type MarkerShape =
  | "circle"
  | "square"
  | "triangle"
  | "diamond"
  | "triangle-down"
  | "plus"
  | "cross"
  | "star";

export interface SeriesStyle {
  stroke: string;
  dash: string | undefined;
  marker: MarkerShape;
  /** The line and marker in words, for the legend's screen-reader text. */
  description: string;
}

/**
 * How each variant is drawn, wherever it appears (charts, legend, swatches): its colour, and a dash and
 * a marker that tell the lines apart without colour.
 */
export const SERIES_STYLE: Record<Variant, SeriesStyle> = {
  A: { stroke: "var(--chart-a)", dash: undefined, marker: "circle", description: "solid line, circles" },
  B: { stroke: "var(--chart-b)", dash: "6 4", marker: "square", description: "dashed line, squares" },
  C: { stroke: "var(--chart-c)", dash: "1 4", marker: "triangle", description: "dotted line, triangles" },
  D: {
    stroke: "var(--chart-d)",
    dash: "10 4 1 4",
    marker: "diamond",
    description: "dash-dot line, diamonds",
  },
  E: {
    stroke: "var(--chart-e)",
    dash: "14 5",
    marker: "triangle-down",
    description: "long-dashed line, upside-down triangles",
  },
  F: {
    stroke: "var(--chart-f)",
    dash: "8 4 1 4 1 4",
    marker: "plus",
    description: "dash-dot-dot line, plus signs",
  },
  G: { stroke: "var(--chart-g)", dash: "3 3", marker: "cross", description: "short-dashed line, crosses" },
  H: {
    stroke: "var(--chart-h)",
    dash: "14 4 4 4",
    marker: "star",
    description: "long-short dashed line, stars",
  },
};
