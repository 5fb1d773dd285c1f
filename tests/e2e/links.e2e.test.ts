import { describe, expect, it } from "vitest";
import type { TestResponse } from "../../contract/api";
import { DOMAIN_MESSAGES } from "../../contract/messages";
import { DESKTOP_USER_AGENT, screenshot, startBrowser, WIDTHS } from "./browser";
import { isFocused, marketerSiteFor, signUpOverHttp, visibleToast } from "./flows";

const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);

/** The visits the test has counted, across its versions, as the API reports them. */
async function countedClicks(page: import("playwright-core").Page, slug: string): Promise<number> {
  const { test } = (await (await page.request.get(`/api/tests/${slug}`)).json()) as TestResponse;
  return test.stats.arms.reduce((sum, arm) => sum + arm.clicks, 0);
}

describe("links that fit a brand", () => {
  it("creates a test at /r/{custom path} on the default domain, and previews each version without counting", async () => {
    const path = `spring-sale-${Date.now()}`;
    const marketer = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(marketer, `links-${Date.now()}@example.com`);
    await marketer.goto("/create-test");
    await marketer.getByLabel("Test Name").fill("Spring sale");
    await marketer.getByLabel("Custom URL Path").fill("admin");
    await marketer.getByText("This slug is reserved and cannot be used").waitFor();
    await marketer.getByLabel("Custom URL Path").fill(path);
    await marketer.getByText("Slug is available!").waitFor();
    await marketer.getByText(`${browser.baseURL}/r/${path}`).waitFor();
    await marketer.getByLabel("URL A").fill(`${marketerSite().origin}/a`);
    await marketer.getByLabel("URL B").fill(`${marketerSite().origin}/b`);
    await screenshot(marketer, "create-test-custom-path");
    await marketer.getByRole("button", { name: "Create Test" }).click();
    await marketer.waitForURL((url) => url.pathname.startsWith("/test/"));
    const slug = new URL(marketer.url()).pathname.split("/").pop() ?? "";
    const splitLink = `${browser.baseURL}/r/${path}`;
    await marketer.getByText(splitLink).first().waitFor();
    // The header names the path as the link spells it.
    await marketer.getByText(`/r/${path}`, { exact: true }).waitFor();

    // Each version's preview: through the split link, to that version, nothing counted.
    const preview = marketer.getByRole("link", { name: "Preview version B (not counted)" });
    expect(await preview.getAttribute("href")).toBe(`${splitLink}?preview=B`);
    await screenshot(marketer, "test-detail-previews");
    for (const label of ["B", "A", "B"]) {
      const look = await browser.newPage(WIDTHS.narrow);
      await look.goto(`${splitLink}?preview=${label}`);
      const landed = new URL(look.url());
      expect(`${landed.origin}${landed.pathname}`).toBe(`${marketerSite().origin}/${label.toLowerCase()}`);
      expect(landed.searchParams.has("variant")).toBe(false);
      expect(await look.context().cookies(browser.baseURL)).toEqual([]);
    }

    // A visitor of the custom path counts, once; the previews before did not.
    const response = await fetch(splitLink, {
      redirect: "manual",
      headers: { "user-agent": DESKTOP_USER_AGENT },
    });
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("splitTestId")).toMatch(
      /^[A-Za-z0-9]{10}$/,
    );
    await expect.poll(() => countedClicks(marketer, slug), { timeout: 30_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await countedClicks(marketer, slug)).toBe(1);
  });

  it("sends a brand domain's root and unknown paths to its fallback URL", async () => {
    const domain = `brand${Date.now()}.acme.localhost`;
    const port = new URL(browser.baseURL).port;
    const page = await browser.newPage(WIDTHS.narrow);
    const email = `fallback-${Date.now()}@example.com`;
    await signUpOverHttp(page, email, { verified: true });
    await page.goto("/domains");
    await page.getByRole("button", { name: "Add Your First Domain" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Custom Domain" });
    await dialog.getByLabel("Domain", { exact: true }).fill(domain);
    await dialog.getByRole("button", { name: "Add Domain" }).click();
    await visibleToast(page, "Domain added successfully");
    await page.getByRole("button", { name: new RegExp(`Verify ${domain}`) }).click();
    await page.getByText("Verified", { exact: true }).first().waitFor();

    const visitor = await browser.newPage(WIDTHS.narrow);
    await visitor.goto(`http://${domain}:${port}/no-such-link`);
    await visitor.getByText("Test not found").first().waitFor();

    const field = page.getByRole("textbox", { name: "Fallback URL" });
    const save = page.getByRole("button", { name: `Save the fallback URL of ${domain}` });
    // Refused under the field, which is marked and keeps the focus to correct it; typing clears the mark.
    await field.fill("not a url");
    await save.click();
    await page.getByText(DOMAIN_MESSAGES.fallbackUrl).first().waitFor();
    const problemId = ((await field.getAttribute("aria-describedby")) ?? "").split(" ")[0];
    expect(await page.locator(`[id="${problemId}"]`).textContent()).toBe(DOMAIN_MESSAGES.fallbackUrl);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await isFocused(field)).toBe(true);
    // A bare host gets https://, as in the create form.
    await field.fill("www.acme.example/");
    expect(await field.getAttribute("aria-invalid")).toBeNull();
    await field.blur();
    expect(await field.inputValue()).toBe("https://www.acme.example/");
    await field.fill(`${marketerSite().origin}/a`);
    await save.click();
    await visibleToast(page, "Fallback URL saved");
    await screenshot(page, "domains-fallback");

    for (const path of ["/", "/no-such-link"]) {
      await visitor.goto(`http://${domain}:${port}${path}`);
      expect(visitor.url()).toBe(`${marketerSite().origin}/a`);
    }
  });
});
