import { tagPageGoal, type UrlMatch } from "@contract/tracking";
import { describe, expect, it } from "vitest";
import { runTag, storedVisit } from "./run-tag";

// The site tag run on a page with a stored visit of one test, given the goals /t/goals would answer
// (built by the Worker's own tagPageGoal): whether it posts that test's conversion.
async function converts(page: string, goal: object): Promise<boolean> {
  const { beacons } = await runTag({
    url: page,
    attributes: { src: "https://app.example/t.js", "data-site": "0123456789abcdef01234567" },
    storage: storedVisit({ t: "t1", v: "A", s: "s1" }),
    goals: [{ id: "t1", goal: "page", ...goal }],
  });
  return beacons.length > 0;
}

// Every goal and page the tag matched before the goals hid their queries, and what it answered then.
const CASES: [UrlMatch, string, string, boolean][] = [
  ["equals", "https://shop.example/thanks", "https://shop.example/thanks", true],
  ["equals", "https://shop.example/thanks", "https://shop.example/thanks/?order=4", true],
  ["equals", "https://shop.example/thanks", "https://other.example/thanks", false],
  ["equals", "https://shop.example/thanks?plan=pro", "https://shop.example/thanks?plan=pro", true],
  ["equals", "https://shop.example/thanks?plan=pro", "https://shop.example/thanks?plan=free", false],
  ["equals", "https://shop.example/thanks?plan=pro", "https://shop.example/thanks", false],
  ["equals", "https://shop.example/thanks?plan=pro", "https://shop.example/thanks?plan=pro&x=1", false],
  ["starts_with", "https://shop.example/order/", "https://shop.example/order/42", true],
  ["starts_with", "https://shop.example/order/", "https://shop.example/cart", false],
  ["starts_with", "https://shop.example/order?step=done", "http://shop.example/order?step=done&id=4", true],
  ["starts_with", "https://shop.example/order?step=done", "https://shop.example/order?step=pay", false],
  [
    "starts_with",
    "https://shop.example/order?step=done",
    "https://x.example/shop.example/order?step=done",
    false,
  ],
  ["contains", "https://shop.example/thanks", "https://www.shop.example/thanks?x=1", true],
  ["contains", "https://shop.example/thanks", "https://shop.example/cart", false],
  ["contains", "https://shop.example/thanks?plan=pro", "https://shop.example/thanks?plan=pro&x=1", true],
  ["contains", "https://shop.example/thanks?plan=pro", "https://shop.example/thanks?ref=a&plan=pro", false],
  [
    "contains",
    "https://shop.example/thanks?plan=pro",
    "https://shop.example/thanks?plan=free&next=shop.example/thanks?plan=pro",
    true,
  ],
];

describe("the tag's page goals, as /t/goals names them", () => {
  it.each(CASES)("%s %s on %s: converts %s", async (match, goal, page, expected) => {
    const named = tagPageGoal(goal, match);
    expect(JSON.stringify(named)).not.toMatch(/plan=|step=/);
    expect(await converts(page, named)).toBe(expected);
  });

  it("does not convert on a page whose query only shares the goal's length", async () => {
    const named = tagPageGoal("https://shop.example/thanks?plan=pro", "equals");
    expect(await converts("https://shop.example/thanks?plan=xyz", named)).toBe(false);
  });
});
