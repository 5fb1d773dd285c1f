import { describe, expect, it } from "vitest";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { marketerSiteFor, reloadUntil, signUpOverHttp } from "./flows";

const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);

describe("a test decided by revenue", () => {
  it("counts a buyer's order value, even after the tag's first beacon was refused, and shows revenue", async () => {
    const marketer = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(marketer, `revenue-${Date.now()}@example.com`);
    await marketer.goto("/create-test");
    await marketer.getByLabel("Test Name").fill("Checkout pages");
    await marketer.getByLabel("URL A").fill(`${marketerSite().origin}/a`);
    await marketer.getByLabel("URL B").fill(`${marketerSite().origin}/b`);
    await marketer.getByLabel("Conversion URL").fill(`${marketerSite().origin}/thanks`);
    await marketer.getByLabel("Primary metric").click();
    await marketer.getByRole("option", { name: "Revenue per visitor" }).click();
    await marketer.getByLabel("Currency").fill("eur");
    await screenshot(marketer, "create-revenue-test");
    await marketer.getByRole("button", { name: "Create Test" }).click();
    await marketer.waitForURL((url) => url.pathname.startsWith("/test/"));
    const slug = new URL(marketer.url()).pathname.split("/").pop() ?? "";
    const snippet = (await marketer.locator("pre", { hasText: "data-test=" }).textContent()) ?? "";
    const testId = /data-test="([^"]+)"/.exec(snippet)?.[1] ?? "";
    // The goal page's tag, with the value and the test's currency filled in to replace.
    const goalPageTag = marketer.locator("pre", { hasText: "data-amount" });
    await expect
      .poll(() => goalPageTag.textContent())
      .toMatch(/data-site="[0-9a-f]{24}" data-amount="49\.99" data-currency="EUR"/);
    marketerSite().setTestId(testId);
    marketerSite().setOrder({ amount: "49.99", currency: "EUR" });

    // A buyer comes through the split link and orders for €49.99.
    const buyer = await browser.newPage(WIDTHS.narrow);
    await buyer.goto(`${browser.baseURL}/r/${slug}`);
    const variant = new URL(buyer.url()).searchParams.get("variant") ?? "";
    await buyer.getByRole("heading", { name: `Landing ${variant}` }).waitFor();

    // Their first beacon meets a busy moment (429): the tag keeps it.
    let refused = 0;
    await buyer.route("**/functions/v1/conversions", async (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      await route.fulfill({
        status: 429,
        headers: {
          "access-control-allow-origin": "*",
          "content-type": "application/json",
          "retry-after": "10",
        },
        body: JSON.stringify({ error: { code: "rate_limited", message: "busy" } }),
      });
    });
    const firstBeacon = buyer.waitForRequest((request) =>
      request.url().endsWith("/functions/v1/conversions"),
    );
    // The refusal's own response, awaited before listening for the retry's, so the two cannot be confused.
    const firstAnswer = buyer.waitForResponse((response) =>
      response.url().endsWith("/functions/v1/conversions"),
    );
    await buyer.getByRole("link", { name: "Buy now" }).click();
    await buyer.getByRole("heading", { name: "Thank you" }).waitFor();
    expect(JSON.parse((await firstBeacon).postData() ?? "{}")).toMatchObject({
      splitTestId: testId,
      variant,
      amount: 49.99,
      currency: "EUR",
    });
    await expect.poll(() => refused).toBe(1);
    expect((await firstAnswer).status()).toBe(429);

    // The next page of the shop that carries the tag sends the kept beacon again, and it counts.
    const retried = buyer.waitForResponse((response) => response.url().endsWith("/functions/v1/conversions"));
    await buyer.goto(`${marketerSite().origin}/${variant.toLowerCase()}`);
    expect((await retried).status()).toBe(202);

    // The test detail shows who decides, and the revenue of the buyer's version.
    await marketer.goto(`/test/${slug}`);
    await reloadUntil(marketer, async () => {
      await marketer.waitForLoadState("networkidle");
      return (await marketer.getByText("€49.99").count()) > 0;
    });
    await expect
      .poll(() => marketer.getByTestId("primary-metric").textContent())
      .toBe("Decided by Revenue per visitor in EUR");
    await marketer.getByRole("rowheader", { name: "Revenue per visitor (95 % interval)" }).waitFor();
    await screenshot(marketer, "test-detail-revenue");

    // The dashboard shows revenue per visitor, the buyer's version leading.
    await marketer.goto("/dashboard");
    const row = marketer.getByRole("row", { name: /Checkout pages/ });
    await row.getByText("per visitor", { exact: true }).waitFor();
    await row.getByText("€49.99").waitFor();
    await row.getByText(`Version ${variant}`).waitFor();
    await screenshot(marketer, "dashboard-revenue");
  });
});

describe("a single-page checkout", () => {
  it("sends the conversion with its value only when the page calls splitlink.convert", async () => {
    marketerSite().setTestId("5f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f");
    const page = await browser.newPage(WIDTHS.narrow);
    const beacons: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/functions/v1/conversions")) beacons.push(request.postData() ?? "");
    });
    await page.goto(`${marketerSite().origin}/checkout?sessionId=spa-session-1&variant=B`);
    await page.waitForLoadState("networkidle");
    expect(beacons).toEqual([]);

    const beacon = page.waitForRequest((request) => request.url().endsWith("/functions/v1/conversions"));
    await page.getByRole("button", { name: "Pay" }).click();
    expect(JSON.parse((await beacon).postData() ?? "{}")).toEqual({
      splitTestId: "5f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f",
      sessionId: "spa-session-1",
      variant: "B",
      amount: 19.9,
      currency: "EUR",
    });
  });
});
