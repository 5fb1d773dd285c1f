import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitorAddress } from "../../scripts/splitlink-api";
import { TRACKING_SCREEN_MESSAGES } from "../../web/src/lib/tracking/tracking-screen-messages";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { refuse, reloadUntil, signUpOverHttp, testTotals } from "./flows";
import { startShop } from "./shop-site";

const browser = startBrowser();
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop(browser.baseURL);
});
afterAll(() => shop?.close());

let visitorsSent = 0;

/** A new visitor: a browser of their own, from an address of their own, as Cloudflare reports it. */
function newVisitor(): Promise<Page> {
  return browser.newPage(WIDTHS.narrow, {
    extraHTTPHeaders: { "cf-connecting-ip": visitorAddress(9000 + visitorsSent++) },
  });
}

/** The conversion beacons a visitor's pages send, as they go out. */
function beaconsOf(visitor: Page): string[] {
  const beacons: string[] = [];
  visitor.on("request", (request) => {
    if (request.url().endsWith("/functions/v1/conversions")) beacons.push(request.postData() ?? "");
  });
  return beacons;
}

const headers = () => ({ origin: browser.baseURL, "content-type": "application/json" });

interface CreatedTest {
  id: string;
  slug: string;
  link: string;
}

/** A marketer with the site tag on their shop, and a test made through the API as the SPA would. */
async function marketerWithTest(email: string, test: Record<string, unknown>): Promise<[Page, CreatedTest]> {
  const marketer = await browser.newPage();
  await signUpOverHttp(marketer, email);
  const siteTag = await marketer.request.get("/api/account/site-tag");
  shop.setSiteKey(((await siteTag.json()) as { siteKey: string }).siteKey);
  const created = await marketer.request.post("/api/tests", { headers: headers(), data: test });
  expect(created.status()).toBe(201);
  return [marketer, ((await created.json()) as { test: CreatedTest }).test];
}

/** A test of the shop's two landing pages whose goal is its thank-you page. */
const shopTest = (name: string) => ({
  name,
  urlA: `${shop.www}/a`,
  urlB: `${shop.www}/b`,
  conversionUrl: `${shop.checkout}/thanks`,
});

/** A revenue test in euros whose goal is a call from the page, on the shop's landing pages. */
function callGoalTest(name: string) {
  return {
    name,
    urlA: `${shop.www}/a`,
    urlB: `${shop.www}/b`,
    conversionGoal: "call",
    primaryMetric: "revenue_per_visitor",
    currency: "EUR",
  };
}

/** Six visitors open the split link; the first three buy (`buy` takes each to the goal). */
async function sixVisitorsThreeBuyers(link: string, buy: (visitor: Page) => Promise<void>) {
  const beacons: string[] = [];
  for (let n = 0; n < 6; n++) {
    const visitor = await newVisitor();
    const sent = beaconsOf(visitor);
    await visitor.goto(link);
    await visitor.waitForLoadState("networkidle");
    if (n < 3) await buy(visitor);
    await visitor.close();
    beacons.push(...sent);
  }
  return beacons;
}

describe("the site tag on every page", () => {
  it("counts exactly the three buyers of six visitors, across www. and checkout., with a clean address bar", async () => {
    const [marketer, test] = await marketerWithTest(
      `site-tag-${Date.now()}@example.com`,
      shopTest("Spring collection"),
    );

    // One visitor's path, looked at closely: the landing page's address bar keeps only the shop's own
    // parameters, the site's cookie carries the visit to the checkout host.
    const visitor = await newVisitor();
    await visitor.goto(`${test.link}?utm_source=newsletter`);
    await visitor.getByRole("heading", { name: /Landing [AB]/ }).waitFor();
    await expect.poll(() => new URL(visitor.url()).search).toBe("?utm_source=newsletter");
    await visitor.close();

    const beacons = await sixVisitorsThreeBuyers(test.link, async (buyer) => {
      await buyer.getByRole("link", { name: "About us" }).click();
      await buyer.getByRole("link", { name: "Buy now" }).click();
      await buyer.getByRole("heading", { name: "Thank you" }).waitFor();
      await buyer.waitForLoadState("networkidle");
    });
    expect(beacons).toHaveLength(3);
    for (const beacon of beacons) expect(JSON.parse(beacon)).toMatchObject({ splitTestId: test.id });
    await expect
      .poll(() => testTotals(marketer, test.slug), { timeout: 30_000 })
      .toEqual({
        visitors: 7,
        conversions: 3,
      });
  });
});

describe("the site tag on the goal page only, the parameters forwarded", () => {
  it("counts the three buyers as the specification's flow does", async () => {
    const [marketer, test] = await marketerWithTest(`site-tag-forward-${Date.now()}@example.com`, {
      name: "Forwarded",
      urlA: `${shop.www}/forward-a`,
      urlB: `${shop.www}/forward-b`,
      conversionUrl: `${shop.checkout}/thanks`,
    });
    const beacons = await sixVisitorsThreeBuyers(test.link, async (buyer) => {
      await buyer.getByRole("link", { name: "Buy now" }).click();
      await buyer.getByRole("heading", { name: "Thank you" }).waitFor();
      await buyer.waitForLoadState("networkidle");
    });
    expect(beacons).toHaveLength(3);
    await expect
      .poll(() => testTotals(marketer, test.slug), { timeout: 30_000 })
      .toEqual({
        visitors: 6,
        conversions: 3,
      });
  });
});

describe("a test without a goal", () => {
  it("counts nobody, even visitors who reach the thank-you page, and says why", async () => {
    const [marketer, test] = await marketerWithTest(`site-tag-no-goal-${Date.now()}@example.com`, {
      name: "No goal yet",
      urlA: `${shop.www}/a`,
      urlB: `${shop.www}/b`,
    });
    const beacons = await sixVisitorsThreeBuyers(test.link, async (buyer) => {
      await buyer.getByRole("link", { name: "Buy now" }).click();
      await buyer.getByRole("heading", { name: "Thank you" }).waitFor();
      await buyer.waitForLoadState("networkidle");
    });
    expect(beacons).toEqual([]);
    await marketer.goto(`/test/${test.slug}`);
    await marketer.getByText("This test has no goal yet, so it counts no conversions by itself.").waitFor();
    await expect
      .poll(() => testTotals(marketer, test.slug), { timeout: 30_000 })
      .toEqual({
        visitors: 6,
        conversions: 0,
      });

    // The marketer sets the goal on the test page; the next buyer counts.
    await marketer.getByRole("button", { name: "Change goal" }).click();
    await marketer.getByLabel("Conversion URL").fill("ftp://checkout.shop.test/thanks");
    await marketer.getByRole("button", { name: "Save goal" }).click();
    await marketer.getByText("Please enter valid URLs").waitFor();
    await marketer.getByLabel("Conversion URL").fill(`${shop.checkout}/thanks`);
    await marketer.getByLabel("Which pages").selectOption("starts_with");
    await marketer.getByRole("button", { name: "Save goal" }).click();
    await marketer.getByText("or any page whose address starts with it").waitFor();
    await screenshot(marketer, "goal-set");
    // The edge keeps the goals a minute: this buyer's browser asks past it, as a browser a minute later would.
    const buyer = await newVisitor();
    await buyer.route("**/t/goals/**", (route) =>
      route.continue({ url: `${route.request().url()}?fresh=${Date.now()}` }),
    );
    await buyer.goto(test.link);
    await buyer.getByRole("link", { name: "Buy now" }).click();
    await buyer.getByRole("heading", { name: "Thank you" }).waitFor();
    await expect
      .poll(() => testTotals(marketer, test.slug), { timeout: 30_000 })
      .toEqual({
        visitors: 7,
        conversions: 1,
      });
  });
});

describe("a goal page matched by 'contains'", () => {
  it("counts a visit of a page whose address contains the goal's text, and none of a page whose address does not", async () => {
    // The goal's text (`shop.test:<port>/thanks`) sits inside the thank-you page's address
    // (`checkout.shop.test:<port>/thanks`), not at its start: neither equals nor starts_with would count it.
    const goal = shop.checkout.replace("checkout.", "");
    const [marketer, test] = await marketerWithTest(`site-tag-contains-${Date.now()}@example.com`, {
      name: "Contains",
      urlA: `${shop.www}/a`,
      urlB: `${shop.www}/b`,
      conversionUrl: `${goal}/thanks`,
      conversionUrlMatch: "contains",
    });

    const browsing = await newVisitor();
    await browsing.goto(test.link);
    await browsing.getByRole("link", { name: "About us" }).click();
    await browsing.getByRole("heading", { name: "About us" }).waitFor();
    await browsing.waitForLoadState("networkidle");
    await browsing.close();
    await expect
      .poll(() => testTotals(marketer, test.slug), { timeout: 30_000 })
      .toEqual({
        visitors: 1,
        conversions: 0,
      });

    const buyer = await newVisitor();
    await buyer.goto(test.link);
    await buyer.getByRole("link", { name: "Buy now" }).click();
    await buyer.getByRole("heading", { name: "Thank you" }).waitFor();
    await buyer.waitForLoadState("networkidle");
    await buyer.close();
    await expect
      .poll(() => testTotals(marketer, test.slug), { timeout: 30_000 })
      .toEqual({
        visitors: 2,
        conversions: 1,
      });
  });
});

describe("an explicit call as the goal", () => {
  it("counts the page's splitlink.convert() or a data-convert tag with its value, and no page visit", async () => {
    const [marketer, test] = await marketerWithTest(
      `site-tag-call-${Date.now()}@example.com`,
      callGoalTest("Single-page checkout"),
    );
    const visitor = await newVisitor();
    const beacons = beaconsOf(visitor);
    await visitor.goto(test.link);
    await visitor.goto(`${shop.checkout}/thanks`);
    await visitor.goto(`${shop.checkout}/pay`);
    await visitor.waitForLoadState("networkidle");
    expect(beacons).toEqual([]);
    await visitor.getByRole("button", { name: "Pay" }).click();
    await expect.poll(() => beacons.length).toBe(1);
    expect(JSON.parse(beacons[0] ?? "{}")).toMatchObject({
      splitTestId: test.id,
      amount: 19.9,
      currency: "EUR",
    });
    // Another buyer reaches a confirmation page whose tag carries data-convert: that visit is the call.
    const second = await newVisitor();
    const secondBeacon = second.waitForRequest((request) =>
      request.url().endsWith("/functions/v1/conversions"),
    );
    await second.goto(test.link);
    await second.goto(`${shop.checkout}/confirmed`);
    expect(JSON.parse((await secondBeacon).postData() ?? "{}")).toMatchObject({
      splitTestId: test.id,
      amount: 24.5,
      currency: "EUR",
    });
    await expect
      .poll(() => testTotals(marketer, test.slug), { timeout: 30_000 })
      .toEqual({
        visitors: 2,
        conversions: 2,
      });
  });
});

describe("a named call for a secondary metric (#48)", () => {
  it("counts the metric's call once for that metric, never as the primary's, and the primary's call still counts", async () => {
    const [marketer, test] = await marketerWithTest(`site-tag-metric-${Date.now()}@example.com`, {
      ...callGoalTest("Newsletter and checkout"),
      metrics: [
        {
          name: "Signups",
          role: "secondary",
          kind: "conversion",
          goal: { event: "signup" },
          better: "higher",
        },
      ],
    });
    const visitor = await newVisitor();
    const beacons = beaconsOf(visitor);
    await visitor.goto(test.link);
    await visitor.goto(`${shop.checkout}/newsletter`);
    const answered = visitor.waitForResponse((response) =>
      response.url().endsWith("/functions/v1/conversions"),
    );
    await visitor.getByRole("button", { name: "Sign up" }).click();
    await visitor.getByRole("button", { name: "Sign up" }).click();
    expect((await answered).status()).toBe(202);
    // Once, for the metric: the primary's goal is any call, but not one a metric of the test names.
    expect(beacons.map((beacon) => JSON.parse(beacon))).toEqual([
      expect.objectContaining({ splitTestId: test.id, metric: "Signups" }),
    ]);
    await visitor.goto(`${shop.checkout}/pay`);
    await visitor.getByRole("button", { name: "Pay" }).click();
    await expect.poll(() => beacons.length).toBe(2);
    expect(JSON.parse(beacons[1] ?? "{}")).not.toHaveProperty("metric");
    await expect
      .poll(() => testTotals(marketer, test.slug), { timeout: 30_000 })
      .toEqual({ visitors: 1, conversions: 1 });
    await expect
      .poll(
        async () => {
          const response = await marketer.request.get(`/api/tests/${test.slug}/analytics`);
          const { analytics } = (await response.json()) as {
            analytics: { metrics: { name: string; arms: { value: number }[] }[] };
          };
          return analytics.metrics[0]?.arms.reduce((sum, arm) => sum + arm.value, 0);
        },
        { timeout: 30_000 },
      )
      .toBe(1);
  });
});

describe("an inline splitlink.convert()", () => {
  it("made before the tag has loaded is kept and counted once, with its value", async () => {
    const [marketer, test] = await marketerWithTest(
      `site-tag-inline-${Date.now()}@example.com`,
      callGoalTest("Order page"),
    );
    const visitor = await newVisitor();
    // The tag arrives late, as on a slow network: the page's call runs first.
    await visitor.route("**/t.js*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const errors: string[] = [];
    visitor.on("pageerror", (error) => errors.push(error.message));
    const beacons = beaconsOf(visitor);
    await visitor.goto(test.link);
    await visitor.goto(`${shop.checkout}/order-inline`);
    await expect.poll(() => beacons.length).toBe(1);
    await visitor.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
    expect(beacons).toHaveLength(1);
    expect(JSON.parse(beacons[0] ?? "{}")).toMatchObject({
      splitTestId: test.id,
      amount: 49.99,
      currency: "EUR",
    });
    await expect
      .poll(() => testTotals(marketer, test.slug), { timeout: 30_000 })
      .toEqual({ visitors: 1, conversions: 1 });
  });

  it("counts nothing without a visit of a test, says why in the console, and throws nothing", async () => {
    const visitor = await newVisitor();
    const errors: string[] = [];
    visitor.on("pageerror", (error) => errors.push(error.message));
    const said = visitor.waitForEvent("console", (message) => message.text().startsWith("SplitLink:"));
    await visitor.goto(`${shop.checkout}/order-inline`);
    expect((await said).text()).toContain("splitlink.convert() counted nothing");
    expect(errors).toEqual([]);
  });
});

describe("the setup checklist", () => {
  it("fills itself in as the link is opened, the tag runs on a landing page and the goal page, and a buyer converts", async () => {
    const [marketer, test] = await marketerWithTest(
      `site-tag-setup-${Date.now()}@example.com`,
      shopTest("Setup"),
    );
    // The site tag and the checklist fail to load at first (a refusal, which is not retried): each says
    // so, with no Copy button for a tag that is not there, and loads on Try again.
    await marketer.route("**/api/account/site-tag", refuse);
    await marketer.route(`**/api/tests/${test.slug}/setup`, refuse);
    await marketer.goto(`/test/${test.slug}`);
    const tracker = marketer.getByRole("region", { name: "One-Tag Conversion Tracker" });
    const setupSection = marketer.getByRole("region", { name: "Setup", exact: true });
    await tracker.getByText(TRACKING_SCREEN_MESSAGES.siteTagLoadFailed).waitFor();
    await setupSection.getByText(TRACKING_SCREEN_MESSAGES.setupLoadFailed).waitFor();
    expect(await tracker.getByRole("button", { name: "Copy", exact: true }).count()).toBe(0);
    await marketer.unrouteAll();
    await tracker.getByRole("button", { name: "Try again" }).click();
    await setupSection.getByRole("button", { name: "Try again" }).click();
    await tracker.getByRole("button", { name: "Copy", exact: true }).waitFor();
    const checklist = marketer.getByRole("list", { name: "Setup" });
    await checklist.getByText(`The tag has not run on ${shop.checkout}/thanks yet`).waitFor();
    await screenshot(marketer, "setup-empty");

    // The marketer opens their own thank-you page to check the tag.
    const owner = await newVisitor();
    await owner.goto(`${shop.checkout}/thanks`);
    await owner.waitForLoadState("networkidle");
    await reloadUntil(marketer, async () => {
      await checklist.waitFor();
      return (await checklist.getByText("checkout.shop.test").count()) > 0;
    });
    expect(
      await checklist.getByText("The tag has not run on a page reached from the split link yet").count(),
    ).toBe(1);

    // A visitor comes through the split link and buys at once, before the tag has the goals (held 3 s):
    // the landing page's sighting does not wait for them.
    const buyer = await newVisitor();
    await buyer.route("**/t/goals/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue().catch(() => {});
    });
    await buyer.goto(test.link);
    await buyer.getByRole("link", { name: "Buy now" }).click();
    await buyer.getByRole("heading", { name: "Thank you" }).waitFor();
    await buyer.waitForLoadState("networkidle");
    await reloadUntil(marketer, async () => {
      await checklist.waitFor();
      return (
        (await checklist.getByText("www.shop.test").count()) > 0 &&
        (await checklist.getByText("No conversion yet").count()) === 0
      );
    });
    await screenshot(marketer, "setup-done");

    // The public API gives the same state.
    const setup = await marketer.request.get(`/api/tests/${test.slug}/setup`);
    expect((await setup.json()) as unknown).toMatchObject({
      setup: {
        linkOpenedAt: expect.any(Number),
        landingTag: {
          host: expect.stringContaining("www.shop.test"),
          path: expect.stringMatching(/^\/[ab]$/),
        },
        goalTag: { host: expect.stringContaining("checkout.shop.test"), path: "/thanks" },
        firstConversionAt: expect.any(Number),
      },
    });
  });
});

describe("the test page while the link is tried", () => {
  /** The visitors the variant cards show, added up. */
  async function shownVisitors(page: Page): Promise<number> {
    let total = 0;
    for (const label of ["A", "B"]) {
      const card = page.getByRole("region", { name: `Version ${label}`, exact: true });
      total += Number(await card.locator('dt:text-is("Visitors") + dd').textContent());
    }
    return total;
  }

  it("says the marketer's own visit counted nowhere and why, then shows the next visitor without a reload", async () => {
    const [marketer, test] = await marketerWithTest(
      `site-tag-tried-${Date.now()}@example.com`,
      shopTest("Tried"),
    );
    await marketer.goto(`/test/${test.slug}`);
    const checklist = marketer.getByRole("list", { name: "Setup" });
    await checklist.getByText("A visit shows here within a minute.").waitFor();

    // Signed in, in another tab: a member's own visit is internal.
    const ownTab = await marketer.context().newPage();
    await ownTab.goto(test.link);
    await ownTab.close();
    await checklist
      .getByText("Likely cause: Your own team: internal addresses and signed-in members.")
      .waitFor({ timeout: 30_000 });
    await screenshot(marketer, "setup-own-visit");
    expect(await shownVisitors(marketer)).toBe(0);

    // A visitor of their own: the checklist sees them on its own, and the counts follow it.
    const visitor = await newVisitor();
    await visitor.goto(test.link);
    await checklist.getByText(/^First visitor/).waitFor({ timeout: 30_000 });
    await expect.poll(() => shownVisitors(marketer), { timeout: 10_000 }).toBe(1);
  });
});

describe("a goal page on another site than the landing pages", () => {
  it("says the tag cannot carry the visit across, and counts the buyer whose landing page does as it says", async () => {
    const [marketer, test] = await marketerWithTest(`site-tag-cross-${Date.now()}@example.com`, {
      name: "Cross-site checkout",
      urlA: `${shop.www}/cross-a`,
      urlB: `${shop.www}/cross-b`,
      conversionUrl: `${shop.pay}/thanks`,
    });
    await marketer.goto(`/test/${test.slug}`);
    const note = marketer.getByRole("note");
    await note
      .getByText("are on different sites: the tag cannot carry a visit from one to the other")
      .waitFor();
    await note.getByRole("link", { name: "POST /api/v1/conversions" }).waitFor();
    // The shop's landing pages fill in the note's address, word for word, when the buyer clicks through.
    const address = await note.locator("pre").textContent();
    expect(address).toBe(`${shop.pay}/thanks?sessionId={sessionId}&variant={variant}`);
    shop.setCrossSiteAddress(address ?? "");

    const buyer = await newVisitor();
    const beacons = beaconsOf(buyer);
    await buyer.goto(test.link);
    await buyer.getByRole("link", { name: "Buy now" }).click();
    await buyer.getByRole("heading", { name: "Thank you" }).waitFor();
    await expect.poll(() => beacons.length).toBe(1);
    expect(JSON.parse(beacons[0] ?? "{}")).toMatchObject({ splitTestId: test.id });
    await expect
      .poll(() => testTotals(marketer, test.slug), { timeout: 30_000 })
      .toEqual({ visitors: 1, conversions: 1 });
  });
});
