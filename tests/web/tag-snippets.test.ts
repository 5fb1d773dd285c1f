import { tagPageGoal } from "@contract/tracking";
import { describe, expect, it } from "vitest";
import { forwardedGoalUrl, siteTagSnippet, trackerSnippet } from "@/lib/tracking/tag-snippets";
import { attributesOf, runTag, storedVisit } from "./run-tag";

// What the test page tells a marketer to paste and do, run with the real web/tag/t.js: the beacons a
// visitor's pages send.
const SITE_KEY = "0123456789abcdef01234567";
const APP = "https://splitlink.app";
const siteTag = attributesOf(siteTagSnippet(SITE_KEY, {}, APP));
const test = {
  id: "t1",
  link: `${APP}/r/abc123`,
  customDomainId: null,
  conversionUrl: "https://shop.example/thanks",
  conversionUrlMatch: "equals" as const,
};

describe("a goal page on another site, as the test page's note says", () => {
  const CASES = [
    ["the site tag", "https://pay.example.net/thanks"],
    ["the site tag", "https://pay.example.net/thanks?plan=pro"],
    ["the per-test snippet", "https://pay.example.net/thanks"],
    ["the per-test snippet", "https://pay.example.net/thanks?plan=pro"],
  ] as const;

  it.each(CASES)("counts the visit passed on from the landing page, with %s on %s", async (kind, goal) => {
    const goals = [{ id: "t1", goal: "page", ...tagPageGoal(goal, "equals") }];
    const snippet = attributesOf(trackerSnippet({ ...test, conversionUrl: goal }, SITE_KEY, APP));
    const attributes = kind === "the site tag" ? siteTag : snippet;
    // The landing page, straight from the split link's redirect: it converts nothing by itself.
    const landing = await runTag({
      url: "https://www.shop.example/a?utm_source=mail&sessionId=s1&variant=B&splitTestId=t1",
      attributes,
      goals,
    });
    expect(landing.beacons).toEqual([]);
    // The visitor clicks through: the page fills in the note's address as it says.
    const address = forwardedGoalUrl(goal)
      .replace("{sessionId}", String(landing.api.sessionId()))
      .replace("{variant}", String(landing.api.variant()));
    // The goal page, on a site that has no visit stored; a browser sends another site only its origin.
    const thanks = await runTag({ url: address, referrer: "https://www.shop.example/", attributes, goals });
    expect(thanks.beacons).toEqual([{ splitTestId: "t1", sessionId: "s1", variant: "B" }]);
  });
});

describe("the per-test snippet", () => {
  it("gives the visit's session and variant, on the landing page too", async () => {
    const { api, beacons } = await runTag({
      url: "https://shop.example/a?sessionId=s1&variant=B&splitTestId=t1",
      attributes: attributesOf(trackerSnippet(test, null, APP)),
    });
    expect([api.sessionId(), api.variant()]).toEqual(["s1", "B"]);
    expect(beacons).toEqual([]);
  });

  it("matches its goal page as the test says: any page that starts with it", async () => {
    const attributes = attributesOf(
      trackerSnippet({ ...test, conversionUrlMatch: "starts_with" }, null, APP),
    );
    const storage = storedVisit({ t: "t1", v: "A", s: "s1" });
    const cart = await runTag({ url: "https://shop.example/cart", attributes, storage });
    expect(cart.beacons).toEqual([]);
    const order = await runTag({ url: "https://shop.example/thanks/order-42", attributes, storage });
    expect(order.beacons).toEqual([{ splitTestId: "t1", sessionId: "s1", variant: "A" }]);
  });

  it("counts a named goal for the test's metric, not its primary", async () => {
    const attributes = attributesOf(trackerSnippet(test, SITE_KEY, APP));
    const signup = await runTag({
      url: "https://shop.example/newsletter",
      attributes,
      storage: storedVisit({ t: "t1", v: "A", s: "s1" }),
      goals: [
        {
          id: "t1",
          goal: "page",
          ...tagPageGoal(test.conversionUrl, "equals"),
          metrics: [{ name: "Signups", event: "signup" }],
        },
      ],
    });
    signup.api.convert({ goal: "signup" });
    signup.api.convert({ goal: "unknown" });
    await signup.settle();
    expect(signup.beacons).toEqual([{ splitTestId: "t1", sessionId: "s1", variant: "A", metric: "Signups" }]);
    expect(signup.logged).toEqual([
      expect.stringContaining('splitlink.convert({ goal: "unknown" }) counted nothing'),
    ]);
  });

  it("counts no named goal without the site key, and says why", async () => {
    const { api, beacons, logged, settle } = await runTag({
      url: "https://shop.example/newsletter",
      attributes: attributesOf(trackerSnippet(test, null, APP)),
      storage: storedVisit({ t: "t1", v: "A", s: "s1" }),
    });
    api.convert({ goal: "signup" });
    await settle();
    expect(beacons).toEqual([]);
    expect(logged).toEqual([expect.stringContaining("a named goal needs the tag's data-site")]);
  });
});
