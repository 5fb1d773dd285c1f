/** Space around the plot inside a chart's viewBox, for the axis labels. */
export const CHART_MARGIN = { top: 12, right: 20, bottom: 26, left: 40 } as const;
/** Narrowest room an x-axis label gets before labels are skipped. */
const MIN_LABEL_SPACING = 64;
/** Markers are drawn only while points are at least this far apart, else they clutter the line. */
const MIN_MARKER_SPACING = 8;

export interface PlotArea {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export function plotArea(width: number, height: number): PlotArea {
  return {
    left: CHART_MARGIN.left,
    right: Math.max(CHART_MARGIN.left + 1, width - CHART_MARGIN.right),
    top: CHART_MARGIN.top,
    bottom: Math.max(CHART_MARGIN.top + 1, height - CHART_MARGIN.bottom),
  };
}

/** Round y-axis ticks from 0 to at least `max`: 0, 5, 10, 15, 20 for 17. At most five, whole numbers. */
export function yTicks(max: number): number[] {
  const rawStep = Math.max(1, max / 4);
  const magnitude = 10 ** Math.floor(Math.log10(rawStep));
  const step =
    [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rawStep) ?? rawStep;
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return ticks;
}

/** x of the i-th of `count` points; a single point sits in the middle. */
export function xOf(index: number, count: number, area: PlotArea): number {
  if (count <= 1) return (area.left + area.right) / 2;
  return area.left + (index * (area.right - area.left)) / (count - 1);
}

/** y of a value on an axis from 0 to `top`. */
export function yOf(value: number, top: number, area: PlotArea): number {
  return area.bottom - (value / Math.max(top, 1)) * (area.bottom - area.top);
}

/**
 * The SVG path through the points, left to right. It ends in a step a hundredth of a pixel long each way:
 * invisible, but a flat line or a lone point then still has a box with an area, and tools that check what
 * is on screen (the browser tests among them) count a box without height as hidden.
 */
export function linePath(
  values: readonly number[],
  top: number,
  area: PlotArea,
  /** How many points the x-axis spans; more than `values` when the line stops short of the last. */
  count = values.length,
): string {
  if (values.length === 0) return "";
  const line = values
    .map((value, index) => {
      const x = xOf(index, count, area).toFixed(1);
      const y = yOf(value, top, area).toFixed(1);
      return `${index === 0 ? "M" : "L"}${x} ${y}`;
    })
    .join(" ");
  return `${line} h0.01 v0.01`;
}

/** Which points get an x-axis label: evenly spaced, as many as fit. */
export function labelIndexes(count: number, area: PlotArea): number[] {
  const room = Math.max(2, Math.floor((area.right - area.left) / MIN_LABEL_SPACING) + 1);
  const step = Math.max(1, Math.ceil((count - 1) / (room - 1)));
  const indexes: number[] = [];
  for (let index = 0; index < count; index += step) indexes.push(index);
  return indexes;
}

/** Whether the points are far enough apart to mark each one. */
export function showsMarkers(count: number, area: PlotArea): boolean {
  return count <= 1 || (area.right - area.left) / (count - 1) >= MIN_MARKER_SPACING;
}
