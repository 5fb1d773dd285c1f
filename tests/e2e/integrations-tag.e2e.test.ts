import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitorAddress } from "../../scripts/splitlink-api";
import { INTEGRATION_CARD_MESSAGES } from "../../web/src/features/settings/integrations/messages";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { refuse, reloadUntil, signUpOverHttp, visibleToast } from "./flows";
import { startShop } from "./shop-site";

// The integrations that live in the site tag (issue #36): the page's own GA4 and Tag Manager told each
// visitor's version when the workspace switched it on, Stripe's links and buy buttons carrying the
// visitor's session, and Shopify's checkout counted by SplitLink's pixel.

const browser = startBrowser();
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop(browser.baseURL);
});
afterAll(() => shop?.close());

let visitorsSent = 0;
const headers = () => ({ origin: browser.baseURL, "content-type": "application/json" });

interface CreatedTest {
  id: string;
  slug: string;
  link: string;
}

/** A marketer with the site tag on their shop, a test made through the API, and GA4 switched as asked. */
async function marketerWithTest(
  name: string,
  test: Record<string, unknown>,
  ga4: boolean,
): Promise<[Page, CreatedTest]> {
  const marketer = await browser.newPage();
  await signUpOverHttp(marketer, `${name}-${Date.now()}@example.com`);
  const siteTag = await marketer.request.get("/api/account/site-tag");
  shop.setSiteKey(((await siteTag.json()) as { siteKey: string }).siteKey);
  if (ga4) {
    const on = await marketer.request.put("/api/integrations/ga4", {
      headers: headers(),
      data: { enabled: true },
    });
    expect(on.status()).toBe(200);
  }
  const created = await marketer.request.post("/api/tests", { headers: headers(), data: test });
  expect(created.status()).toBe(201);
  return [marketer, ((await created.json()) as { test: CreatedTest }).test];
}

/** A new visitor through the split link: the page they landed on, with their version and session. */
async function visitThroughLink(link: string) {
  const visitor = await browser.newPage(WIDTHS.narrow, {
    extraHTTPHeaders: { "cf-connecting-ip": visitorAddress(9500 + visitorsSent++) },
  });
  const landing = visitor.waitForRequest((request) => request.url().includes("sessionId="));
  const goals = visitor.waitForResponse((response) => response.url().includes("/t/goals/"));
  await visitor.goto(link);
  const params = new URL((await landing).url()).searchParams;
  expect((await goals).status()).toBe(200);
  await visitor.waitForLoadState("networkidle");
  return { visitor, variant: params.get("variant") ?? "", session: params.get("sessionId") ?? "" };
}

const analyticsOf = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { gtagCalls: unknown[][]; dataLayer: Record<string, unknown>[] };
    return {
      impressions: w.gtagCalls.filter((call) => call[0] === "event" && call[1] === "experience_impression"),
      exposures: w.dataLayer.filter((push) => push.event === "splitlink_exposure"),
    };
  });

const ANALYTICS_TEST = (name: string) => ({
  name,
  urlA: `${shop.www}/analytics-a`,
  urlB: `${shop.www}/analytics-b`,
});

describe("GA4 and Tag Manager", () => {
  it("switched on, tell the page's gtag and dataLayer the visitor's version once", async () => {
    const [, test] = await marketerWithTest("ga4-on", ANALYTICS_TEST("Spring hero"), true);
    const { visitor, variant } = await visitThroughLink(test.link);
    expect(variant).toMatch(/^[AB]$/);
    const expected = `SPLITLINK-${test.id}-${variant}`;
    await expect.poll(async () => (await analyticsOf(visitor)).impressions.length).toBe(1);
    const { impressions, exposures } = await analyticsOf(visitor);
    expect(impressions).toEqual([["event", "experience_impression", { exp_variant_string: expected }]]);
    expect(expected.length).toBeLessThanOrEqual(100);
    expect(exposures).toEqual([
      {
        event: "splitlink_exposure",
        splitlink_test: test.id,
        splitlink_variant: variant,
        exp_variant_string: expected,
      },
    ]);
    await screenshot(visitor, "integrations-ga4-landing");
    await visitor.close();
  });

  it("report the same through the tag Tag Manager's template injects (t.js?site=…, no attributes)", async () => {
    const [, test] = await marketerWithTest(
      "ga4-gtm",
      { name: "Through GTM", urlA: `${shop.www}/gtm-a`, urlB: `${shop.www}/gtm-b` },
      true,
    );
    const { visitor, variant, session } = await visitThroughLink(test.link);
    await expect.poll(async () => (await analyticsOf(visitor)).exposures.length).toBe(1);
    expect((await analyticsOf(visitor)).impressions).toEqual([
      ["event", "experience_impression", { exp_variant_string: `SPLITLINK-${test.id}-${variant}` }],
    ]);
    const link = await visitor.getByRole("link", { name: "Pay with Stripe" }).getAttribute("href");
    expect(new URL(link ?? "").searchParams.get("client_reference_id")).toBe(session);
    await visitor.close();
  });

  it("switched off (the default), tell them nothing", async () => {
    const [, test] = await marketerWithTest("ga4-off", ANALYTICS_TEST("Spring hero off"), false);
    const { visitor } = await visitThroughLink(test.link);
    // The tag ran (it keeps the visit), and told the page's analytics nothing.
    expect(
      await visitor.evaluate(() =>
        (window as { splitlink?: { sessionId(): string } }).splitlink?.sessionId(),
      ),
    ).toBeTruthy();
    expect(await analyticsOf(visitor)).toEqual({ impressions: [], exposures: [] });
    await visitor.close();
  });
});

describe("Stripe Payment Links and buy buttons", () => {
  it("carry the visitor's session as client_reference_id, also when added later, never replacing one set", async () => {
    const [, test] = await marketerWithTest("stripe-links", ANALYTICS_TEST("Stripe offers"), false);
    const { visitor, session } = await visitThroughLink(test.link);
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    const href = (name: string) => visitor.getByRole("link", { name }).getAttribute("href");
    const stripeLink = new URL((await href("Pay with Stripe")) ?? "");
    expect(stripeLink.searchParams.get("client_reference_id")).toBe(session);
    expect(stripeLink.searchParams.get("prefilled_email")).toBe("ana@example.com");
    expect(new URL((await href("Pay order 7")) ?? "").searchParams.get("client_reference_id")).toBe(
      "order-7",
    );
    expect(await visitor.locator("#buy-button").getAttribute("client-reference-id")).toBe(session);

    await visitor.getByRole("button", { name: "More offers" }).click();
    await expect
      .poll(() => visitor.locator("#later-button").getAttribute("client-reference-id"))
      .toBe(session);
    expect(new URL((await href("Pay later")) ?? "").searchParams.get("client_reference_id")).toBe(session);
    await visitor.close();
  });
});

describe("Shopify's checkout", () => {
  it("counts a visitor's completed checkout with its total, through SplitLink's pixel alone", async () => {
    const [marketer, test] = await marketerWithTest(
      "shopify",
      { ...ANALYTICS_TEST("Shopify hero"), conversionGoal: "call", currency: "EUR" },
      false,
    );
    const { visitor, variant, session } = await visitThroughLink(test.link);
    await visitor.goto(`${shop.checkout}/shopify-thanks`);
    const beacon = visitor.waitForRequest((request) => request.url().endsWith("/functions/v1/conversions"));
    await visitor.getByRole("button", { name: "Complete order" }).click();
    expect(JSON.parse((await beacon).postData() ?? "{}")).toEqual({
      splitTestId: test.id,
      sessionId: session,
      variant,
      amount: 64.5,
      currency: "EUR",
    });
    await visitor.waitForLoadState("networkidle");

    // The same order again (a reloaded order status page) sends nothing more.
    let again = 0;
    visitor.on("request", (request) => {
      if (request.url().endsWith("/functions/v1/conversions")) again++;
    });
    await visitor.reload();
    await visitor.getByRole("button", { name: "Complete order" }).click();
    await visitor.getByText("Order placed").waitFor();
    await visitor.waitForLoadState("networkidle");
    expect(again).toBe(0);
    await visitor.close();

    // The test page shows the order counted, with its value.
    await marketer.goto(`/test/${test.slug}`);
    await reloadUntil(marketer, async () => {
      await marketer.waitForLoadState("networkidle");
      return (await marketer.getByText("€64.50").count()) > 0;
    });
    await screenshot(marketer, "integrations-shopify-counted");
  });
});

describe("Settings → Integrations", () => {
  it("switches the GA4 report on, offers the Tag Manager template and the Shopify pixel with the site key", async () => {
    const marketer = await browser.newPage(WIDTHS.narrow);
    await signUpOverHttp(marketer, `integrations-settings-${Date.now()}@example.com`);
    const siteKey = (
      (await (await marketer.request.get("/api/account/site-tag")).json()) as { siteKey: string }
    ).siteKey;
    // The site key fails to load at first: the Shopify card says so, and shows the pixel on Try again.
    await marketer.route("**/api/account/site-tag", refuse);
    await marketer.goto("/settings/integrations");
    const analytics = marketer.getByRole("region", { name: "Google Analytics 4 and Tag Manager" });
    await analytics.getByTestId("ga4-status").getByText("Off").waitFor();
    await analytics
      .getByRole("checkbox", { name: "Report each visitor's version to GA4 and Tag Manager" })
      .check();
    await visibleToast(marketer, "GA4 and Tag Manager report switched on");
    await analytics.getByText("On, switched on less than a minute ago").waitFor();
    await marketer.reload();
    expect(await analytics.getByRole("checkbox").isChecked()).toBe(true);

    const template = analytics.getByRole("link", { name: "Download the GTM template" });
    const templateText = await (
      await marketer.request.get((await template.getAttribute("href")) ?? "")
    ).text();
    expect(templateText).toContain("___SANDBOXED_JS_FOR_WEB_TEMPLATE___");
    expect(templateText).toContain("injectScript");

    const shopify = marketer.getByRole("region", { name: "Shopify checkouts" });
    await shopify.getByText(INTEGRATION_CARD_MESSAGES.shopifyLoadFailed).waitFor();
    await marketer.unroute("**/api/account/site-tag");
    await shopify.getByRole("button", { name: "Try again" }).click();
    const pixel = await shopify.getByRole("textbox", { name: "Pixel code" }).inputValue();
    expect(pixel).toContain(`const SITE_KEY = "${siteKey}";`);
    expect(pixel).toContain(`const SPLITLINK_ORIGIN = "${browser.baseURL}";`);
    expect(pixel).toContain('analytics.subscribe("checkout_completed"');
    await shopify.getByRole("button", { name: "Copy pixel code" }).waitFor();
    await marketer.getByRole("heading", { name: "Integrations" }).scrollIntoViewIfNeeded();
    await screenshot(marketer, "settings-integrations");
  });
});
