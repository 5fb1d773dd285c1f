import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCHEDULE_MESSAGES } from "../../contract/messages";
import { MODE_MESSAGES } from "../../web/src/lib/split-tests/mode-messages";
import { CRONS } from "../../worker/crons";
import { DESKTOP_USER_AGENT, screenshot, startBrowser, WIDTHS } from "./browser";
import { marketerSiteFor, signUpOverHttp, visibleToast, visitFromNewAddresses } from "./flows";

// Issue #20, points 3, 4 and 6 in the browser: the end options on the create form, the test page's
// "End of the test" section, the alert settings, and a test the cron ended, as the marketer sees it.

const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);

/** A moment as a datetime-local value, in the browser's (and this machine's) time zone. */
function localDateTime(at: number): string {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 18:00 eight days from now: after a new test's 7 minimum days whatever the time of day. */
const inEightDays = () => `${localDateTime(Date.now() + 8 * 86_400_000).slice(0, 11)}18:00`;
const inAnHour = () => localDateTime(Date.now() + 3_600_000);

async function fillVariants(page: Page, name: string) {
  const site = marketerSite().origin;
  await page.goto("/create-test");
  await page.getByLabel("Test Name").fill(name);
  await page.getByLabel("URL A").fill(`${site}/a`);
  await page.getByLabel("URL B").fill(`${site}/b`);
  await page.getByText("End the test on its own (optional)").click();
}

describe("decisions on autopilot", () => {
  it("sets an end on the create form, changes it on the test page, and chooses the alerts in Settings", async () => {
    const page = await browser.newPage(WIDTHS.narrow);
    await signUpOverHttp(page, `autopilot-${Date.now()}@example.com`);

    await fillVariants(page, "Spring banner");
    await page.getByLabel("End after this many visitors").fill("50");
    await page.getByRole("button", { name: "Create Test" }).click();
    await visibleToast(page, SCHEDULE_MESSAGES.visitors);

    // An end before the week a new test waits is refused under its field.
    await page.getByLabel("End on").fill(inAnHour());
    await page.getByLabel("End after this many visitors").fill("");
    await page.getByRole("button", { name: "Create Test" }).click();
    await visibleToast(page, SCHEDULE_MESSAGES.endsBeforeMinimumDays);
    expect(await page.getByLabel("Minimum days before any call").inputValue()).toBe("7");

    await page.getByLabel("End on").fill(inEightDays());
    await page.getByLabel("End after this many visitors").fill("5000");
    await page.getByLabel("Promote the winner, if there is a clear one").check();
    await page.getByLabel("Stop as soon as there is a clear winner").check();
    await screenshot(page, "create-test-end-options");
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));

    const end = page.getByRole("region", { name: "End of the test" });
    await end.getByText(/Ends on .+ or at 5,000 visitors, whichever comes first\./).waitFor();
    await end.getByText("It stops earlier as soon as there is a clear winner.", { exact: false }).waitFor();
    await end.getByText("At the end, the winner is promoted if the verdict names one").waitFor();
    await end
      .getByText(
        "You get an email when there is a clear winner, when the test ends, when visitors are not split as set.",
      )
      .waitFor();

    await end.getByText("No webhook hears about this test.").waitFor();
    await end.getByRole("button", { name: "Change end" }).click();
    await end.getByLabel("End after this many visitors").fill("");
    await end.getByLabel("Send everyone to version A (the control)").check();
    await end.getByRole("button", { name: "Save end settings" }).click();
    await visibleToast(page, SCHEDULE_MESSAGES.saved);
    await end.getByText(/^Ends on [^,]+, \d{4}, 6:00 PM\. It stops earlier/).waitFor();
    await end.getByText("At the end, everyone goes to version A (the control)").waitFor();
    await screenshot(page, "test-detail-end-section");

    await end.getByRole("link", { name: "Change in Settings" }).click();
    const alerts = page.getByRole("region", { name: "Email alerts" });
    const verdict = alerts.getByLabel("A test has a clear winner");
    expect(await verdict.isChecked()).toBe(true);
    await verdict.uncheck();
    await visibleToast(page, "Alert settings saved");
    await page.reload();
    await alerts.getByLabel("A test's visitors are not split as set").waitFor();
    expect(await verdict.isChecked()).toBe(false);
    await page.goBack();
    await page
      .getByText("You get an email when the test ends, when visitors are not split as set.")
      .waitFor();
  });

  it("shows a test the cron ended at its visitors, and what the end did", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `autopilot-end-${Date.now()}@example.com`);
    await fillVariants(page, "Ends at 200");
    await page.getByLabel("End after this many visitors").fill("200");
    // No week's wait: the visitors end may come at once.
    await page.getByLabel("Minimum days before any call").fill("0");
    await page.getByLabel("Send everyone to version A (the control)").check();
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
    const slug = new URL(page.url()).pathname.split("/").pop() ?? "";

    await visitFromNewAddresses(`${browser.baseURL}/r/${slug}`, 210, 5000);
    // The clicks reach the rollup through the queue; then the ten-minute cron, run by hand, ends the test.
    await expect
      .poll(
        async () => {
          await fetch(`${browser.baseURL}/__scheduled?cron=${encodeURIComponent(CRONS.autopilot)}`);
          return page.evaluate(
            async (s) => (await (await fetch(`/api/tests/${s}`)).json()).test.status,
            slug,
          );
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe("completed");
    await page.reload();
    await page.getByText("It ended when it reached its number of visitors.").first().waitFor();
    await page.getByText("Everyone now goes to version A (the control).").first().waitFor();
    expect(await page.getByRole("button", { name: "Change end" }).count()).toBe(0);
    // Sending everyone to the control promoted nothing: the header names no winner.
    await page.getByText("Not enough data").first().waitFor();
    await screenshot(page, "test-detail-ended-by-visitors");
    const response = await fetch(`${browser.baseURL}/r/${slug}`, {
      redirect: "manual",
      headers: { "user-agent": DESKTOP_USER_AGENT },
    });
    expect(new URL(response.headers.get("location") ?? "").pathname).toBe("/a");
  });

  it("creates a test in Optimise mode: the split is the bandit's, from an even start", async () => {
    const page = await browser.newPage(WIDTHS.narrow);
    await signUpOverHttp(page, `optimise-${Date.now()}@example.com`);
    const site = marketerSite().origin;
    await page.goto("/create-test");
    await page.getByLabel("Test Name").fill("Bandit banner");
    await page.getByLabel("URL A").fill(`${site}/a`);
    await page.getByLabel("URL B").fill(`${site}/b`);
    await page.getByRole("button", { name: "Change split" }).click();
    await page.getByLabel("Weight of variant A").fill("70");
    await page.getByLabel("Weight of variant B").fill("30");
    await page.getByLabel("Optimise").check();
    await page.getByText(MODE_MESSAGES.managedSplit).waitFor();
    expect(await page.getByLabel("Weight of variant A").count()).toBe(0);
    await screenshot(page, "create-test-optimise");
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
    // The bandit started even: 50/50 of two, shown as a plain A/B test, not the 70/30 once typed.
    await page.getByRole("region", { name: "Split URLs" }).getByText(MODE_MESSAGES.managedSplit).waitFor();
    await page.getByText("URL A", { exact: true }).waitFor();
    expect(await page.getByText("70 % of traffic").count()).toBe(0);
  });
});
