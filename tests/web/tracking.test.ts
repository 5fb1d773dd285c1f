import type { TrackingSetup } from "@contract/api";
import { goalAfter, NO_GOAL, registrableDomainOf, TAG_QUEUE_STUB } from "@contract/tracking";
import { describe, expect, it } from "vitest";
import { goalInput, goalProblem } from "@/lib/split-tests/goal-drafts";
import {
  COUNTED_WITHOUT_SIGHTING,
  crossSiteGoal,
  NO_GOAL_TEXT,
  setupSteps,
} from "@/lib/tracking/setup-steps";
import { convertCall, siteTagSnippet } from "@/lib/tracking/tag-snippets";

const variants = [
  { label: "A" as const, url: "https://www.shop.example/a", weight: 50, name: null },
  { label: "B" as const, url: "https://www.shop.example/b", weight: 50, name: null },
];
const pageGoal = {
  link: "https://splitlink.example/r/abc123",
  variants,
  conversionGoal: "page" as const,
  conversionUrl: "https://checkout.shop.example/thanks",
};
const nothingYet: TrackingSetup = {
  linkOpenedAt: null,
  landingTag: null,
  goalTag: null,
  firstConversionAt: null,
  uncountedVisits: [],
  refusedConversions: [],
};

describe("a goal after a change", () => {
  it("becomes the page goal with a URL alone, drops the URL for a call, and refuses what cannot be", () => {
    expect(goalAfter(NO_GOAL, { conversionUrl: "https://shop.example/thanks" })).toEqual({
      conversionGoal: "page",
      conversionUrl: "https://shop.example/thanks",
      conversionUrlMatch: "equals",
    });
    const page = {
      conversionGoal: "page" as const,
      conversionUrl: "https://shop.example/t",
      conversionUrlMatch: "contains" as const,
    };
    expect(goalAfter(page, { conversionGoal: "call" })).toEqual({
      ...page,
      conversionGoal: "call",
      conversionUrl: null,
    });
    expect(goalAfter(page, { conversionUrl: null })).toMatchObject({
      conversionGoal: "none",
      conversionUrl: null,
    });
    expect(goalAfter(NO_GOAL, { conversionGoal: "page" })).toBe("urlRequired");
    expect(goalAfter(NO_GOAL, { conversionGoal: "call", conversionUrl: "https://shop.example/t" })).toBe(
      "urlOnlyForPage",
    );
  });

  it("is sent from the form as no goal when the page is chosen and its URL left empty", () => {
    expect(goalInput({ kind: "page", url: "  ", match: "equals" })).toMatchObject({
      conversionGoal: "none",
      conversionUrl: null,
    });
    expect(goalInput({ kind: "call", url: "https://x.example", match: "equals" })).toMatchObject({
      conversionGoal: "call",
      conversionUrl: null,
    });
    expect(goalProblem({ kind: "page", url: "shop.example/thanks", match: "equals" })).toBe(
      "Please enter valid URLs",
    );
    expect(goalProblem({ kind: "call", url: "not a url", match: "equals" })).toBeNull();
  });
});

describe("the setup checklist", () => {
  it("says what to fix for each step not done, naming the goal page", () => {
    const steps = setupSteps(pageGoal, nothingYet, 0);
    expect(steps.map((step) => step.done)).toEqual([false, false, false, false]);
    expect(steps[2]?.detail).toContain("The tag has not run on https://checkout.shop.example/thanks yet");
    expect(steps[1]?.detail).toContain("www.shop.example");
  });

  it("shows where and when the tag ran", () => {
    const now = 10 * 60_000;
    const setup = {
      linkOpenedAt: 0,
      landingTag: { host: "www.shop.example", path: "/a", seenAt: now - 120_000 },
      goalTag: { host: "checkout.shop.example", path: "/thanks", seenAt: now - 60_000 },
      firstConversionAt: now - 60_000,
      uncountedVisits: [],
      refusedConversions: [],
    };
    const steps = setupSteps(pageGoal, setup, now);
    expect(steps.every((step) => step.done)).toBe(true);
    expect(steps[1]?.detail).toBe("www.shop.example/a, 2 minutes ago");
  });

  it("is done from a counted conversion of any source, and never says the tag has not run then", () => {
    // The demo's winner: conversions from the server and Stripe, no sighting of the tag.
    const steps = setupSteps(
      pageGoal,
      { ...nothingYet, linkOpenedAt: 0, firstConversionAt: 60_000 },
      120_000,
    );
    expect(steps.map((step) => step.done)).toEqual([true, true, true, true]);
    expect(steps.map((step) => step.detail).join(" ")).not.toMatch(/not run|yet/);
    expect(steps[1]?.detail).toBe(COUNTED_WITHOUT_SIGHTING);
  });

  it("names the likely cause when nothing counts: no landing sighting, no goal sighting, refused beacons", () => {
    const opened = { ...nothingYet, linkOpenedAt: 0 };
    expect(setupSteps(pageGoal, opened, 0)[3]?.detail).toBe(
      "No conversion yet. Likely cause: the tag has not run on a landing page, so your site does not keep the visit.",
    );
    const landed = { ...opened, landingTag: { host: "www.shop.example", path: "/a", seenAt: 0 } };
    expect(setupSteps(pageGoal, landed, 0)[3]?.detail).toBe(
      "No conversion yet. Likely cause: the tag runs on the landing pages but has not run on the goal page, https://checkout.shop.example/thanks.",
    );
    const refused: TrackingSetup = {
      ...landed,
      goalTag: { host: "checkout.shop.example", path: "/thanks", seenAt: 0 },
      refusedConversions: [
        { reason: "not_server", events: 3 },
        { reason: "no_click", events: 1 },
      ],
    };
    expect(setupSteps(pageGoal, refused, 0)[3]).toEqual({
      label: "First conversion",
      done: false,
      detail:
        "No conversion yet: 3 arrived and were not counted. Likely cause: Sent by the tag: this test counts your server's conversions only.",
    });
  });

  it("says a visit shows within a minute, and why visits that came did not open the link: a member's own is internal", () => {
    expect(setupSteps(pageGoal, nothingYet, 0)[0]?.detail).toBe(
      "Nobody has opened https://splitlink.example/r/abc123 yet: open it once to try it. A visit shows here within a minute.",
    );
    const own = setupSteps(
      pageGoal,
      { ...nothingYet, uncountedVisits: [{ reason: "internal", events: 2 }] },
      0,
    );
    expect(own[0]).toMatchObject({ label: "Link opened", done: false });
    expect(own[0]?.detail).toBe(
      "No visit has counted yet: 2 visits reached the link and counted in no version. Likely cause: Your own team: internal addresses and signed-in members. To try it as a visitor, open it in a private window, away from your internal addresses.",
    );
    const bots = setupSteps(pageGoal, { ...nothingYet, uncountedVisits: [{ reason: "bot", events: 1 }] }, 0);
    expect(bots[0]?.detail).toBe(
      "No visit has counted yet: 1 visit reached the link and counted in no version. Likely cause: Bots and crawlers.",
    );
    const scheduled = { ...pageGoal, startsAt: new Date(60_000).toISOString() };
    expect(setupSteps(scheduled, nothingYet, 0)[0]?.detail).toBe(
      "Nobody's visit counts before the test starts: until then https://splitlink.example/r/abc123 sends everyone to the page before it.",
    );
    expect(setupSteps(scheduled, nothingYet, 120_000)[0]?.detail).toContain("open it once to try it");
    // Once a visit counts, the ones left out before no longer make the step undone.
    const opened = {
      ...nothingYet,
      linkOpenedAt: 0,
      uncountedVisits: [{ reason: "internal" as const, events: 2 }],
    };
    expect(setupSteps(pageGoal, opened, 0)[0]).toMatchObject({
      done: true,
      detail: "First visitor less than a minute ago",
    });
  });

  it("asks for a goal when there is none", () => {
    const steps = setupSteps({ ...pageGoal, conversionGoal: "none", conversionUrl: null }, nothingYet, 0);
    expect(steps[2]).toMatchObject({ label: "Goal", done: false });
    expect(NO_GOAL_TEXT).toBe("This test has no goal yet, so it counts no conversions by itself.");
  });
});

describe("across sites", () => {
  it("knows www. and checkout. as one site, and another registrable domain as another", () => {
    expect(registrableDomainOf("checkout.shop.example")).toBe("shop.example");
    expect(registrableDomainOf("www.shop.co.uk")).toBe("shop.co.uk");
    expect(crossSiteGoal(pageGoal)).toBeNull();
    expect(crossSiteGoal({ ...pageGoal, conversionUrl: "https://pay.other.example/thanks" })).toEqual({
      landing: ["shop.example"],
      goal: "other.example",
    });
  });
});

describe("the snippets", () => {
  it("name the site key, and fill in the value and currency to replace for revenue", () => {
    expect(siteTagSnippet("0123456789abcdef01234567", {}, "https://app.example")).toBe(
      `${TAG_QUEUE_STUB}\n<script src="https://app.example/t.js" data-site="0123456789abcdef01234567" async></script>`,
    );
    expect(siteTagSnippet("k", { currency: "EUR" }, "https://app.example")).toContain(
      'data-amount="49.99" data-currency="EUR"',
    );
    expect(convertCall("EUR")).toBe('splitlink.convert({ value: 49.99, currency: "EUR" })');
    expect(convertCall(null)).toBe("splitlink.convert()");
    expect(convertCall(null, true)).toBe('splitlink.convert({ value: 49.99, currency: "EUR" })');
  });

  it("begin with a stub that keeps the calls a page makes before the tag has loaded", () => {
    const page: { splitlink?: { q: unknown[]; convert(options?: unknown): void } } = {};
    const script = TAG_QUEUE_STUB.replace(/^<script>|<\/script>$/g, "");
    new Function("window", script)(page);
    page.splitlink?.convert({ value: 49.99, currency: "EUR" });
    page.splitlink?.convert();
    expect(page.splitlink?.q).toEqual([{ value: 49.99, currency: "EUR" }, {}]);
    // A second copy of the tag on the page keeps the first one's queue.
    new Function("window", script)(page);
    expect(page.splitlink?.q).toHaveLength(2);
  });
});
