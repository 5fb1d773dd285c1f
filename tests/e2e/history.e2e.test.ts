import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { createTestFromForm, signUpOverHttp } from "./flows";

const browser = startBrowser();

describe("History", () => {
  it("the test page lists who paused and created the test; Settings' activity log links to it and downloads as CSV", async () => {
    const page = await browser.newPage(WIDTHS.narrow);
    const email = `history-${Date.now()}@example.com`;
    await signUpOverHttp(page, email);
    await createTestFromForm(page, "History journey");
    const testPath = new URL(page.url()).pathname;

    const history = page.getByRole("region", { name: "History" });
    await history.getByText(`${email} created the test`).waitFor();
    await page.getByRole("button", { name: "Pause test" }).click();
    await page.getByRole("button", { name: "Resume test" }).waitFor();
    // The section reloads with every change to the test.
    await history.getByText(`${email} paused the test`).waitFor();
    const items = await history.getByRole("listitem").allTextContents();
    expect(items[0]).toContain("paused the test");
    expect(items[1]).toContain("created the test");
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, "test-history");

    await page.goto("/settings/activity");
    const log = page.getByRole("region", { name: "Activity log" });
    await log.getByText(`${email} paused the test`).waitFor();
    await screenshot(page, "settings-activity-log");
    const download = page.waitForEvent("download");
    await log.getByRole("link", { name: "Download CSV" }).click();
    const csv = readFileSync((await (await download).path()) ?? "", "utf8");
    expect(csv.split("\r\n")[0]).toBe("time,actor_type,actor,action,test_id,test_name,details");
    expect(csv).toContain("test.paused");

    await log.getByRole("link", { name: "History journey" }).first().click();
    await page.waitForURL((url) => url.pathname === testPath);
  });
});
