import { describe, expect, it } from "vitest";
import { VARIANT_MESSAGES } from "../../contract/messages";
import { PHASE_MESSAGES } from "../../contract/phases";
import { visitorAddress } from "../../scripts/splitlink-api";
import { seriousViolations } from "./axe";
import { DESKTOP_USER_AGENT, screenshot, startBrowser, WIDTHS } from "./browser";
import { marketerSiteFor, reloadUntil, signUpOverHttp, visibleToast } from "./flows";

// Issue #49: every link of a campaign. A plain link first, a test on the same link later.

const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);
let visitorsSent = 0;

/** A new visitor from an address of their own opens the link: the variant the edge chose. */
async function visit(link: string): Promise<string> {
  const response = await fetch(link, {
    redirect: "manual",
    headers: {
      "user-agent": DESKTOP_USER_AGENT,
      "cf-connecting-ip": visitorAddress(49_000 + visitorsSent++),
    },
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "").searchParams.get("variant") ?? "";
}

describe("a link first, a test later", () => {
  it("creates a plain link, counts its clicks without statistics, then adds a second destination: phase 2 splits, phase 1 kept", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `campaign-${Date.now()}@example.com`);
    const site = marketerSite().origin;

    // The create form: B removed leaves one destination, a plain link.
    await page.goto("/create-test");
    await page.getByLabel("Test Name").fill("Spring poster");
    await page.getByLabel("URL A").fill(`${site}/a`);
    await page.getByRole("button", { name: "Remove variant B" }).click();
    await page.getByText("One destination: a plain link that counts its clicks.").waitFor();
    expect(await page.getByLabel("URL B").count()).toBe(0);
    // Optimise mode's bandit has nothing to move with one destination: said where the split would be.
    await page.getByRole("radio", { name: /^Optimise/ }).check();
    await page.getByRole("button", { name: "Create Test" }).click();
    await visibleToast(page, VARIANT_MESSAGES.optimiseNeedsTwo);
    await page.locator("p.text-destructive", { hasText: VARIANT_MESSAGES.optimiseNeedsTwo }).waitFor();
    await page.getByRole("radio", { name: /^Experiment/ }).check();
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
    const slug = new URL(page.url()).pathname.split("/").pop() ?? "";
    const link = `${browser.baseURL}/r/${slug}`;

    // Clicked: counted, everyone to A, and no statistics, no promote.
    expect([await visit(link), await visit(link)]).toEqual(["A", "A"]);
    const counts = page.getByRole("region", { name: "Link", exact: true });
    await reloadUntil(page, async () => {
      await counts.waitFor();
      return (await counts.getByRole("definition").first().textContent()) === "2";
    });
    await page.getByText("Link", { exact: true }).first().waitFor();
    expect(await page.getByRole("region", { name: "Analytics" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Promote winner|Choose a version/ }).count()).toBe(0);
    expect(await seriousViolations(page, "a plain link's page at 1280 px")).toEqual([]);
    await screenshot(page, "link-detail");
    const narrow = await browser.newPage(WIDTHS.narrow);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto(`/test/${slug}`);
    await narrow.getByRole("region", { name: "Link", exact: true }).waitFor();
    expect(await seriousViolations(narrow, "a plain link's page at 375 px")).toEqual([]);
    await screenshot(narrow, "link-detail-narrow");

    // The dashboard says Link, names no winner, and filters links and tests.
    await page.goto("/dashboard");
    const row = page.getByRole("row", { name: /Spring poster/ });
    await row.getByText("Link", { exact: true }).waitFor();
    await row.getByText("No test yet").waitFor();
    await page.getByLabel("Show").selectOption("test");
    await page.getByText("No tests found").waitFor();
    await page.getByLabel("Show").selectOption("link");
    await row.waitFor();
    expect(await seriousViolations(page, "the dashboard filtered to links at 1280 px")).toEqual([]);
    await narrow.goto("/dashboard");
    await narrow.getByLabel("Show").selectOption("link");
    await narrow.getByText("Spring poster").first().waitFor();
    expect(await seriousViolations(narrow, "the dashboard filtered to links at 375 px")).toEqual([]);

    // A second destination: the same link becomes a test, and its clicks so far stay as phase 1.
    await page.goto(`/test/${slug}`);
    await page.getByRole("button", { name: "Edit variants" }).click();
    await page.getByRole("button", { name: "Add variant" }).click();
    await page.getByLabel("URL B").fill(`${site}/b`);
    await page.getByText(PHASE_MESSAGES.newPhase(1)).waitFor();
    await page.getByRole("button", { name: "Save variants" }).click();
    await visibleToast(page, "Variants saved");
    const phases = page.getByRole("region", { name: "Phase 2" });
    await phases.waitFor();
    await page.getByRole("region", { name: "Analytics" }).waitFor();
    await phases.getByText(/^Phase 1 results/).click();
    const phaseOne = phases
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "A", exact: true }) });
    expect((await phaseOne.getByRole("cell").allTextContents())[2]).toBe("2");
    const seen = new Set<string>();
    for (let i = 0; i < 16 && seen.size < 2; i++) seen.add(await visit(link));
    expect([...seen].sort()).toEqual(["A", "B"]);
    await screenshot(page, "link-became-test");
  });
});
