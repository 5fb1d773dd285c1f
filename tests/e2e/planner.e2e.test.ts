import { describe, expect, it } from "vitest";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { signUpOverHttp } from "./flows";

const browser = startBrowser();

describe("the planner", () => {
  for (const [width, size] of Object.entries(WIDTHS)) {
    it(`says visitors per version and days on the create form and the test page (${width})`, async () => {
      const page = await browser.newPage(size);
      await signUpOverHttp(page, `planner-${width}-${Date.now()}@example.com`);
      await page.goto("/create-test");
      await page.getByText("How long it takes (optional)").click();
      const planner = page.getByTestId("test-planner");
      await planner.getByLabel("Conversion rate today").fill("5");
      await planner.getByLabel("Smallest lift worth finding").fill("20");
      await planner.getByLabel("Visitors a day").fill("2000");
      const answer = planner.locator("output");
      await expect
        .poll(() => answer.textContent())
        .toBe(
          "Each version needs about 15,603 visitors (31,206 in all): about 16 days at 2,000 visitors a day.",
        );
      // A third version needs more visitors each (the verdict splits its error rate over two comparisons).
      await page.getByRole("button", { name: "Add variant" }).click();
      await expect.poll(() => answer.textContent()).toMatch(/^Each version needs about 17,781 visitors/);
      await planner.getByLabel("Smallest lift worth finding").fill("");
      await expect.poll(() => answer.textContent()).toMatch(/^Enter a conversion rate/);
      await screenshot(page, `planner-create-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

      // The test page: its own planner, from the test's traffic (none yet: the defaults).
      const headers = { origin: browser.baseURL, "content-type": "application/json" };
      const created = await page.request.post("/api/tests", {
        headers,
        data: { name: "Planned", urlA: "https://example.com/a", urlB: "https://example.com/b" },
      });
      const { test } = (await created.json()) as { test: { slug: string } };
      await page.goto(`/test/${test.slug}`);
      const section = page.getByRole("region", { name: "How long it takes" });
      await expect
        .poll(() => section.locator("output").textContent())
        .toMatch(
          /^Each version needs about [\d,]+ visitors \([\d,]+ in all\): about [\d,]+ days at 500 visitors a day\.$/,
        );
      await section.getByLabel("Visitors a day").fill("100");
      await expect.poll(() => section.locator("output").textContent()).toMatch(/at 100 visitors a day\.$/);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `planner-test-page-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });
  }
});
