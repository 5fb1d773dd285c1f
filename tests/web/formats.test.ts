import type { SeriesPoint } from "@contract/api";
import { describe, expect, it } from "vitest";
import { chartSeries, seriesTotal } from "@/features/test-detail/analytics/chart-series";
import { chartSummary } from "@/features/test-detail/analytics/chart-summary";
import {
  formatChance,
  formatCount,
  formatInterval,
  formatPercent,
  formatPValue,
} from "@/features/test-detail/analytics/format-analytics";
import { formatPeriod, formatPeriodInFull, periodUnit } from "@/features/test-detail/analytics/format-period";
import { formatMoney } from "@/lib/split-tests/format-money";
import { formatRate } from "@/lib/split-tests/format-rate";
import { formatTimeAgo } from "@/lib/time";

// tests/web/vitest.config.ts runs these in Pacific/Marquesas (UTC−09:30).
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe("a conversion rate on the dashboard and test page", () => {
  it("has one decimal and a percent sign", () => {
    expect(formatRate(12.5)).toBe("12.5%");
    expect(formatRate(12.46)).toBe("12.5%");
    expect(formatRate(100)).toBe("100.0%");
  });

  it("reads 0.0% without clicks rather than NaN%", () => {
    expect(formatRate(0)).toBe("0.0%");
    expect(formatRate(Number.NaN)).toBe("0.0%");
    expect(formatRate(Number.POSITIVE_INFINITY)).toBe("0.0%");
  });
});

describe("an amount of money", () => {
  it("is written in the test's currency as people read it", () => {
    expect(formatMoney(49.99, "EUR")).toBe("€49.99");
    expect(formatMoney(1500, "JPY")).toBe("¥1,500");
    expect(formatMoney(1234.5, "USD")).toBe("$1,234.50");
  });

  it("is a plain number with two decimals before the first valued conversion sets a currency", () => {
    expect(formatMoney(1234.5, null)).toBe("1,234.50");
    expect(formatMoney(Number.NaN, null)).toBe("0.00");
    expect(formatMoney(Number.NaN, "EUR")).toBe("€0.00");
  });
});

describe("the analytics' numbers", () => {
  it("show a fraction as a percentage with one decimal and a spaced sign", () => {
    expect(formatPercent(0.124)).toBe("12.4 %");
    expect(formatPercent(1)).toBe("100.0 %");
    expect(formatPercent(Number.NaN)).toBe("0.0 %");
  });

  it("show a 95 % interval in brackets", () => {
    expect(formatInterval({ lower: 0.101, upper: 0.15 })).toBe("(10.1 – 15.0 %)");
  });

  it("never claim a certainty the data cannot give", () => {
    expect(formatChance(1)).toBe("> 99.9 %");
    expect(formatChance(0.9996)).toBe("> 99.9 %");
    expect(formatChance(0.999)).toBe("99.9 %");
    expect(formatChance(0.5)).toBe("50.0 %");
    expect(formatChance(0.001)).toBe("0.1 %");
    expect(formatChance(0)).toBe("< 0.1 %");
  });

  it("show a p-value with three decimals, a tiny one as < 0.001, and none as a dash", () => {
    expect(formatPValue(0.0432)).toBe("0.043");
    expect(formatPValue(0.001)).toBe("0.001");
    expect(formatPValue(0.0009)).toBe("< 0.001");
    expect(formatPValue(Number.NaN)).toBe("–");
  });

  it("show counts with thousands separators", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatCount(7)).toBe("7");
  });
});

describe("a chart's periods", () => {
  // Midnight UTC on 20 November: 14:30 on the 19th in the browser's zone.
  const day = Date.parse("2026-11-20T00:00:00Z");

  it("label a day by its UTC date, the day the server counted, wherever the browser is", () => {
    expect(formatPeriod(day, "day")).toBe("Nov 20");
    expect(formatPeriodInFull(day, "day")).toBe("Nov 20");
  });

  it("label an hour in the browser's own time, on a 24-hour clock", () => {
    expect(formatPeriod(day + 9 * 60 * MINUTE, "hour")).toBe("23:30");
    expect(formatPeriodInFull(day + 9 * 60 * MINUTE, "hour")).toBe("Nov 19, 23:30");
  });

  it("name their unit", () => {
    expect(periodUnit("hour")).toBe("hour");
    expect(periodUnit("day")).toBe("day");
  });
});

describe("a chart's series and its summary for screen readers", () => {
  const points: SeriesPoint[] = [
    { time: Date.parse("2026-11-20T00:00:00Z"), visitors: [3, 4], conversions: [1, 0] },
    { time: Date.parse("2026-11-21T00:00:00Z"), visitors: [1000, 2], conversions: [0, 2] },
    { time: Date.parse("2026-11-22T00:00:00Z"), visitors: [5], conversions: [] },
  ];

  it("has one line per variant, a missing value counting as 0", () => {
    const series = chartSeries(points, "visitors", ["A", "B"]);
    expect(series).toEqual([
      { variant: "A", key: "visitorsA", values: [3, 1000, 5] },
      { variant: "B", key: "visitorsB", values: [4, 2, 0] },
    ]);
    expect(series.map(seriesTotal)).toEqual([1008, 6]);
    expect(chartSeries(points, "weights", ["A"])[0]?.values).toEqual([0, 0, 0]);
  });

  it("says the chart's span and each variant's total", () => {
    const series = chartSeries(points, "visitors", ["A", "B"]);
    expect(chartSummary("Visitors per day", series, points, "day")).toBe(
      "Visitors per day from Nov 20 to Nov 22. Totals: version A 1,008, version B 6.",
    );
    expect(chartSummary("Visitors per day", series, points.slice(0, 1), "day")).toBe(
      "Visitors per day for Nov 20. Totals: version A 1,008, version B 6.",
    );
    const none = chartSeries([], "visitors", ["A", "B"]);
    expect(chartSummary("Visitors per day", none, [], "day")).toBe(
      "Visitors per day with no periods yet. Totals: version A 0, version B 0.",
    );
  });
});

describe("how long ago something happened", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");

  it("is in the largest whole unit that has passed", () => {
    expect(formatTimeAgo(now - 5 * MINUTE, now)).toBe("5 minutes ago");
    expect(formatTimeAgo(now - 59 * MINUTE, now)).toBe("59 minutes ago");
    expect(formatTimeAgo(now - 60 * MINUTE, now)).toBe("1 hour ago");
    expect(formatTimeAgo(now - 3 * DAY, now)).toBe("3 days ago");
    expect(formatTimeAgo(now - 14 * DAY, now)).toBe("2 weeks ago");
    expect(formatTimeAgo(now - 400 * DAY, now)).toBe("1 year ago");
  });

  it("is less than a minute for the last seconds, and for a clock slightly ahead of ours", () => {
    expect(formatTimeAgo(now - 59_000, now)).toBe("less than a minute ago");
    expect(formatTimeAgo(now + 2000, now)).toBe("less than a minute ago");
  });
});
