import { describe, expect, it } from "vitest";
import { LINK_PASSWORD_MESSAGES } from "../../contract/messages";
import { seriousViolations } from "./axe";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { marketerSiteFor, reloadUntil, signUpOverHttp, visibleToast } from "./flows";

// Issue #49, point 3: a link that asks for a password before it sends anyone on.

const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);

describe("password links", () => {
  it("sets a password on the test page, refuses a wrong one, counts a right one, and changes it once ended", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `password-${Date.now()}@example.com`);
    const site = marketerSite().origin;

    // The create form: a password too short is marked at its field.
    await page.goto("/create-test");
    await page.getByLabel("Test Name").fill("Members' poster");
    await page.getByLabel("URL A").fill(`${site}/a`);
    await page.getByRole("button", { name: "Remove variant B" }).click();
    await page.getByText("Password (optional)").click();
    const field = page.getByLabel("Password", { exact: true });
    await field.fill("abc");
    await page.getByRole("button", { name: "Create Test" }).click();
    await visibleToast(page, LINK_PASSWORD_MESSAGES.length);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await field.fill("first-pass");
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
    const slug = new URL(page.url()).pathname.split("/").pop() ?? "";
    const section = page.getByRole("region", { name: "Password" });
    await section.getByText("Visitors must enter the password before the link sends them on.").waitFor();

    // The test page changes it: the new one is the only one that opens the link.
    await section.getByRole("button", { name: "Change password" }).click();
    await section.getByLabel("New password").fill("members-only");
    await section.getByRole("button", { name: "Save password" }).click();
    await visibleToast(page, LINK_PASSWORD_MESSAGES.saved);
    expect(await seriousViolations(page, "a password link's page at 1280 px")).toEqual([]);

    // A visitor (another browser, on a phone's width) is asked, refused, then let through.
    const visitor = await browser.newPage(WIDTHS.narrow);
    await visitor.goto(`${browser.baseURL}/r/${slug}?utm_source=poster`);
    await visitor.getByRole("heading", { name: LINK_PASSWORD_MESSAGES.heading }).waitFor();
    const answer = visitor.getByLabel(LINK_PASSWORD_MESSAGES.label);
    expect(await seriousViolations(visitor, "the password page at 375 px")).toEqual([]);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await answer.fill("first-pass");
    await answer.press("Enter");
    await visitor.getByRole("alert").filter({ hasText: LINK_PASSWORD_MESSAGES.wrong }).waitFor();
    expect(await visitor.getByLabel(LINK_PASSWORD_MESSAGES.label).getAttribute("aria-invalid")).toBe("true");
    expect(await seriousViolations(visitor, "the password page refused at 375 px")).toEqual([]);
    await screenshot(visitor, "password-page-wrong");
    await visitor.getByLabel(LINK_PASSWORD_MESSAGES.label).fill("members-only");
    await visitor.getByRole("button", { name: LINK_PASSWORD_MESSAGES.submit }).click();
    await visitor.waitForURL((url) => url.origin === site);
    const landed = new URL(visitor.url());
    expect(landed.pathname).toBe("/a");
    expect(landed.searchParams.get("utm_source")).toBe("poster");

    // Counted on the test page: the one click of the right answer.
    const counts = page.getByRole("region", { name: "Link", exact: true });
    await reloadUntil(page, async () => {
      await counts.waitFor();
      return (await counts.getByRole("definition").first().textContent()) === "1";
    });
    await screenshot(page, "password-link-detail");

    // Ended, the link still asks for its password, and the page still changes it: the visitor's pass
    // from the old one stops working, the new one opens the link.
    const headers = { origin: browser.baseURL, "content-type": "application/json" };
    const { test } = (await (await page.request.get(`/api/tests/${slug}`)).json()) as {
      test: { id: string };
    };
    const ended = await page.request.post(`/api/tests/${test.id}/promote`, {
      headers,
      data: { variant: "A" },
    });
    expect(ended.status()).toBe(200);
    await page.reload();
    await section.getByRole("button", { name: "Change password" }).click();
    await section.getByLabel("New password").fill("after-the-show");
    await section.getByRole("button", { name: "Save password" }).click();
    await visibleToast(page, LINK_PASSWORD_MESSAGES.saved);
    await visitor.goto(`${browser.baseURL}/r/${slug}`);
    await visitor.getByLabel(LINK_PASSWORD_MESSAGES.label).fill("after-the-show");
    await visitor.getByRole("button", { name: LINK_PASSWORD_MESSAGES.submit }).click();
    await visitor.waitForURL((url) => url.origin === site);
    expect(new URL(visitor.url()).pathname).toBe("/a");
  });
});
