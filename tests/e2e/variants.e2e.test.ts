import { describe, expect, it } from "vitest";
import { VARIANT_MESSAGES } from "../../contract/messages";
import { PHASE_MESSAGES } from "../../contract/phases";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import {
  isFocused,
  marketerSiteFor,
  reloadUntil,
  signUpOverHttp,
  variantOfVisit,
  visibleToast,
} from "./flows";

const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);
const VISITS = 12;

describe("a test with three variants", () => {
  it("creates a 3-arm test with a named variant, edits its weights, shows three arms, and starts phase 2 on a running test's URL edit", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `variants-${Date.now()}@example.com`);
    const site = marketerSite().origin;

    // The create form starts as the specification's two URLs, the split a one-line summary.
    await page.goto("/create-test");
    await page.getByText("Create a New Split Test").waitFor();
    await page.getByLabel("Test Name").fill("Three ways");
    await page.getByLabel("URL A").fill(`${site}/a`);
    await page.getByLabel("URL B").fill(`${site}/b`);
    await page.getByText("Traffic split 50/50").waitFor();
    expect(await page.getByLabel("Weight of variant A").count()).toBe(0);

    // Adding a variant moves focus to its URL; removing one gives focus back to the row above.
    await page.getByRole("button", { name: "Add variant" }).click();
    const urlC = page.getByLabel("URL C");
    await expect.poll(() => isFocused(urlC)).toBe(true);
    await urlC.fill(`${site}/c`);
    await page.getByRole("button", { name: "Add variant" }).click();
    await page.getByText("Traffic split 25/25/25/25").waitFor();
    await page.getByRole("button", { name: "Remove variant D" }).click();
    await expect.poll(() => isFocused(urlC)).toBe(true);
    expect(await page.getByLabel("URL D").count()).toBe(0);
    await page.getByText("Traffic split 34/33/33").waitFor();

    // Weights that do not add up to 100 are refused, on screen and on submit.
    await page.getByRole("button", { name: "Change split" }).click();
    await expect.poll(() => isFocused(page.getByLabel("Weight of variant A"))).toBe(true);
    await page.getByLabel("Weight of variant A").fill("50");
    await page.getByText(`Total 116 %: ${VARIANT_MESSAGES.total}`).waitFor();
    await page.getByRole("button", { name: "Create Test" }).click();
    await visibleToast(page, VARIANT_MESSAGES.total);
    expect(new URL(page.url()).pathname).toBe("/create-test");
    await page.getByLabel("Weight of variant B").fill("25");
    await page.getByLabel("Weight of variant C").fill("25");
    await page.getByText("Total 100 %").waitFor();
    // A name is optional, and shows beside the letter wherever a label shows.
    await page.getByLabel("Name of variant B (optional)").fill("Red button");
    await screenshot(page, "create-test-three-variants");
    await page.getByRole("button", { name: "Create Test" }).click();

    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
    await page.getByText("Test created successfully").waitFor();
    const slug = new URL(page.url()).pathname.split("/").pop() ?? "";
    const splitLink = `${browser.baseURL}/r/${slug}`;
    for (const [label, weight] of [
      ["A", 50],
      ["B", 25],
      ["C", 25],
    ] as const) {
      const named = label === "B" ? "B · Red button" : label;
      const card = page.getByRole("region", { name: `Version ${named}`, exact: true });
      await card.getByText(`${weight} % of traffic`).waitFor();
      await page.getByText(`URL ${named} (${weight} % of traffic)`).waitFor();
    }

    // Before the first click the variants can still change: back to an even split.
    await page.getByRole("button", { name: "Edit variants" }).click();
    await page.getByRole("button", { name: "Even split" }).click();
    await page.getByRole("button", { name: "Save variants" }).click();
    await visibleToast(page, "Variants saved");
    await page.getByText("URL A (34 % of traffic)").waitFor();
    await page.getByText("URL C (33 % of traffic)").waitFor();

    // Visitors arrive: every one of them is sent to one of the three.
    const counts = { A: 0, B: 0, C: 0 };
    for (let visit = 0; visit < VISITS; visit++) {
      const variant = await variantOfVisit(splitLink);
      expect(["A", "B", "C"]).toContain(variant);
      counts[variant as keyof typeof counts] += 1;
    }

    // The dashboard's Clicks column lists all three arms.
    const clicks = `${counts.A} / ${counts.B} / ${counts.C}`;
    await page.goto("/dashboard");
    const row = page.getByRole("row", { name: /Three ways/ });
    await reloadUntil(page, async () => {
      await row.waitFor();
      return (await row.getByText(clicks, { exact: true }).count()) === 1;
    });
    expect(await row.getByText(/^\d+\.\d%$/).count()).toBe(3);
    await screenshot(page, "dashboard-three-variants");

    // The detail page: a card per arm, an analytics row per arm, a chart line per arm, and now read-only.
    await page.goto(`/test/${slug}`);
    const chart = page.getByTestId("analytics-chart");
    await reloadUntil(page, async () => {
      await chart.or(page.getByText("No visits yet")).first().waitFor();
      return (await chart.count()) > 0;
    });
    for (const label of ["A", "B", "C"] as const) {
      const card = page.getByRole("region", { name: `Version ${label}` });
      expect(await card.getByRole("definition").first().textContent()).toBe(String(counts[label]));
    }
    const analytics = page.getByRole("region", { name: "Analytics" });
    for (const label of ["A", "B · Red button", "C"]) {
      await analytics.getByRole("rowheader", { name: label, exact: true }).waitFor();
    }
    await chart.getByRole("list", { name: "Legend" }).getByText("Version B · Red button").waitFor();
    await page
      .getByRole("region", { name: "Breakdowns" })
      .getByRole("columnheader", { name: "Version B · Red button" })
      .waitFor();
    for (const series of ["visitorsA", "visitorsB", "visitorsC"]) {
      await chart.locator(`path[data-series="${series}"]`).first().waitFor();
    }
    expect(await chart.locator('path[data-series="visitorsD"]').count()).toBe(0);
    await screenshot(page, "test-detail-three-variants");

    // A running test's edit: a name changes nothing else; a new URL starts phase 2, as the page says first.
    expect(await page.getByRole("region", { name: /^Phase/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Edit variants" }).click();
    await page.getByLabel("Name of variant A (optional)").fill("Control");
    await page.getByText(PHASE_MESSAGES.namesOnly).waitFor();
    await page.getByLabel("URL C").fill(`${site}/c-fixed`);
    await page.getByText(PHASE_MESSAGES.newPhase(1)).waitFor();
    await screenshot(page, "edit-variants-new-phase");
    await page.getByRole("button", { name: "Save variants" }).click();
    await visibleToast(page, "Variants saved");
    await page.getByText("URL A · Control (34 % of traffic)").waitFor();
    const phases = page.getByRole("region", { name: "Phase 2" });
    await phases.waitFor();
    // The numbers on the page start over; phase 1's stay, with its URLs.
    for (const label of ["A", "B", "C"] as const) {
      const card = page.getByRole("region", { name: `Version ${label}` });
      await expect.poll(() => card.getByRole("definition").first().textContent()).toBe("0");
    }
    await phases.getByText(/^Phase 1 results/).click();
    for (const [label, name] of [
      ["A", "A"],
      ["B", "B · Red button"],
      ["C", "C"],
    ] as const) {
      const row = phases.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
      const cells = await row.getByRole("cell").allTextContents();
      expect(cells[0]).toBe(`${site}/${label.toLowerCase()}`);
      expect(cells[2]).toBe(String(counts[label]));
    }
    await screenshot(page, "test-detail-phase-2");

    // The promote dialog offers every arm.
    // No verdict yet: no "Promote winner", but any version can still be chosen.
    expect(await page.getByRole("button", { name: "Promote winner" }).count()).toBe(0);
    await page.getByRole("button", { name: "Choose a version" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Send everyone to one version" });
    await dialog.waitFor();
    expect(await dialog.getByRole("radio").count()).toBe(3);
    await dialog.getByRole("radio", { name: /Version C/ }).check();
    await dialog.getByRole("button", { name: "Promote version C" }).click();
    await page.getByText("Completed: everyone goes to version C. The results are frozen.").first().waitFor();
    // The winner badge names the promoted arm, whatever the rates say.
    await page.getByText("Winner: Version C", { exact: true }).waitFor();

    // On a phone each arm keeps its own line in the dashboard card.
    const narrow = await browser.newPage(WIDTHS.narrow);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto("/dashboard");
    await narrow.getByRole("button", { name: "Three ways", exact: true }).click();
    const perArm = narrow.getByRole("table", { name: "Clicks and conversion rate per version" });
    expect(await perArm.getByRole("row").count()).toBe(4);
    await narrow.getByRole("listitem").getByText("Version C", { exact: true }).waitFor();
    await screenshot(narrow, "dashboard-three-variants");
  });
});
