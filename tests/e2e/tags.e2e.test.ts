import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TAG_MESSAGES } from "../../contract/messages";
import { seriousViolations } from "./axe";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { signUpOverHttp } from "./flows";

// Issue #49, point 4: tags given in the create form, shown as chips, the dashboard filtered by one and
// its colour set there.

const browser = startBrowser();

/** A test made from the create form with `tags`, typed one by one and each added with Enter. */
async function createTagged(page: Page, name: string, tags: string[]): Promise<void> {
  await page.goto("/create-test");
  await page.getByLabel("Test Name").fill(name);
  const field = page.getByLabel("Tags", { exact: true });
  for (const tag of tags) {
    await field.fill(tag);
    await field.press("Enter");
  }
  await page.getByLabel("URL A").fill("https://example.com/a");
  await page.getByLabel("URL B").fill("https://example.com/b");
  await page.getByRole("button", { name: "Create Test" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/test/"));
}

const rowOf = (page: Page, name: string) => page.locator(":is(tr, li)", { hasText: name }).first();

describe("tags", () => {
  it("are given in the form, filter the dashboard, and take the colour an editor sets", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `tags-${Date.now()}@example.com`);
    await createTagged(page, "Spring mailing", ["Spring", "email"]);
    await createTagged(page, "Autumn poster", ["autumn"]);

    // A tag too long stays in the field with why, next to it; nothing is added.
    await page.goto("/create-test");
    const field = page.getByLabel("Tags", { exact: true });
    await field.fill("x".repeat(31));
    await field.press("Enter");
    await page.getByText(TAG_MESSAGES.tooLong).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");

    await page.goto("/dashboard");
    const spring = rowOf(page, "Spring mailing");
    await spring.getByTestId("tag-chip").filter({ hasText: "spring" }).waitFor();
    expect(await spring.getByTestId("tag-chip").allTextContents()).toEqual(["email", "spring"]);

    await page.getByLabel("Tag", { exact: true }).selectOption("spring");
    await page.getByText("Autumn poster").waitFor({ state: "detached" });
    await spring.waitFor();

    const colour = page.getByLabel(/Colour of/);
    await colour.selectOption("green");
    await spring.locator('[data-testid="tag-chip"][data-colour="green"]', { hasText: "spring" }).waitFor();
    await page.reload();
    await page.getByLabel("Tag", { exact: true }).selectOption("spring");
    await rowOf(page, "Spring mailing")
      .locator('[data-testid="tag-chip"][data-colour="green"]', { hasText: "spring" })
      .waitFor();
    await page.getByLabel("Tag", { exact: true }).selectOption("");

    // The search finds a tag too.
    await page.getByLabel("Search by name or tag").fill("autum");
    await page.getByText("Spring mailing").waitFor({ state: "detached" });
    await rowOf(page, "Autumn poster").waitFor();
    await page.getByLabel("Search by name or tag").fill("");
    await rowOf(page, "Spring mailing").waitFor();

    for (const [width, size] of Object.entries(WIDTHS)) {
      await page.setViewportSize(size);
      await page.goto("/dashboard");
      await rowOf(page, "Spring mailing").getByTestId("tag-chip").first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      expect(await seriousViolations(page, `the dashboard with tags at ${size.width} px`)).toEqual([]);
      await screenshot(page, `dashboard-tags-${width}`);
    }
  });

  it("are changed on the test page with the keyboard", async () => {
    const page = await browser.newPage(WIDTHS.narrow);
    await signUpOverHttp(page, `tags-page-${Date.now()}@example.com`);
    await createTagged(page, "Hero banner", ["launch"]);
    const section = page.getByRole("region", { name: "Tags", exact: true });
    await section.getByRole("button", { name: "Remove tag launch" }).focus();
    await page.keyboard.press("Enter");
    const field = section.getByLabel("Tags", { exact: true });
    await field.fill("Relaunch");
    await field.press("Enter");
    await section.getByRole("button", { name: "Save tags" }).click();
    await page.getByText("Tags saved").waitFor();
    await page.reload();
    // The page may show the create page's hand-over of the test for a moment, then the test as it is.
    const chips = page.getByRole("region", { name: "Tags", exact: true }).getByTestId("tag-chip");
    await chips.filter({ hasText: "relaunch" }).waitFor();
    expect(await chips.allTextContents()).toEqual(["relaunch"]);
    expect(await seriousViolations(page, "the test page's tags at 375 px")).toEqual([]);
  });
});
