import { describe, expect, it } from "vitest";
import type { TestWithStats } from "../../contract/api";
import { ANALYTICS_MESSAGES } from "../../contract/messages";
import { createDemoAccount, DEMO_EMAIL, DEMO_PASSWORD, DEMO_TESTS } from "../../scripts/demo-account";
import { startBrowser, WIDTHS } from "./browser";

const browser = startBrowser();

describe("npm run demo", () => {
  it("fills a dashboard with a test still collecting, one with a clear winner and a paused one, run twice without copies", async () => {
    await createDemoAccount(browser.baseURL);
    await createDemoAccount(browser.baseURL);

    const page = await browser.newPage(WIDTHS.wide);
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO_EMAIL);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");

    const row = (name: string) => page.getByRole("row").filter({ hasText: name });
    for (const demo of DEMO_TESTS) {
      await row(demo.name).first().waitFor();
      expect(await row(demo.name).count()).toBe(1);
    }
    const winner = row("Pricing page headline");
    await winner.getByText("Version B").waitFor();
    await winner.locator("[data-confident=true]").waitFor();
    await row("Newsletter sign-up form").getByText("Paused").waitFor();

    const { tests } = (await (await page.request.get("/api/tests")).json()) as { tests: TestWithStats[] };
    const bySlug = (name: string) => tests.find((test) => test.name === name)?.slug ?? "";
    await page.goto(`/test/${bySlug("Pricing page headline")}`);
    await page.getByText(ANALYTICS_MESSAGES.verdict("B wins", null)).first().waitFor();
    await page.getByTestId("analytics-chart").first().waitFor();
    await page.goto(`/test/${bySlug("Spring sale banner")}`);
    await page
      .getByText(/Keep collecting|No clear difference yet/)
      .first()
      .waitFor();

    // The export holds every click and conversion the dashboard counts.
    const pricing = tests.find((test) => test.name === "Pricing page headline");
    const csv = await (await page.request.get(`/api/tests/${pricing?.id}/export/events.csv`)).text();
    const { clicksA, clicksB, conversionsA, conversionsB } = pricing?.stats ?? {};
    expect(csv.trim().split("\n").length - 1).toBe(
      (clicksA ?? 0) + (clicksB ?? 0) + (conversionsA ?? 0) + (conversionsB ?? 0),
    );
  }, 240_000);
});
