import type { SeriesPoint, TestAnalytics, TestWithStats, VariantAnalytics } from "@contract/api";
import { describe, expect, it } from "vitest";
import { linePath, plotArea } from "@/features/test-detail/analytics/chart-scale";
import { isUnfinished } from "@/features/test-detail/analytics/chart-series";
import {
  dailyVisitorsPerArm,
  liftSentence,
  recommendationOf,
  standingOf,
} from "@/features/test-detail/analytics/reading";

// Issue #33: one reading of the results.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 24, 12, 30);
const TODAY = Date.UTC(2026, 10, 24);

type Lift = NonNullable<VariantAnalytics["vsControl"]>["relativeLift"];

function armOf(label: "A" | "B" | "C", visitors: number, conversions: number, lift?: Lift): VariantAnalytics {
  return {
    label,
    visitors,
    conversions,
    rate: visitors === 0 ? 0 : conversions / visitors,
    vsControl:
      lift === undefined
        ? null
        : { difference: 0, lower: 0, upper: 0, relativeLift: lift, pValue: 1, adjustedPValue: 1 },
    revenue: { perVisitor: 0, vsControl: null },
  } as unknown as VariantAnalytics;
}

function analyticsOf(
  arms: VariantAnalytics[],
  verdict: TestAnalytics["verdict"],
  points: SeriesPoint[] = [],
): TestAnalytics {
  return {
    primaryMetric: "conversion_rate",
    arms,
    verdict,
    series: { granularity: "day", points },
  } as unknown as TestAnalytics;
}

const collecting = (more: number | null) =>
  ({
    status: "keep collecting",
    winner: null,
    additionalVisitorsPerArm: more,
    until: null,
    guardrail: null,
  }) as const;

describe("the relative lift in words", () => {
  it("names the change and its range", () => {
    expect(liftSentence("B", { lift: 0.98, interval: { lower: 0.12, upper: 2.4 } }, "conversion_rate")).toBe(
      "B converts 98 % more than A (between 12 % and 240 % more).",
    );
    expect(
      liftSentence("C", { lift: -0.2, interval: { lower: -0.35, upper: -0.04 } }, "conversion_rate"),
    ).toBe("C converts 20 % less than A (between 4 % and 35 % less).");
    expect(liftSentence("B", { lift: 0.1, interval: { lower: -0.05, upper: 0.4 } }, "conversion_rate")).toBe(
      "B converts 10 % more than A (between 5 % less and 40 % more).",
    );
  });

  it("speaks of earnings per visitor when revenue decides", () => {
    const text = liftSentence("B", { lift: 2, interval: { lower: 0.5, upper: 4 } }, "revenue_per_visitor");
    expect(text).toMatch(/^B earns 200 % more per visitor than A/);
    expect(liftSentence("B", null, "revenue_per_visitor")).toMatch(/A has no revenue/);
  });

  it("says 'not enough data yet' where the interval says nothing, never −100 %", () => {
    const text = liftSentence("B", { lift: 0.5, interval: null }, "conversion_rate");
    expect(text).toBe("B converts 50 % more than A; the range: not enough data yet.");
    expect(text).not.toMatch(/100/);
    expect(liftSentence("B", null, "conversion_rate")).toMatch(/not enough data yet/);
  });
});

describe("where a test stands", () => {
  const test = (
    winner: TestWithStats["stats"]["winner"],
    decided: TestWithStats["stats"]["decided"] = null,
  ) => ({ status: "active", winnerVariant: null, endResult: null, stats: { winner, decided } }) as never;

  it("names a winner only when the verdict does or the owner promoted one", () => {
    // Spring sale: 2 vs 3 conversions, B ahead, the verdict still collecting.
    const spring = analyticsOf([armOf("A", 20, 2), armOf("B", 20, 3, null)], collecting(10_015));
    expect(standingOf(test("B"), spring)).toEqual({ kind: "leading", variant: "B" });
    const won = analyticsOf([armOf("A", 5000, 500), armOf("B", 5000, 650, null)], {
      status: "B wins",
      winner: "B",
      additionalVisitorsPerArm: null,
      until: null,
      guardrail: null,
    });
    expect(standingOf(test("B"), won)).toEqual({ kind: "winner", variant: "B" });
    const promoted = {
      status: "completed",
      winnerVariant: "A",
      endResult: "promoted",
      stats: { winner: "B", decided: null },
    };
    expect(standingOf(promoted as never, spring)).toEqual({ kind: "winner", variant: "A" });
  });

  it("reads a tie as a tie, no data as none, and the list's verdict while the analytics load", () => {
    const even = analyticsOf([armOf("A", 50, 7), armOf("B", 50, 7, null)], collecting(null));
    expect(standingOf(test("tie"), even)).toEqual({ kind: "tie" });
    expect(standingOf(test(null), null)).toEqual({ kind: "none" });
    expect(standingOf(test("B"), null)).toEqual({ kind: "leading", variant: "B" });
    expect(standingOf(test("B", "B"), null)).toEqual({ kind: "winner", variant: "B" });
  });
});

describe("the recommendation", () => {
  const days = (count: number, perArm: number): SeriesPoint[] =>
    Array.from({ length: count }, (_, i) => ({
      time: TODAY - (count - 1 - i) * DAY,
      visitors: [perArm, perArm],
      conversions: [0, 0],
    }));

  it("deploys the verdict's winner, with its lift", () => {
    const analytics = analyticsOf(
      [armOf("A", 5000, 500), armOf("B", 5000, 650, { lift: 0.3, interval: { lower: 0.1, upper: 0.52 } })],
      { status: "B wins", winner: "B", additionalVisitorsPerArm: null, until: null, guardrail: null },
    );
    expect(recommendationOf(analytics, NOW)).toEqual({
      kind: "deploy",
      variant: "B",
      text: "Deploy version B: B converts 30 % more than A (between 10 % and 52 % more).",
    });
    const keepA = analyticsOf([armOf("A", 5000, 650), armOf("B", 5000, 500, null)], {
      status: "A wins",
      winner: "A",
      additionalVisitorsPerArm: null,
      until: null,
      guardrail: null,
    });
    expect(recommendationOf(keepA, NOW)).toMatchObject({ kind: "deploy", variant: "A" });
    expect(recommendationOf(keepA, NOW).text).toBe("Keep version A: it converts better than B.");
    const named = {
      ...analytics,
      arms: analytics.arms.map((arm) => ({ ...arm, name: arm.label === "B" ? "Red button" : null })),
    };
    expect(recommendationOf(named, NOW).text).toBe(
      "Deploy version B · Red button: B converts 30 % more than A (between 10 % and 52 % more).",
    );
  });

  it("keeps collecting, with the visitors and the days at the current traffic (the unfinished day left out)", () => {
    // Six complete days of 100 visitors per version, and today's 3 so far.
    const points = [...days(7, 100)];
    points[6] = { time: TODAY, visitors: [3, 3], conversions: [0, 0] };
    const analytics = analyticsOf(
      [armOf("A", 603, 20), armOf("B", 603, 30, null)],
      collecting(1_000),
      points,
    );
    expect(dailyVisitorsPerArm(analytics.series, NOW)).toEqual([100, 100]);
    expect(recommendationOf(analytics, NOW).text).toBe(
      "Keep collecting: about 1,000 more visitors per version are needed, about 10 days at the current 200 visitors a day (until about Fri 4 Dec 2026).",
    );
    expect(recommendationOf(analyticsOf(analytics.arms, collecting(null)), NOW).text).toMatch(
      /^Keep collecting: too little data/,
    );
  });

  it("keeps collecting until the minimum days are up, whatever the visitors, in the one wording (#48)", () => {
    const until = Date.parse("2026-12-05T10:00:00Z");
    const early = analyticsOf([armOf("A", 1000, 100), armOf("B", 1000, 200, null)], {
      ...collecting(null),
      until,
    });
    expect(recommendationOf(early, NOW)).toEqual({
      kind: "collect",
      text: "Keep collecting until Sat 5 Dec 2026: full weeks, so every weekday counts.",
    });
    expect(
      recommendationOf({ ...early, verdict: { ...early.verdict, additionalVisitorsPerArm: 500 } }, NOW).text,
    ).toBe("Keep collecting until Sat 5 Dec 2026: full weeks, so every weekday counts.");
  });

  it("stops when every version is proven within 10 % of A, and keeps collecting when it is not", () => {
    const noDifference = {
      status: "no clear difference",
      winner: null,
      additionalVisitorsPerArm: null,
      until: null,
      guardrail: null,
    } as const;
    const narrow = analyticsOf(
      [
        armOf("A", 90_000, 9_000),
        armOf("B", 90_000, 9_100, { lift: 0.01, interval: { lower: -0.04, upper: 0.06 } }),
      ],
      noDifference,
    );
    expect(recommendationOf(narrow, NOW).kind).toBe("stop");
    expect(recommendationOf(narrow, NOW).text).toMatch(/^Stop: no meaningful difference/);
    const wide = analyticsOf(
      [armOf("A", 200, 30), armOf("B", 200, 35, { lift: 0.16, interval: { lower: -0.4, upper: 0.9 } })],
      noDifference,
    );
    expect(recommendationOf(wide, NOW).kind).toBe("collect");
  });
});

describe("the unfinished period", () => {
  it("is the hour or day not over yet", () => {
    expect(isUnfinished(TODAY, "day", NOW)).toBe(true);
    expect(isUnfinished(TODAY - DAY, "day", NOW)).toBe(false);
    expect(isUnfinished(NOW - (NOW % HOUR), "hour", NOW)).toBe(true);
    expect(isUnfinished(NOW - (NOW % HOUR) - HOUR, "hour", NOW)).toBe(false);
  });

  it("is left out of the solid line, which keeps the x-axis of every period", () => {
    const area = plotArea(640, 240);
    const full = linePath([5, 6, 0], 10, area);
    const complete = linePath([5, 6], 10, area, 3);
    expect(full.startsWith(complete.replace(/ h0\.01 v0\.01$/, ""))).toBe(true);
    expect(complete.split("L")).toHaveLength(2);
  });
});
