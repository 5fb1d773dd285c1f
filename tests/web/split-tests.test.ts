import type { ArmStats, SplitTest, TestAnalytics, TestStats, TestWithStats } from "@contract/api";
import { END_MESSAGES } from "@contract/messages";
import { describe, expect, it } from "vitest";
import { sortTests } from "@/features/dashboard/sort-tests";
import { standingOf } from "@/features/test-detail/analytics/reading";
import { howItEnded, whatHappensAtTheEnd, whenItEnds } from "@/features/test-detail/end/end-texts";
import { leadingVariant } from "@/features/test-detail/lifecycle/leading-variant";
import { readCreatedTest } from "@/lib/split-tests/created-test-state";
import { highestRateVariant } from "@/lib/split-tests/highest-rate";
import { isPlainAbTest } from "@/lib/split-tests/plain-ab-test";
import { trackerSnippet } from "@/lib/tracking/tag-snippets";

const arm = (label: ArmStats["label"], clicks: number, conversionRate: number) => ({
  label,
  clicks,
  conversionRate,
});

/** Only the fields the helpers under test read. */
const testOf = (slug: string, createdAt: number, arms: ReturnType<typeof arm>[]) =>
  ({ slug, createdAt, stats: { arms } }) as unknown as TestWithStats;

describe("the variant shown in bold green", () => {
  it("is the one with strictly the highest rate", () => {
    expect(highestRateVariant([arm("A", 10, 5), arm("B", 10, 12.5), arm("C", 10, 7)])).toBe("B");
  });

  it("is none when the highest rate is shared, all zero rates included", () => {
    expect(highestRateVariant([arm("A", 10, 12.5), arm("B", 10, 12.5), arm("C", 10, 7)])).toBeNull();
    expect(highestRateVariant([arm("A", 0, 0), arm("B", 0, 0)])).toBeNull();
  });
});

describe("a plain A/B test", () => {
  it("is two variants split 50/50, and nothing else", () => {
    expect(isPlainAbTest([{ weight: 50 }, { weight: 50 }])).toBe(true);
    expect(isPlainAbTest([{ weight: 60 }, { weight: 40 }])).toBe(false);
    expect(isPlainAbTest([{ weight: 34 }, { weight: 33 }, { weight: 33 }])).toBe(false);
  });
});

describe("the dashboard's order", () => {
  const older = testOf("older", 1, [arm("A", 50, 2), arm("B", 50, 30)]);
  const newer = testOf("newer", 2, [arm("A", 5, 10), arm("B", 5, 10)]);
  const newest = testOf("newest", 3, [arm("A", 100, 1), arm("B", 0, 0)]);
  const slugs = (tests: TestWithStats[]) => tests.map((test) => test.slug);

  it("is newest first by default, most clicks or best conversion rate on demand", () => {
    expect(slugs(sortTests([older, newest, newer], "newest"))).toEqual(["newest", "newer", "older"]);
    expect(slugs(sortTests([older, newer, newest], "most-clicks"))).toEqual(["newest", "older", "newer"]);
    expect(slugs(sortTests([newest, newer, older], "best-conversion"))).toEqual(["older", "newer", "newest"]);
  });

  it("keeps the newest first among ties, and leaves the list it was given as it was", () => {
    const twin = testOf("twin", 4, [arm("A", 50, 2), arm("B", 50, 30)]);
    const given = [older, twin];
    expect(slugs(sortTests(given, "most-clicks"))).toEqual(["twin", "older"]);
    expect(slugs(given)).toEqual(["older", "twin"]);
  });
});

describe("the test just created", () => {
  const created = testOf("spring", 1, []);

  it("shows at once on its own page", () => {
    expect(readCreatedTest({ createdTest: created }, "spring")).toBe(created);
  });

  it("is ignored on another test's page, or when the page was reached otherwise", () => {
    expect(readCreatedTest({ createdTest: created }, "autumn")).toBeNull();
    for (const state of [null, undefined, "spring", {}, { createdTest: null }])
      expect(readCreatedTest(state, "spring")).toBeNull();
  });
});

describe("the variant preselected for promotion", () => {
  const test = (winner: TestStats["winner"]) =>
    ({ status: "active", winnerVariant: null, endResult: null, stats: { winner, decided: null } }) as never;
  const verdict = (winner: string | null) =>
    ({ verdict: { winner }, primaryMetric: "conversion_rate", arms: [] }) as unknown as TestAnalytics;

  it("is the verdict's winner, else the leader, else none on a tie", () => {
    expect(leadingVariant(standingOf(test("A"), verdict("C")))).toBe("C");
    expect(leadingVariant(standingOf(test("B"), null))).toBe("B");
    expect(leadingVariant(standingOf(test("tie"), null))).toBeNull();
  });
});

describe("a test's end in words", () => {
  const none = { endsAt: null, endAfterVisitors: null, onEnd: "keep" as const, stopEarly: false };

  it("names the date and the visitors, and whichever comes first", () => {
    const both = { ...none, endsAt: "2026-12-31T12:30:00Z", endAfterVisitors: 10_000 };
    // Shown in the browser's zone (Pacific/Marquesas, UTC−09:30, in these tests).
    expect(whenItEnds(both)).toBe(
      "Ends on Dec 31, 2026, 3:00 AM or at 10,000 visitors, whichever comes first.",
    );
    expect(whenItEnds({ ...none, endAfterVisitors: 500, stopEarly: true })).toBe(
      "Ends at 500 visitors. It stops earlier as soon as there is a clear winner.",
    );
    expect(whenItEnds({ ...none, stopEarly: true })).toBe("Ends as soon as there is a clear winner.");
  });

  it("says nothing of an end a test does not have", () => {
    expect(whenItEnds(none)).toBeNull();
    expect(whatHappensAtTheEnd({ ...none, onEnd: "promote" })).toBeNull();
    expect(whatHappensAtTheEnd({ ...none, endAfterVisitors: 500, onEnd: "promote" })).toBe(
      END_MESSAGES.plan.promote,
    );
  });

  it("says why a test ended and what its end did", () => {
    const variants = [
      { label: "A", name: null },
      { label: "B", name: null },
      { label: "C", name: "Red button" },
    ] as SplitTest["variants"];
    const ended = { afterUrl: null, variants };
    expect(howItEnded({ ...ended, endedBy: "winner", endResult: "promoted", winnerVariant: "C" })).toBe(
      `${END_MESSAGES.reason.winner} ${END_MESSAGES.result.promoted("C · Red button")}`,
    );
    expect(howItEnded({ ...ended, endedBy: "date", endResult: "kept", winnerVariant: null })).toBe(
      `${END_MESSAGES.reason.date} ${END_MESSAGES.result.kept}`,
    );
    expect(
      howItEnded({
        variants,
        afterUrl: "https://shop.example/over",
        endedBy: "visitors",
        endResult: "url",
        winnerVariant: null,
      }),
    ).toBe(
      `${END_MESSAGES.reason.visitors} ${END_MESSAGES.result.url} After-page: https://shop.example/over`,
    );
    expect(howItEnded({ ...ended, endedBy: null, endResult: null, winnerVariant: "B" })).toBeNull();
  });
});

describe("the conversion tracker to paste", () => {
  const test = {
    id: "t_1",
    link: "https://splitlink.app/abc123",
    customDomainId: null,
    conversionUrl: null,
    conversionUrlMatch: "equals" as const,
  };

  it("loads the script from the link's origin, for the test", () => {
    expect(trackerSnippet(test, null, "https://elsewhere.example")).toBe(
      '<script src="https://splitlink.app/t.js" data-test="t_1" async></script>',
    );
  });

  it("names the workspace's site key, without which the tag reports no sighting for the checklist", () => {
    expect(trackerSnippet(test, "0123456789abcdef01234567", "https://elsewhere.example")).toBe(
      '<script src="https://splitlink.app/t.js" data-test="t_1" data-site="0123456789abcdef01234567" async></script>',
    );
  });

  it("loads it from the app on a custom domain, and escapes the conversion URL", () => {
    expect(
      trackerSnippet(
        {
          ...test,
          customDomainId: "d1",
          link: "https://go.acme.com/x",
          conversionUrl: 'https://a.example/?a=1&b="2"',
        },
        null,
        "https://splitlink.app",
      ),
    ).toBe(
      '<script src="https://splitlink.app/t.js" data-test="t_1" data-conversion-url="https://a.example/?a=1&amp;b=&quot;2&quot;" async></script>',
    );
  });

  it("says which pages match the goal when it is not the page alone", () => {
    expect(
      trackerSnippet(
        { ...test, conversionUrl: "https://a.example/thanks", conversionUrlMatch: "starts_with" },
        null,
        "https://elsewhere.example",
      ),
    ).toBe(
      '<script src="https://splitlink.app/t.js" data-test="t_1" data-conversion-url="https://a.example/thanks" data-match="starts_with" async></script>',
    );
  });
});
