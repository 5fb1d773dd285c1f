import type { TestWithStats } from "@contract/api";
import { describe, expect, it } from "vitest";
import { dashboardStatus, filterTests } from "@/features/dashboard/filter-tests";

const test = (name: string, fields: Partial<TestWithStats> = {}) =>
  ({ name, status: "active", mode: "experiment", endsAt: null, ...fields }) as TestWithStats;

describe("the dashboard's Status column", () => {
  it("says running, optimising, paused, ended, or when a running test ends", () => {
    expect(dashboardStatus(test("a"))).toEqual({ kind: "running", label: "Running" });
    expect(dashboardStatus(test("a", { mode: "optimise" }))).toEqual({
      kind: "optimising",
      label: "Optimising",
    });
    expect(dashboardStatus(test("a", { status: "paused", mode: "optimise" }))).toEqual({
      kind: "paused",
      label: "Paused",
    });
    expect(dashboardStatus(test("a", { status: "completed", endsAt: "2031-01-15T12:00:00Z" }))).toEqual({
      kind: "ended",
      label: "Ended",
    });
    expect(dashboardStatus(test("a", { endsAt: "2031-01-15T12:00:00Z" })).label).toBe("Ends on Jan 15, 2031");
    expect(dashboardStatus(test("a", { mode: "optimise", endsAt: "2031-01-15T12:00:00Z" })).label).toBe(
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

  it("filters by status; running takes the optimising tests too", () => {
    expect(names(filterTests(tests, "", "running"))).toEqual(["Spring sale", "Pricing headline"]);
    expect(names(filterTests(tests, "", "optimising"))).toEqual(["Pricing headline"]);
    expect(names(filterTests(tests, "", "paused"))).toEqual(["Newsletter form"]);
    expect(names(filterTests(tests, "spring", "ended"))).toEqual(["Old spring test"]);
  });
});
