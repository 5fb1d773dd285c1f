import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_MESSAGES, TRAFFIC_QUALITY_MESSAGES, TRAFFIC_RULES_MESSAGES } from "../../contract/messages";
import { visitorAddress } from "../../scripts/splitlink-api";
import { DESKTOP_USER_AGENT, startBrowser, WIDTHS } from "./browser";
import { marketerSiteFor, reloadUntil, signUpOverHttp, testTotals, visibleToast } from "./flows";

// Issue #47's browser journey on a marketer's own site (tests/e2e/marketer-site.ts, its own origin).
const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);
afterEach(() => {
  marketerSite().setSiteKey("");
});

let visitorsSent = 0;

/** A new visitor: a browser of their own, from an address of their own, as Cloudflare reports it. */
function newVisitor(): Promise<Page> {
  return browser.newPage(WIDTHS.narrow, {
    extraHTTPHeaders: { "cf-connecting-ip": visitorAddress(9500 + visitorsSent++) },
  });
}

interface CreatedTest {
  id: string;
  slug: string;
  link: string;
}

/** A marketer and a test on the marketer site's landing pages A and B, whose goal is its thank-you page. */
async function marketerWithTest(name: string): Promise<[Page, CreatedTest, string]> {
  const marketer = await browser.newPage();
  await signUpOverHttp(marketer, `${name.toLowerCase().replaceAll(" ", "-")}-${Date.now()}@example.com`);
  const siteTag = await marketer.request.get("/api/account/site-tag");
  const { siteKey } = (await siteTag.json()) as { siteKey: string };
  const created = await marketer.request.post("/api/tests", {
    headers: { origin: browser.baseURL, "content-type": "application/json" },
    data: {
      name,
      urlA: `${marketerSite().origin}/a`,
      urlB: `${marketerSite().origin}/b`,
      conversionUrl: `${marketerSite().origin}/thanks`,
    },
  });
  expect(created.status()).toBe(201);
  return [marketer, ((await created.json()) as { test: CreatedTest }).test, siteKey];
}

/**
 * A visitor opens the split link and the landing page forwards them at once, before its tag has run (the
 * tag is not loaded there at all), to the thank-you page with the specification's `sessionId` and
 * `variant`, and no referrer: nothing of the visit is stored on the site.
 */
async function forwardedBeforeTheTagRan(link: string): Promise<Page> {
  const visitor = await newVisitor();
  // An empty script rather than a failed load, which the browser would log as an error.
  await visitor.route("**/t.js*", (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  await visitor.goto(link);
  const landed = new URL(visitor.url());
  const variant = landed.searchParams.get("variant") ?? "";
  const sessionId = landed.searchParams.get("sessionId") ?? "";
  await visitor.getByRole("heading", { name: `Landing ${variant}` }).waitFor();
  await visitor.unroute("**/t.js*");

  const answer = visitor.waitForResponse((response) => response.url().endsWith("/functions/v1/conversions"));
  await visitor.goto(`${marketerSite().origin}/thanks?sessionId=${sessionId}&variant=${variant}`);
  expect((await answer).status()).toBe(202);
  expect(JSON.parse((await answer).request().postData() ?? "{}")).toMatchObject({ sessionId, variant });
  return visitor;
}

/** Counts arrive through the queue: waits until they are as expected, then checks they stay so. */
async function expectCounts(
  marketer: Page,
  slug: string,
  expected: { visitors: number; conversions: number },
) {
  await expect.poll(() => testTotals(marketer, slug), { timeout: 30_000, interval: 1_000 }).toEqual(expected);
}

describe("the specification's forwarded flow, whatever the timing", () => {
  it("counts the site tag's thank-you page once, for a visitor forwarded before the landing page's tag ran", async () => {
    const [marketer, test, siteKey] = await marketerWithTest("Forwarded site tag");
    marketerSite().setSiteKey(siteKey);

    const visitor = await forwardedBeforeTheTagRan(test.link);
    await expectCounts(marketer, test.slug, { visitors: 1, conversions: 1 });

    // The thank-you page reloaded: still one.
    await visitor.reload();
    await visitor.waitForLoadState("networkidle");
    await expectCounts(marketer, test.slug, { visitors: 1, conversions: 1 });
  });

  it("counts the per-test snippet's thank-you page once, for a visitor forwarded before the landing page's tag ran", async () => {
    const [marketer, test] = await marketerWithTest("Forwarded snippet");
    marketerSite().setTestId(test.id);

    await forwardedBeforeTheTagRan(test.link);
    await expectCounts(marketer, test.slug, { visitors: 1, conversions: 1 });
  });
});

describe("traffic that should not count", () => {
  it("leaves out the marketer's own click, an internal range and a blocked user agent, and says so in traffic quality", async () => {
    const [marketer, test] = await marketerWithTest("Clean traffic");
    const internal = visitorAddress(9400);
    await marketer.goto("/settings/workspace");
    await marketer.getByLabel(TRAFFIC_RULES_MESSAGES.internalLabel).fill(`${internal}/32`);
    await marketer.getByLabel(TRAFFIC_RULES_MESSAGES.blockedLabel).fill("userAgent: ShopWatcher");
    await marketer.getByRole("button", { name: TRAFFIC_RULES_MESSAGES.save }).click();
    await visibleToast(marketer, TRAFFIC_RULES_MESSAGES.saved);

    // The marketer opens their own link, signed in: their team's click.
    await marketer.goto(test.link);
    await marketer.getByRole("heading", { name: /^Landing [AB]$/ }).waitFor();
    const fetchAs = (address: string, userAgent = DESKTOP_USER_AGENT) =>
      fetch(test.link, {
        redirect: "manual",
        headers: { "user-agent": userAgent, "cf-connecting-ip": address },
      });
    // A colleague at the office, a price-watching tool, and one real visitor.
    expect((await fetchAs(internal)).status).toBe(302);
    expect((await fetchAs(visitorAddress(9401), `${DESKTOP_USER_AGENT} ShopWatcher/2.1`)).status).toBe(302);
    expect((await fetchAs(visitorAddress(9402))).status).toBe(302);
    await expectCounts(marketer, test.slug, { visitors: 1, conversions: 0 });

    await marketer.goto(`/test/${test.slug}`);
    const quality = marketer.locator("details", { hasText: TRAFFIC_QUALITY_MESSAGES.title });
    // The left-out visits reach traffic quality through the queue too: the page shows them once there.
    await reloadUntil(marketer, async () => {
      await marketer.locator("[data-standing]").waitFor();
      await marketer.waitForLoadState("networkidle");
      return (await quality.count()) > 0;
    });
    await quality.locator("summary").click();
    const row = (label: string) => quality.locator("div.contents", { hasText: label }).locator("dd");
    expect(await row(TRAFFIC_QUALITY_MESSAGES.visits.internal).textContent()).toBe("2");
    expect(await row(TRAFFIC_QUALITY_MESSAGES.visits.blocked).textContent()).toBe("1");
    await quality.getByRole("link", { name: TRAFFIC_QUALITY_MESSAGES.rulesLink }).waitFor();
  });

  it("refuses a destination that is a SplitLink link, saying so next to the field", async () => {
    const [marketer, test] = await marketerWithTest("Loop guard");
    await marketer.goto("/create-test");
    await marketer.getByLabel("Test Name").fill("Round and round");
    await marketer.getByLabel("URL A").fill(`${marketerSite().origin}/a`);
    await marketer.getByLabel("URL B").fill(test.link);
    await marketer.getByRole("button", { name: "Create Test" }).click();
    await visibleToast(marketer, "Please enter valid URLs");
    const urlB = marketer.getByLabel("URL B");
    expect(await urlB.getAttribute("aria-invalid")).toBe("true");
    const problemId = (await urlB.getAttribute("aria-describedby")) ?? "";
    expect(await marketer.locator(`[id="${problemId.split(" ")[0]}"]`).textContent()).toContain(
      TEST_MESSAGES.urlLoops,
    );
    expect(new URL(marketer.url()).pathname).toBe("/create-test");
  });
});
