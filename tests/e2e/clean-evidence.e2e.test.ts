import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { visitorAddress } from "../../scripts/splitlink-api";
import { startBrowser, WIDTHS } from "./browser";
import { marketerSiteFor, signUpOverHttp, testTotals } from "./flows";

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
