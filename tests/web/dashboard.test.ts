import type { TestWithStats } from "@contract/api";
import { describe, expect, it } from "vitest";
import { filterTests } from "@/features/dashboard/filter-tests";
import { testStatus } from "@/lib/split-tests/status";
import { winnerBadge } from "@/lib/split-tests/winner-badge";

const test = (name: string, fields: Partial<TestWithStats> = {}) =>
  ({ name, status: "active", mode: "experiment", endsAt: null, tags: [], ...fields }) as TestWithStats;

describe("a test's status, on the dashboard and the test page", () => {
  it("says running, optimising, paused, ended, or when a running test ends", () => {
    expect(testStatus(test("a"))).toEqual({ kind: "running", label: "Running" });
    expect(testStatus(test("a", { mode: "optimise" }))).toEqual({
      kind: "optimising",
      label: "Optimising",
    });
    expect(testStatus(test("a", { status: "paused", mode: "optimise" }))).toEqual({
      kind: "paused",
      label: "Paused",
    });
    expect(testStatus(test("a", { status: "completed", endsAt: "2031-01-15T12:00:00Z" }))).toEqual({
      kind: "ended",
      label: "Ended",
    });
    expect(testStatus(test("a", { endsAt: "2031-01-15T12:00:00Z" })).label).toBe("Ends on Jan 15, 2031");
    expect(testStatus(test("a", { mode: "optimise", endsAt: "2031-01-15T12:00:00Z" })).label).toBe(
      "Optimising, ends on Jan 15, 2031",
    );
  });
});

describe("the dashboard's search and status filter", () => {
  const tests = [
    test("Spring sale"),
    test("Pricing headline", { mode: "optimise" }),
    test("Newsletter form", { status: "paused" }),
    test("Old spring test", { status: "completed" }),
  ];
  const names = (list: TestWithStats[]) => list.map(({ name }) => name);

  it("finds a name by any part, in any case", () => {
    expect(names(filterTests(tests, "  SPRING ", "all"))).toEqual(["Spring sale", "Old spring test"]);
    expect(names(filterTests(tests, "", "all"))).toHaveLength(4);
  });

  it("filters links and tests; a running link says Link and runs", () => {
    const mixed = [
      test("Poster QR", { kind: "link" }),
      test("Hero test", { kind: "test" }),
      test("Old poster", { kind: "link", status: "paused" }),
    ];
    expect(testStatus(test("Poster QR", { kind: "link" }))).toEqual({ kind: "link", label: "Link" });
    expect(names(filterTests(mixed, "", "all", "link"))).toEqual(["Poster QR", "Old poster"]);
    expect(names(filterTests(mixed, "", "all", "test"))).toEqual(["Hero test"]);
    expect(names(filterTests(mixed, "poster", "running", "all"))).toEqual(["Poster QR"]);
    expect(names(filterTests(mixed, "", "paused", "link"))).toEqual(["Old poster"]);
  });

  it("finds a tag by the search, and keeps only the tests that carry the chosen tag (issue #49)", () => {
    const tagged = [
      test("Poster QR", { kind: "link", tags: ["print", "spring"] }),
      test("Mailing", { tags: ["email", "spring"] }),
      test("Hero test"),
    ];
    expect(names(filterTests(tagged, "EMAI", "all"))).toEqual(["Mailing"]);
    expect(names(filterTests(tagged, "", "all", "all", "spring"))).toEqual(["Poster QR", "Mailing"]);
    expect(names(filterTests(tagged, "", "all", "link", "spring"))).toEqual(["Poster QR"]);
    expect(names(filterTests(tagged, "mail", "all", "all", "print"))).toEqual([]);
    expect(names(filterTests(tagged, "", "all", "all", "sprin"))).toEqual([]);
  });

  it("filters by status; running takes the optimising tests too", () => {
    expect(names(filterTests(tests, "", "running"))).toEqual(["Spring sale", "Pricing headline"]);
    expect(names(filterTests(tests, "", "optimising"))).toEqual(["Pricing headline"]);
    expect(names(filterTests(tests, "", "paused"))).toEqual(["Newsletter form"]);
    expect(names(filterTests(tests, "spring", "ended"))).toEqual(["Old spring test"]);
  });
});

describe("the dashboard's Winner column", () => {
  const variants = [
    { label: "A", url: "https://a.example", weight: 50, name: null },
    { label: "B", url: "https://b.example", weight: 50, name: "Red button" },
  ] as TestWithStats["variants"];
  const stats = (fields: Partial<TestWithStats["stats"]>) =>
    ({ winner: null, decided: null, ...fields }) as TestWithStats["stats"];
  const row = (fields: Partial<TestWithStats>) =>
    ({ status: "active", winnerVariant: null, endResult: null, variants, ...fields }) as TestWithStats;

  it("names a named version as the narrow cards do, filled only once decided", () => {
    expect(winnerBadge(row({ stats: stats({ winner: "B" }) }))).toEqual({
      text: "Version B · Red button",
      style: "outline",
    });
    expect(winnerBadge(row({ stats: stats({ winner: "B", decided: "B" }) }))).toEqual({
      text: "Version B · Red button",
      style: "default",
    });
    expect(winnerBadge(row({ stats: stats({ winner: "A" }) })).text).toBe("Version A");
    expect(
      winnerBadge(row({ status: "completed", winnerVariant: "B", stats: stats({ winner: "A" }) })),
    ).toEqual({ text: "Version B · Red button", style: "default" });
  });

  it("keeps the specification's texts without a leader", () => {
    expect(winnerBadge(row({ stats: stats({}) }))).toEqual({ text: "Not enough data", style: "outline" });
    expect(winnerBadge(row({ stats: stats({ winner: "tie" }) }))).toEqual({
      text: "Tie",
      style: "secondary",
    });
  });
});
