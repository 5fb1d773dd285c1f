import { describe, expect, it } from "vitest";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { signUpOverHttp, visibleToast } from "./flows";

const browser = startBrowser();

// Issue #36, point 2: the Slack card in Settings → Integrations. What reaches Slack is tested against a
// fake Slack in tests/worker/slack.test.ts; here the card: the field's refusals, the URL kept secret,
// and disconnecting with a confirmation.

const WEBHOOK_URL = "https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnopqrstuvwx";

describe("Slack in Settings", () => {
  it("refuses a URL that is not Slack's under the field, connects, never shows the token, and disconnects", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `slack-${Date.now()}@example.com`);
    await page.goto("/settings/integrations");
    const card = page.locator("#slack");
    await card.getByText("Not connected. Alerts go to email and webhooks only.").waitFor();

    const field = card.getByLabel("Incoming webhook URL");
    await field.fill("https://example.com/services/T1/B1/x");
    await card.getByRole("button", { name: "Connect Slack" }).click();
    await card
      .getByRole("alert")
      .getByText("Only Slack incoming webhook URLs work here: they start with https://hooks.slack.com/")
      .waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");

    await field.fill(WEBHOOK_URL);
    await card.getByRole("button", { name: "Connect Slack" }).click();
    await visibleToast(page, "Slack connected");
    await card.getByText("hooks.slack.com/services/T012…/B045…/••••").waitFor();
    await card.getByText("Working").waitFor();
    await card.getByText("No message delivered yet").waitFor();
    await card.getByRole("button", { name: "Send a test message" }).waitFor();
    expect(await page.content()).not.toContain("abcdefghijklmnopqrstuvwx");
    await screenshot(page, "slack-card");

    const narrow = await browser.newPage(WIDTHS.narrow);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto("/settings/integrations");
    await narrow.locator("#slack").getByText("Working").waitFor();
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      WIDTHS.narrow.width,
    );
    await screenshot(narrow, "slack-card");

    await card.getByRole("button", { name: "Disconnect" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Disconnect Slack?").waitFor();
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    await visibleToast(page, "Slack disconnected");
    await card.getByText("Not connected. Alerts go to email and webhooks only.").waitFor();
  });
});
