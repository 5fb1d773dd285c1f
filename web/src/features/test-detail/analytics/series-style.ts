import type { Variant } from "@contract/api";

/** How each variant is drawn: its colour, and a line style that tells them apart without colour. */
export const SERIES_STYLE: Record<
  Variant,
  { stroke: string; dash: string | undefined; marker: "circle" | "square" }
> = {
  A: { stroke: "var(--chart-a)", dash: undefined, marker: "circle" },
  B: { stroke: "var(--chart-b)", dash: "6 4", marker: "square" },
};
