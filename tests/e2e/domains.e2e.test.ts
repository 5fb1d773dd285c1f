import { describe, expect, it } from "vitest";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { marketerSiteFor, signUpOverHttp, visibleToast } from "./flows";

const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);

describe("custom domains", () => {
  it("adds a domain, verifies it, and splits visitors on https-less local custom links", async () => {
    const domain = `go${Date.now()}.acme.localhost`;
    const port = new URL(browser.baseURL).port;
    const page = await browser.newPage(WIDTHS.wide);
    const email = `domains-${Date.now()}@example.com`;
    await signUpOverHttp(page, email, { verified: true });
    await page.goto("/dashboard");

    await page.getByRole("link", { name: "Manage Domains" }).click();
    await page.waitForURL((url) => url.pathname === "/domains");
    await page.getByText("No custom domains yet").waitFor();
    await screenshot(page, "domains-empty");

    await page.getByRole("button", { name: "Add Your First Domain" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Custom Domain" });
    await dialog.getByLabel("Domain", { exact: true }).fill("not a domain");
    await dialog.getByRole("button", { name: "Add Domain" }).click();
    await visibleToast(page, "Invalid domain format. Please enter a valid domain.");
    await dialog.getByLabel("Domain", { exact: true }).fill(domain);
    await dialog.getByRole("button", { name: "Add Domain" }).click();
    await visibleToast(page, "Domain added successfully");
    await page.getByText("Pending Verification").first().waitFor();

    await page.getByRole("button", { name: new RegExp(`Verify ${domain}`) }).click();
    await page.getByText("Verified", { exact: true }).first().waitFor();
    await screenshot(page, "domains");

    // Attach it to a new test with a custom path.
    await page.goto("/create-test");
    await page.getByLabel("Test Name").fill("Custom domain test");
    await page.getByRole("combobox", { name: "Domain" }).click();
    await page.getByRole("option", { name: domain }).click();
    await page.getByLabel("Custom URL Path").fill("summer");
    await page.getByText("Slug is available!").waitFor();
    await page.getByLabel("URL A").fill(`${marketerSite().origin}/a`);
    await page.getByLabel("URL B").fill(`${marketerSite().origin}/b`);
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
    const customLink = `http://${domain}:${port}/summer`;
    await page.getByText(customLink).first().waitFor();

    // A visitor on the custom domain is split like on the default link.
    const visitor = await browser.newPage(WIDTHS.narrow);
    await visitor.goto(customLink);
    const landed = new URL(visitor.url());
    expect(landed.origin).toBe(marketerSite().origin);
    expect(["A", "B"]).toContain(landed.searchParams.get("variant"));

    // The same path on an unregistered host gets the specification's error page.
    const stranger = await browser.newPage(WIDTHS.wide);
    await stranger.goto(`http://unknown${Date.now()}.localhost:${port}/summer`);
    await stranger.getByText(/is not registered with SplitLink/).waitFor();
    await screenshot(stranger, "redirect-error");
  });

  it("shows the domains screen at narrow width", async () => {
    const page = await browser.newPage(WIDTHS.narrow);
    const email = `domains-narrow-${Date.now()}@example.com`;
    await signUpOverHttp(page, email, { verified: true });
    await page.goto("/domains");
    await page.getByText("No custom domains yet").waitFor();
    await screenshot(page, "domains-empty");
    await page.goto(`http://unknown${Date.now()}.localhost:${new URL(browser.baseURL).port}/summer`);
    await page.getByText(/is not registered with SplitLink/).waitFor();
    await screenshot(page, "redirect-error");
  });
});
