import { describe, expect, it } from "vitest";
import { RULE_MESSAGES } from "../../contract/messages";
import { BREAKDOWN_MESSAGES } from "../../web/src/features/test-detail/breakdowns/messages";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import {
  isFocused,
  marketerSiteFor,
  reloadUntil,
  signUpOverHttp,
  variantOfVisit,
  visibleToast,
} from "./flows";

// Issue #22, points 3 and 5 in the browser: a mobile rule made on the create form, a phone sent to the
// rule's URL while desktops are split, and the test page's rules and breakdowns.

const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);

const IPHONE = {
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
};

describe("audiences", () => {
  it("sends phones to the mobile rule's URL, splits desktops, and shows the rule and the breakdowns", async () => {
    const page = await browser.newPage(WIDTHS.narrow);
    await signUpOverHttp(page, `audiences-${Date.now()}@example.com`);
    const site = marketerSite().origin;

    await page.goto("/create-test");
    await page.getByLabel("Test Name").fill("Phones first");
    await page.getByLabel("URL A").fill(`${site}/a`);
    await page.getByLabel("URL B").fill(`${site}/b`);
    await page.getByText("Audience rules (optional)").click();
    await page.getByText(RULE_MESSAGES.none, { exact: false }).waitFor();

    // A new rule starts as "mobile visitors", focus on its first condition.
    await page.getByRole("button", { name: "Add rule" }).click();
    const rule = page.getByRole("group", { name: "Rule 1" });
    const condition = rule.getByLabel("Rule 1, condition 1", { exact: true });
    await expect.poll(() => isFocused(condition)).toBe(true);
    expect(await condition.inputValue()).toBe("device");
    expect(await rule.getByLabel("Rule 1, condition 1, value").inputValue()).toBe("mobile");
    await rule.getByText("Mobile visitors → …").waitFor();

    // Without its URL the rule is refused, in the contract's words.
    await page.getByRole("button", { name: "Create Test" }).click();
    await visibleToast(page, RULE_MESSAGES.actionUrl);

    // Joining the experiment asks for a fallback URL; back to a fixed URL, it goes away.
    await rule.getByLabel("Join the experiment").check();
    await rule.getByText("Mobile visitors → join the experiment").waitFor();
    await page.getByLabel("Fallback URL").waitFor();
    await rule.getByLabel("Send to a fixed URL").check();
    expect(await page.getByLabel("Fallback URL").count()).toBe(0);

    await rule.getByLabel("Rule 1, URL to send to").fill(`${site}/mobile`);
    await rule.getByText(`Mobile visitors → ${site}/mobile`, { exact: true }).waitFor();
    await screenshot(page, "create-test-audience-rule");
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
    const slug = new URL(page.url()).pathname.split("/").pop() ?? "";
    const splitLink = `${browser.baseURL}/r/${slug}`;

    const rules = page.getByRole("region", { name: "Audience rules" });
    await rules.getByText(`Mobile visitors → ${site}/mobile`, { exact: true }).waitFor();

    // A phone opens the split link and lands on the rule's page, outside the experiment.
    const phone = await browser.newPage({ width: 390, height: 844 }, IPHONE);
    await phone.goto(splitLink);
    await phone.getByRole("heading", { name: "Mobile landing" }).waitFor();
    expect(new URL(phone.url()).pathname).toBe("/mobile");

    // A desktop visitor is split between A and B, and counted.
    expect(["A", "B"]).toContain(await variantOfVisit(splitLink));

    // The breakdowns show the desktop visitor, with the warning; the phone is in no version's numbers.
    const breakdowns = page.getByRole("region", { name: "Breakdowns" });
    await reloadUntil(page, async () => {
      await breakdowns
        .getByText(BREAKDOWN_MESSAGES.warning)
        .or(breakdowns.getByText(BREAKDOWN_MESSAGES.noData))
        .waitFor();
      return (await breakdowns.getByText(BREAKDOWN_MESSAGES.warning).count()) === 1;
    });
    // The rule says how many visitors it sent: the phone.
    const ruleLine = rules.getByRole("listitem").filter({ hasText: `Mobile visitors → ${site}/mobile` });
    await reloadUntil(page, async () => {
      await ruleLine.getByText(/visits? yet|\d+ visits?$/).waitFor();
      return (await ruleLine.getByText(RULE_MESSAGES.visits(1), { exact: true }).count()) === 1;
    });
    const device = breakdowns.getByRole("tabpanel", { name: "Device" });
    await device.getByRole("rowheader", { name: "Desktop" }).waitFor();
    expect(await device.getByRole("rowheader", { name: "Mobile" }).count()).toBe(0);
    expect(await device.getByText("of 1 visitor converted").count()).toBe(1);
    await breakdowns.getByRole("tab", { name: "Country" }).click();
    await breakdowns.getByRole("tabpanel", { name: "Country" }).getByRole("table").waitFor();
    await screenshot(page, "test-detail-audiences");
    // On a phone the table scrolls inside its tab panel, not the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      WIDTHS.narrow.width,
    );

    // After the first counted click, a rule may still send visitors elsewhere, but no longer let them join.
    await rules.getByRole("button", { name: "Change rules" }).click();
    await expect.poll(() => isFocused(rules.getByLabel("Rule 1, condition 1", { exact: true }))).toBe(true);
    expect(await rules.getByLabel("Join the experiment").isDisabled()).toBe(true);
    await rules.getByText(RULE_MESSAGES.locked).waitFor();
    await rules.getByLabel("Rule 1, condition 1, value").selectOption("tablet");
    await rules.getByRole("button", { name: "Add condition to rule 1" }).click();
    const second = rules.getByLabel("Rule 1, condition 2", { exact: true });
    await expect.poll(() => isFocused(second)).toBe(true);
    // A fresh condition of a type the rule does not test yet, not a second device ("Tablet and Tablet").
    expect(await second.inputValue()).toBe("os");
    await second.selectOption("country");
    await rules.getByLabel("Rule 1, condition 2, value").fill("de");
    await rules.getByRole("button", { name: "Save rules" }).click();
    await visibleToast(page, RULE_MESSAGES.saved);
    await rules.getByText(`Tablet visitors from DE → ${site}/mobile`, { exact: true }).waitFor();
  });
});
