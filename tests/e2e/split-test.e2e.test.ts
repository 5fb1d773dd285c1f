import { describe, expect, it } from "vitest";
import { SCHEDULE_MESSAGES, TEST_MESSAGES, VARIANT_MESSAGES } from "../../contract/messages";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { isFocused, logIn, marketerSiteFor, reloadUntil, signUp, signUpOverHttp, verifyEmail } from "./flows";

const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);

describe("a split test from creation to conversion", () => {
  it("creates a test, splits a visitor, counts their conversion, shows it, and deletes the test", async () => {
    const marketer = await browser.newPage(WIDTHS.wide);
    const email = `journey-${Date.now()}@example.com`;
    await signUp(marketer, email);
    await verifyEmail(marketer, email);
    await marketer.getByRole("link", { name: "Go to dashboard" }).click();
    await marketer.getByText("No split tests yet").waitFor();

    await marketer.getByRole("link", { name: "Create New Test" }).first().click();
    await marketer.waitForURL((url) => url.pathname === "/create-test");
    await marketer.getByText("Create a New Split Test").waitFor();
    await marketer.getByLabel("Test Name").fill("Spring sale");
    await marketer.getByLabel("URL A").fill(`${marketerSite().origin}/a`);
    await marketer.getByLabel("URL B").fill(`${marketerSite().origin}/b`);
    await marketer.getByLabel("Conversion URL").fill(`${marketerSite().origin}/thanks`);
    await screenshot(marketer, "create-test");
    await marketer.getByRole("button", { name: "Create Test" }).click();

    await marketer.waitForURL((url) => url.pathname.startsWith("/test/"));
    await marketer.getByText("Test created successfully").waitFor();
    await marketer.getByText("Your split test was created successfully!").waitFor();
    const slug = new URL(marketer.url()).pathname.split("/").pop() ?? "";
    const splitLink = `${browser.baseURL}/r/${slug}`;
    await marketer.getByText(splitLink).first().waitFor();
    const snippet = (await marketer.locator("pre", { hasText: "data-test=" }).textContent()) ?? "";
    const testId = /data-test="([^"]+)"/.exec(snippet)?.[1] ?? "";
    expect(testId).toMatch(/^[A-Za-z0-9]{10}$/);
    marketerSite().setTestId(testId);
    await screenshot(marketer, "test-detail");

    // A visitor opens the link: one redirect to A or B with sessionId and variant.
    const visitor = await browser.newPage(WIDTHS.narrow);
    await visitor.goto(splitLink);
    const landed = new URL(visitor.url());
    const variant = landed.searchParams.get("variant");
    expect(["A", "B"]).toContain(variant);
    expect(landed.pathname).toBe(variant === "A" ? "/a" : "/b");
    expect(landed.searchParams.get("sessionId")).toMatch(/^[0-9a-f-]{36}$/);
    await visitor.getByRole("heading", { name: `Landing ${variant}` }).waitFor();

    // They buy: the tag on the thank-you page sends the conversion beacon.
    const beacon = visitor.waitForRequest((request) => request.url().endsWith("/functions/v1/conversions"));
    await visitor.getByRole("link", { name: "Buy now" }).click();
    await visitor.getByRole("heading", { name: "Thank you" }).waitFor();
    expect(JSON.parse((await beacon).postData() ?? "{}")).toEqual({
      splitTestId: testId,
      sessionId: landed.searchParams.get("sessionId"),
      variant,
    });

    // The dashboard shows the click and the 100 % conversion of that variant, and the winner.
    await marketer.goto("/dashboard");
    const expectedClicks = variant === "A" ? "1 / 0" : "0 / 1";
    await reloadUntil(marketer, async () => {
      await marketer.getByText("Spring sale").first().waitFor();
      return (await marketer.getByText("100.0%").count()) > 0;
    });
    const row = marketer.getByRole("row", { name: /Spring sale/ });
    await row.getByText(expectedClicks).waitFor();
    await row.getByText(`Version ${variant}`).waitFor();
    await screenshot(marketer, "dashboard-with-test");

    await marketer.goto(`/test/${slug}`);
    const card = marketer.getByRole("region", { name: `Version ${variant}` });
    // One visitor, one click, one conversion: both rates are 100 %, each under its own name.
    await card.getByRole("definition").filter({ hasText: "100.0%" }).first().waitFor();
    await card.getByText("Conversion rate per visitor").waitFor();
    await card.getByText("Conv. Rate per click").waitFor();

    // Delete it from the dashboard.
    await marketer.goto("/dashboard");
    await row.getByRole("button", { name: /Delete/ }).click();
    await marketer.getByRole("alertdialog").getByText("Are you absolutely sure?").waitFor();
    await marketer.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await marketer.getByText("Test deleted successfully").waitFor();
    await marketer.getByText("No split tests yet").waitFor();
    const gone = await fetch(splitLink, { redirect: "manual" });
    expect(gone.status).toBe(404);
  });

  it("shows the dashboard as cards on a narrow screen", async () => {
    const page = await browser.newPage(WIDTHS.narrow);
    await signUpOverHttp(page, `narrow-${Date.now()}@example.com`);
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Create New Test" }).first().click();
    await page.getByLabel("Test Name").fill("Narrow test");
    await page.getByLabel("URL A").fill("https://example.com/a");
    await page.getByLabel("URL B").fill("https://example.com/b");
    await screenshot(page, "create-test");
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
    await screenshot(page, "test-detail");
    await page.goto("/dashboard");
    await page.getByText("Narrow test").waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
    await page.getByRole("button", { name: "Clicks" }).waitFor();
    await page.getByRole("button", { name: "Conv." }).waitFor();
    await screenshot(page, "dashboard-with-test");
  });

  it("refuses an unsafe URL with the specification's message", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `unsafe-${Date.now()}@example.com`);
    await page.goto("/create-test");
    await page.getByLabel("Test Name").fill("Unsafe");
    await page.getByLabel("URL A").fill("javascript:alert(1)");
    await page.getByLabel("URL B").fill("https://example.com/b");
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.getByText("Please enter valid URLs").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/create-test");
    expect(await page.getByLabel("URL A").getAttribute("aria-invalid")).toBe("true");
  });

  it("names what is wrong with an address next to it, and asks before two versions go to one page", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    const email = `same-${Date.now()}@example.com`;
    await signUp(page, email);
    await logIn(page, email);
    await page.goto("/create-test");
    await page.getByLabel("Test Name").fill("Same page");
    await page.getByLabel("URL A").fill("https://shopco/a");
    await page.getByLabel("URL B").fill("https://example.com/b");
    await page.getByRole("button", { name: "Create Test" }).click();
    const urlA = page.getByLabel("URL A");
    await expect.poll(() => urlA.getAttribute("aria-invalid")).toBe("true");
    const ids = ((await urlA.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
    const said = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(said).toContain(TEST_MESSAGES.urlNoDomain);

    await urlA.fill("https://example.com/b");
    await page.getByRole("button", { name: "Create Test" }).click();
    const ask = page.getByRole("alertdialog", { name: TEST_MESSAGES.sameUrls });
    await ask.waitFor();
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/create-test");
    await page.getByRole("button", { name: "Create Test" }).click();
    await ask.getByRole("button", { name: "Create anyway" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
  });

  it("says what is wrong with the weights and the end next to those fields, on the create form and the test page", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `weights-end-${Date.now()}@example.com`);
    await page.goto("/create-test");
    await page.getByLabel("Test Name").fill("Weights and end");
    await page.getByLabel("URL A").fill("https://shop.example/a");
    await page.getByLabel("URL B").fill("https://shop.example/b");
    await page.getByRole("button", { name: "Change split" }).click();
    const weightA = page.getByLabel("Weight of variant A");
    await weightA.fill("60");
    await page.getByRole("button", { name: "Create Test" }).click();

    /** The texts a field is described by, as a screen reader reads them with it. */
    const described = async (field: typeof weightA) => {
      const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
      return Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
    };
    // The weights: each marked, the message under them, the first one focused.
    await expect.poll(() => isFocused(weightA)).toBe(true);
    expect(await weightA.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Weight of variant B").getAttribute("aria-invalid")).toBe("true");
    expect(await described(weightA)).toEqual([VARIANT_MESSAGES.total]);
    await screenshot(page, "create-test-weights-error");
    await page.getByLabel("Weight of variant B").fill("40");
    expect(await weightA.getAttribute("aria-invalid")).toBeNull();

    // An end date in the past, its section folded again: the form opens it and marks the date.
    const ending = page.getByText("End the test on its own (optional)");
    await ending.click();
    const endsAt = page.getByLabel("End on");
    await endsAt.fill("2020-01-01T12:00");
    await ending.click();
    await page.getByRole("button", { name: "Create Test" }).click();
    await expect.poll(() => isFocused(endsAt)).toBe(true);
    expect(await endsAt.getAttribute("aria-invalid")).toBe("true");
    expect(await described(endsAt)).toContain(SCHEDULE_MESSAGES.endsAtPast);
    await endsAt.fill("");
    const visitors = page.getByLabel("End after this many visitors");
    await visitors.fill("10");
    await page.getByRole("button", { name: "Create Test" }).click();
    await expect.poll(() => isFocused(visitors)).toBe(true);
    expect(await described(visitors)).toContain(SCHEDULE_MESSAGES.visitors);
    expect(await endsAt.getAttribute("aria-invalid")).toBeNull();
    await visitors.fill("");
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));

    // The test page's end form says it at the field too.
    const end = page.getByRole("region", { name: "End of the test" });
    await end.getByRole("button", { name: "Change end" }).click();
    await end.getByLabel("End after this many visitors").fill("10");
    await end.getByRole("button", { name: "Save end settings" }).click();
    const pageVisitors = end.getByLabel("End after this many visitors");
    await expect.poll(() => isFocused(pageVisitors)).toBe(true);
    expect(await described(pageVisitors)).toContain(SCHEDULE_MESSAGES.visitors);
  });

  for (const [name, size] of Object.entries(WIDTHS)) {
    it(`marks the fields a problem is about, completes https:// and starts a new test with its link and tag (${name})`, async () => {
      const page = await browser.newPage(size);
      await signUpOverHttp(page, `fields-${name}-${Date.now()}@example.com`);
      await page.goto("/create-test");
      await page.getByText("Create a New Split Test").waitFor();
      await page.getByLabel("URL A").fill("shop.example/a");
      await page.getByRole("button", { name: "Create Test" }).click();

      // The specification's message at each field it is about (and as a toast); the first one focused.
      const testName = page.getByLabel("Test Name");
      await expect.poll(() => isFocused(testName)).toBe(true);
      expect(await testName.getAttribute("aria-invalid")).toBe("true");
      const described = async (field: typeof testName) => {
        const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ");
        return Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
      };
      expect(await described(testName)).toContain("Please fill in all required fields");
      expect(await described(page.getByLabel("URL B"))).toContain("Please fill in all required fields");
      // URL A was filled: not marked, and completed to https:// on submit.
      expect(await page.getByLabel("URL A").getAttribute("aria-invalid")).toBeNull();
      expect(await page.getByLabel("URL A").inputValue()).toBe("https://shop.example/a");
      await screenshot(page, `create-test-field-errors-${name}`);

      // Typing clears the mark; leaving a URL field completes its scheme.
      await testName.fill("Fields");
      expect(await testName.getAttribute("aria-invalid")).toBeNull();
      await page.getByLabel("Conversion URL").fill("shop.example/thanks");
      await page.getByLabel("Conversion URL").blur();
      expect(await page.getByLabel("Conversion URL").inputValue()).toBe("https://shop.example/thanks");
      await page.getByLabel("URL B").fill("shop.example/b");
      await page.getByLabel("URL B").blur();
      expect(await page.getByLabel("URL B").inputValue()).toBe("https://shop.example/b");
      await page.getByRole("button", { name: "Create Test" }).click();

      // The new test's page: the split link and the tag right under the heading, in the first screen.
      await page.waitForURL((url) => url.pathname.startsWith("/test/"));
      const link = page.getByRole("region", { name: "Your Split Link" });
      const tag = page.getByRole("region", { name: "One-Tag Conversion Tracker" });
      await tag.waitFor();
      const linkBox = await link.boundingBox();
      expect(linkBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(size.height);
      const results = page.getByRole("region", { name: "How long it takes" });
      const tagBox = await tag.boundingBox();
      const resultsBox = await results.boundingBox();
      expect(tagBox?.y ?? 0).toBeLessThan(resultsBox?.y ?? 0);
      await screenshot(page, `test-detail-just-created-${name}`);

      // Opened again later (not a reload, which keeps the page's history state), the page leads with the
      // results; the link and the tag move down.
      const testPage = page.url();
      await page.goto("/dashboard");
      await page.goto(testPage);
      await tag.waitFor();
      expect((await results.boundingBox())?.y ?? 0).toBeLessThan((await tag.boundingBox())?.y ?? 0);
    });
  }
});
