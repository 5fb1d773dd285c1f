import { describe, expect, it } from "vitest";
import { visitorAddress } from "../../scripts/splitlink-api";
import { seriousViolations } from "./axe";
import { DESKTOP_USER_AGENT, screenshot, startBrowser, WIDTHS } from "./browser";
import { marketerSiteFor, signUpOverHttp } from "./flows";

// Issue #49, point 6: the UTM builder under each destination, filled by hand and from a saved template;
// visitors land with the parameters, utm_content naming their variant, and their own UTM tags win.

const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);

describe("the UTM builder", () => {
  it("tags each destination from a saved template, utm_content the variant's name, and visitors land with them", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `utm-${Date.now()}@example.com`);
    const site = marketerSite().origin;

    await page.goto("/create-test");
    await page.getByLabel("Test Name").fill("Spring newsletter");
    await page.getByLabel("URL A").fill(`${site}/a?ref=poster`);
    await page.getByLabel("Name of variant A (optional)").fill("Red button");
    await page.getByLabel("URL B").fill(`${site}/b`);
    await page.getByLabel("Name of variant B (optional)").fill("Blue button");

    // A's builder, by hand: the first value brings utm_content, the variant's name; ref stays.
    const toggleA = page.getByRole("button", { name: /^UTM parameters of URL A/ });
    expect(await toggleA.getAttribute("aria-expanded")).toBe("false");
    await toggleA.focus();
    await page.keyboard.press("Enter");
    expect(await toggleA.getAttribute("aria-expanded")).toBe("true");
    const builderA = page.getByRole("group", { name: "UTM parameters of URL A" });
    await builderA.getByText("No templates yet.", { exact: false }).waitFor();
    await builderA.getByLabel("utm_source").fill("newsletter");
    await builderA.getByLabel("utm_medium").fill("email");
    await builderA.getByLabel("utm_campaign").fill("spring sale");
    expect(await page.getByLabel("URL A").inputValue()).toBe(
      `${site}/a?ref=poster&utm_source=newsletter&utm_content=Red%20button&utm_medium=email&utm_campaign=spring%20sale`,
    );
    // A wrong value is said next to its field.
    await builderA.getByLabel("utm_term").fill("x".repeat(101));
    await builderA.getByText("Keep each UTM value to 100 characters or fewer").waitFor();
    expect(await builderA.getByLabel("utm_term").getAttribute("aria-invalid")).toBe("true");
    await builderA.getByLabel("utm_term").fill("");

    // Saved as the workspace's template (Enter in its name saves it, and does not create the test).
    await builderA.getByLabel("Save these as a template").fill("Spring newsletter");
    await builderA.getByLabel("Save these as a template").press("Enter");
    await builderA.getByText("Saved as the template “Spring newsletter”.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/create-test");

    // B's builder: the template fills it, utm_content is B's name.
    await page.getByRole("button", { name: /^UTM parameters of URL B/ }).click();
    const builderB = page.getByRole("group", { name: "UTM parameters of URL B" });
    await builderB.getByLabel("Template", { exact: true }).selectOption({ label: "Spring newsletter" });
    await builderB.getByRole("button", { name: "Apply template" }).click();
    expect(await builderB.getByLabel("utm_source").inputValue()).toBe("newsletter");
    expect(await builderB.getByLabel("utm_content").inputValue()).toBe("Blue button");
    // Renaming the variant renames its content.
    await page.getByLabel("Name of variant B (optional)").fill("Blue banner");
    expect(await builderB.getByLabel("utm_content").inputValue()).toBe("Blue banner");

    expect(await seriousViolations(page, "the create form with the UTM builder open at 1280 px")).toEqual([]);
    await screenshot(page, "utm-builder");

    const narrow = await browser.newPage(WIDTHS.narrow);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto("/create-test");
    await narrow.getByRole("button", { name: /^UTM parameters of URL A/ }).click();
    const narrowBuilder = narrow.getByRole("group", { name: "UTM parameters of URL A" });
    // No URL yet: nothing to put the parameters in.
    await narrowBuilder.getByText("Enter URL A first", { exact: false }).waitFor();
    expect(await narrowBuilder.getByLabel("utm_source").isDisabled()).toBe(true);
    await narrow.getByLabel("URL A").fill(`${site}/a`);
    await narrowBuilder.getByLabel("Template", { exact: true }).waitFor();
    await narrowBuilder.getByLabel("utm_source").fill("newsletter");
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(narrow, "the create form with the UTM builder open at 375 px")).toEqual(
      [],
    );
    await screenshot(narrow, "utm-builder-narrow");
    // Deleting a template asks first; A's tagged URL on the wide page keeps its parameters.
    await narrowBuilder.getByLabel("Template", { exact: true }).selectOption({ label: "Spring newsletter" });
    await narrowBuilder.getByRole("button", { name: "Delete", exact: true }).click();
    await narrow.getByRole("alertdialog").getByRole("button", { name: "Delete template" }).click();
    await narrowBuilder.getByText("No templates yet.", { exact: false }).waitFor();

    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
    const slug = new URL(page.url()).pathname.split("/").pop() ?? "";
    const link = `${browser.baseURL}/r/${slug}`;

    // The test page's destination editing has the same builder, read from the saved URL.
    await page.getByRole("button", { name: "Edit variants" }).click();
    await page.getByRole("button", { name: /^UTM parameters of URL A/ }).click();
    const savedA = page.getByRole("group", { name: "UTM parameters of URL A" });
    expect(await savedA.getByLabel("utm_campaign").inputValue()).toBe("spring sale");
    expect(await savedA.getByLabel("utm_content").inputValue()).toBe("Red button");

    // A visitor clicks the link: they land on the site with the template's parameters and their variant's name.
    const visitor = await browser.newPage(WIDTHS.wide);
    await visitor.goto(link);
    await visitor.waitForURL((url) => url.origin === site);
    const landed = new URL(visitor.url());
    const variant = landed.searchParams.get("variant");
    expect(landed.searchParams.get("utm_source")).toBe("newsletter");
    expect(landed.searchParams.get("utm_medium")).toBe("email");
    expect(landed.searchParams.get("utm_campaign")).toBe("spring sale");
    expect(landed.searchParams.get("utm_content")).toBe(variant === "A" ? "Red button" : "Blue banner");
    if (variant === "A") expect(landed.searchParams.get("ref")).toBe("poster");

    // Shared on with the visitor's own UTM tags: theirs win.
    const shared = await fetch(`${link}?utm_source=facebook`, {
      redirect: "manual",
      headers: { "user-agent": DESKTOP_USER_AGENT, "cf-connecting-ip": visitorAddress(49_600) },
    });
    const location = new URL(shared.headers.get("location") ?? "");
    expect(location.searchParams.getAll("utm_source")).toEqual(["facebook"]);
    expect(location.searchParams.get("utm_medium")).toBe("email");
  });
});
