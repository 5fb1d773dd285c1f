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
