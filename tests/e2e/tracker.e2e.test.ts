import { describe, expect, it } from "vitest";
import { startBrowser } from "./browser";
import { marketerSiteFor } from "./flows";

const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);

// What a browser with storage blocked for the site (privacy settings, sandboxed frames) does: every access throws.
const BLOCK_STORAGE = `(() => {
  const blocked = () => { throw new DOMException("The operation is insecure.", "SecurityError"); };
  for (const name of ["localStorage", "sessionStorage"]) Object.defineProperty(window, name, { get: blocked });
  Object.defineProperty(Document.prototype, "cookie", { get: blocked, set: blocked });
})();`;

describe("the tracker on a page with storage blocked", () => {
  it("throws nothing, and still sends the conversion when the page itself carries the session", async () => {
    marketerSite().setTestId("0b7c2f38-8a4e-4f0e-9a51-3f4c1f1d2e3a");
    const page = await browser.newPage();
    await page.addInitScript(BLOCK_STORAGE);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    // Landing page: the session cannot be remembered, and nothing breaks.
    await page.goto(`${marketerSite().origin}/a?sessionId=blocked-session-1&variant=A`);
    await page.waitForLoadState("networkidle");

    // Thank-you page the landing page forwarded the session to: the beacon goes out anyway.
    const beacon = page.waitForRequest((request) => request.url().endsWith("/functions/v1/conversions"));
    await page.goto(`${marketerSite().origin}/thanks?sessionId=blocked-session-1&variant=A`, {
      referer: `${marketerSite().origin}/a?sessionId=blocked-session-1&variant=A`,
    });
    expect(JSON.parse((await beacon).postData() ?? "{}")).toEqual({
      splitTestId: "0b7c2f38-8a4e-4f0e-9a51-3f4c1f1d2e3a",
      sessionId: "blocked-session-1",
      variant: "A",
    });

    // Thank-you page without it: nothing to send, still nothing thrown.
    await page.goto(`${marketerSite().origin}/thanks`);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => Boolean(document.querySelector('script[src$="/t.js"]')))).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});

describe("the per-test snippet without a conversion URL, on the landing pages too", () => {
  it("counts no visitor on arrival, and still counts the thank-you page the parameters were forwarded to", async () => {
    marketerSite().setTestId("7d3c2b1a-0f9e-4d8c-b7a6-958473625140");
    marketerSite().setWithConversionUrl(false);
    const page = await browser.newPage();
    const beacons: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/functions/v1/conversions")) beacons.push(request.postData() ?? "");
    });
    try {
      // Straight from the split link (no referrer of the site, and the splitTestId the redirect adds): a
      // landing page, however the tag is set.
      const landing = `${marketerSite().origin}/a?sessionId=arrival-1&variant=B&splitTestId=7d3c2b1a-0f9e-4d8c-b7a6-958473625140`;
      await page.goto(landing);
      await page.waitForLoadState("networkidle");
      await page.getByRole("link", { name: "Buy now" }).click();
      await page.waitForLoadState("networkidle");
      expect(beacons).toEqual([]);

      // The specification's flow: the landing page passes the parameters on to the thank-you page.
      const beacon = page.waitForRequest((request) => request.url().endsWith("/functions/v1/conversions"));
      await page.goto(`${marketerSite().origin}/thanks?sessionId=arrival-1&variant=B`, { referer: landing });
      expect(JSON.parse((await beacon).postData() ?? "{}")).toMatchObject({
        sessionId: "arrival-1",
        variant: "B",
      });
    } finally {
      marketerSite().setWithConversionUrl(true);
    }
  });
});

describe("/t.js", () => {
  it("is the minified tag, served to any site from the asset router with a day's cache", async () => {
    const response = await fetch(`${browser.baseURL}/t.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toBe(
      "public, max-age=86400, stale-while-revalidate=604800",
    );
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const source = await response.text();
    expect(source).toContain("/functions/v1/conversions");
    expect(source).not.toContain("// ");
    // The site tag with goals (their queries compared as hashes), the landing rule, the forwarded flow,
    // the checklist, retries, Stripe links, the GA4 and Tag Manager report, and the per-test snippet's
    // goal match, named calls and splitlink.sessionId()/variant(): about 3.6 KB gzipped (8.2 KB).
    expect(source.length).toBeLessThan(8500);
  });
});
