import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { signUpOverHttp } from "./flows";

const browser = startBrowser();

// Markup a marketer (or someone who got hold of an account) might type: it must show as text.
const NAME = `<img src=x onerror="window.__injected=1"><b id="injected-name">Bold</b> & "quoted"`;
const URL_A = `https://shop.example/a?q=<script>window.__injected=2</script>`;
const URL_B = `https://shop.example/b#"><svg/onload=window.__injected=3><i/id=injected-url>`;

/** Nothing of the typed markup became an element, and no injected script ran. */
async function expectNoInjectedMarkup(page: Page) {
  expect(
    await page.locator("#injected-name, #injected-url, img[src='x'], svg[onload], script:not([src])").count(),
  ).toBe(0);
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
}

describe("what users type is shown as text, never markup", () => {
  it("shows a test name and URLs full of HTML literally on the dashboard, the detail page and the dialogs", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `markup-${Date.now()}@example.com`);
    await page.goto("/create-test");
    await page.getByLabel("Test Name").fill(NAME);
    await page.getByLabel("URL A").fill(URL_A);
    await page.getByLabel("URL B").fill(URL_B);
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));

    // The detail page: the name in the header, both URLs as text and as link targets.
    await page.getByRole("heading", { name: NAME }).waitFor();
    for (const url of [URL_A, URL_B]) {
      await page.getByText(url, { exact: true }).first().waitFor();
      expect(await page.locator(`a[href="${url.replaceAll('"', '\\"')}"]`).count()).toBeGreaterThan(0);
    }
    await expectNoInjectedMarkup(page);
    await screenshot(page, "markup-detail");

    // The promote dialog lists both URLs.
    await page.getByRole("button", { name: "Choose a version" }).click();
    const dialog = page.getByRole("alertdialog");
    for (const url of [URL_A, URL_B]) await dialog.getByText(url, { exact: false }).first().waitFor();
    await expectNoInjectedMarkup(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // The dashboard, as a table and as cards, and the delete dialog that quotes the name.
    await page.goto("/dashboard");
    await page.getByText(NAME, { exact: true }).first().waitFor();
    await expectNoInjectedMarkup(page);
    await page
      .getByRole("button", { name: /Delete/ })
      .first()
      .click();
    await page.getByRole("alertdialog").getByText(NAME, { exact: false }).waitFor();
    await expectNoInjectedMarkup(page);
    await page.keyboard.press("Escape");

    await page.setViewportSize(WIDTHS.narrow);
    await page.getByText(NAME, { exact: true }).first().waitFor();
    await expectNoInjectedMarkup(page);
    await screenshot(page, "markup-dashboard");
  });
});
