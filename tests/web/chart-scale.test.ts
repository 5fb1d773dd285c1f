import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHART_MARGIN,
  labelIndexes,
  linePath,
  plotArea,
  showsMarkers,
  xOf,
  yOf,
  yTicks,
} from "@/features/test-detail/analytics/chart-scale";

const area = plotArea(640, 240);

describe("the chart's y-axis ticks", () => {
  it("are round numbers from 0 to just above the data", () => {
    expect(yTicks(17)).toEqual([0, 5, 10, 15, 20]);
    expect(yTicks(100)).toEqual([0, 50, 100]);
    expect(yTicks(101)).toEqual([0, 50, 100, 150]);
    expect(yTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(yTicks(3)).toEqual([0, 1, 2, 3]);
  });

  it("still draw an axis, 0 and 1, when every value is 0", () => {
    expect(yTicks(0)).toEqual([0, 1]);
  });

  it("cover any count with at most five evenly spaced whole ticks of 1, 2 or 5 times a power of ten", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (max) => {
        const ticks = yTicks(max);
        const step = (ticks[1] ?? 0) - (ticks[0] ?? 0);
        expect(ticks[0]).toBe(0);
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
        // Not a whole step above the data: the lines use the chart's height.
        expect((ticks.at(-1) ?? 0) - step).toBeLessThan(Math.max(max, 1));
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.length).toBeLessThanOrEqual(5);
        expect(ticks.every((tick, index) => Number.isInteger(tick) && tick === index * step)).toBe(true);
        expect(String(step)).toMatch(/^[125]0*$/);
      }),
    );
  });
});

describe("where the chart draws a point", () => {
  it("puts the top tick at the top of the plot and 0 at its bottom", () => {
    expect(yOf(20, 20, area)).toBe(area.top);
    expect(yOf(0, 20, area)).toBe(area.bottom);
    expect(yOf(10, 20, area)).toBe((area.top + area.bottom) / 2);
  });

  it("keeps an all-zero line on the bottom, with no division by zero", () => {
    expect(yOf(0, 0, area)).toBe(area.bottom);
    expect(linePath([0, 0, 0], 0, area)).not.toMatch(/NaN|Infinity/);
  });

  it("spreads the points from the left edge to the right, and a single point in the middle", () => {
    expect(xOf(0, 5, area)).toBe(area.left);
    expect(xOf(4, 5, area)).toBe(area.right);
    expect(xOf(0, 1, area)).toBe((area.left + area.right) / 2);
  });

  it("leaves room for the axis labels, even in a chart narrower than its margins", () => {
    expect(area).toEqual({
      left: CHART_MARGIN.left,
      right: 640 - CHART_MARGIN.right,
      top: CHART_MARGIN.top,
      bottom: 240 - CHART_MARGIN.bottom,
    });
    const tiny = plotArea(10, 10);
    expect(tiny.right).toBeGreaterThan(tiny.left);
    expect(tiny.bottom).toBeGreaterThan(tiny.top);
  });
});

describe("the line through the points", () => {
  it("runs left to right through every point, and is nothing without points", () => {
    const path = linePath([0, 10, 20], 20, { left: 0, right: 100, top: 0, bottom: 100 });
    expect(path).toBe("M0.0 100.0 L50.0 50.0 L100.0 0.0 h0.01 v0.01");
    expect(linePath([], 20, area)).toBe("");
  });

  it("has a box with an area for a lone point, so that it counts as shown", () => {
    expect(linePath([5], 10, area)).toMatch(/^M\S+ \S+ h0\.01 v0\.01$/);
  });
});

describe("the x-axis labels and markers", () => {
  it("label every point while they fit, else evenly spaced ones starting with the first", () => {
    expect(labelIndexes(3, area)).toEqual([0, 1, 2]);
    expect(labelIndexes(0, area)).toEqual([]);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1000 }), fc.integer({ min: 200, max: 2000 }), (count, width) => {
        const plot = plotArea(width, 240);
        const labels = labelIndexes(count, plot);
        const steps = new Set(labels.slice(1).map((index, position) => index - (labels[position] ?? 0)));
        expect(labels[0]).toBe(0);
        expect(steps.size).toBeLessThanOrEqual(1);
        // Never closer than 64 px, so that they do not overlap; and not so few that half of them would fit.
        const gap = xOf(labels[1] ?? count, count, plot) - xOf(0, count, plot);
        if (labels.length > 1) expect(gap).toBeGreaterThanOrEqual(64);
        expect(labels.length * 2).toBeGreaterThan(Math.min(count, (plot.right - plot.left) / 64 + 1));
      }),
    );
  });

  it("mark each point only while they are not crowded", () => {
    expect(showsMarkers(1, area)).toBe(true);
    expect(showsMarkers(24, area)).toBe(true);
    expect(showsMarkers(500, area)).toBe(false);
  });
});
