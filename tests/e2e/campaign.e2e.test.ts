import { describe, expect, it } from "vitest";
import { END_MESSAGES, SCHEDULE_MESSAGES, TEST_MESSAGES, VARIANT_MESSAGES } from "../../contract/messages";
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
    // Arrived: the page shows the created test and lets go of the create page's hand-over (a reload
    // before that would still carry it: the browser keeps a page's history state).
    await page.getByText(TEST_MESSAGES.createdBanner).waitFor();
    await page.waitForFunction(() => (history.state as { usr?: unknown } | null)?.usr == null);

    // Clicked: counted, everyone to A, and no statistics, no promote.
    expect([await visit(link), await visit(link)]).toEqual(["A", "A"]);
    const counts = page.getByRole("region", { name: "Link", exact: true });
    await reloadUntil(page, async () => {
      await counts.waitFor();
      return (await counts.getByRole("definition").first().textContent()) === "2";
    });
    // Reloaded, the page is the test as it is now, not as the create page handed it over.
    expect(await page.getByText(TEST_MESSAGES.createdBanner).count()).toBe(0);
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

  it("holds a link until its start date: the page says when, visitors go to the page before it, nothing counts", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `campaign-start-${Date.now()}@example.com`);
    const site = marketerSite().origin;
    const start = new Date(Date.now() + 3 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    const local = `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}T09:00`;

    await page.goto("/create-test");
    await page.getByLabel("Test Name").fill("Summer launch");
    await page.getByLabel("URL A").fill(`${site}/a`);
    await page.getByRole("button", { name: "Remove variant B" }).click();
    await page.getByText("End the test on its own (optional)").click();
    await page.getByLabel("Start on").fill(local);
    await page.getByLabel("Before the start, send visitors to").fill("not a page");
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.getByText("Please enter valid URLs").first().waitFor();
    expect(await page.getByLabel("Before the start, send visitors to").getAttribute("aria-invalid")).toBe(
      "true",
    );
    await page.getByLabel("Before the start, send visitors to").fill(`${site}/soon`);
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
    const slug = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.getByText(/^Starts on .+\.$/).waitFor();
    await page.getByText(`everyone goes to ${site}/soon and nothing is counted`, { exact: false }).waitFor();

    const response = await fetch(`${browser.baseURL}/r/${slug}?utm_source=poster`, {
      redirect: "manual",
      headers: { "user-agent": DESKTOP_USER_AGENT, "cf-connecting-ip": visitorAddress(49_500) },
    });
    expect(response.headers.get("location")).toBe(`${site}/soon?utm_source=poster`);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await seriousViolations(page, "a link before its start at 1280 px")).toEqual([]);
    await screenshot(page, "link-before-start");

    await page.goto("/dashboard");
    await page
      .getByRole("row", { name: /Summer launch/ })
      .getByText(/^Starts on /)
      .waitFor();
    const narrow = await browser.newPage(WIDTHS.narrow);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto(`/test/${slug}`);
    await narrow.getByText(/^Starts on .+\.$/).waitFor();
    expect(await seriousViolations(narrow, "a link before its start at 375 px")).toEqual([]);
    // Nothing was counted: the visit before the start is in no number.
    const { test } = (await (await page.request.get(`/api/tests/${slug}`)).json()) as {
      test: { stats: { arms: { clicks: number }[] } };
    };
    expect(test.stats.arms.map((arm) => arm.clicks)).toEqual([0]);
  });

  it("ends on the campaign's after-page after the next visitor: the page says so, and everyone goes there", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `campaign-end-${Date.now()}@example.com`);
    const site = marketerSite().origin;

    await page.goto("/create-test");
    await page.getByLabel("Test Name").fill("Flash sale");
    await page.getByLabel("URL A").fill(`${site}/a`);
    await page.getByRole("button", { name: "Remove variant B" }).click();
    await page.getByText("End the test on its own (optional)").click();
    await page.getByRole("radio", { name: "Send everyone to an after-page" }).check();
    await page.getByLabel("End after this many visitors").fill("1");
    await page.getByRole("button", { name: "Create Test" }).click();
    const afterPage = page.getByLabel("After the end, send everyone to");
    await page.getByText(SCHEDULE_MESSAGES.afterUrl).first().waitFor();
    expect(await afterPage.getAttribute("aria-invalid")).toBe("true");
    await afterPage.fill(`${site}/over`);
    expect(await seriousViolations(page, "the create form's after-page at 1280 px")).toEqual([]);
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
    const slug = new URL(page.url()).pathname.split("/").pop() ?? "";
    const link = `${browser.baseURL}/r/${slug}`;

    expect(await visit(link)).toBe("A");
    // The click crosses two queues (its batch asks the autopilot to look): read the API, not the page,
    // while it does, so a machine under load spends its time on the end and not on reloads.
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`/api/tests/${slug}`)).json()) as {
              test: { endResult: string | null };
            }
          ).test.endResult,
        { timeout: 60_000, interval: 500 },
      )
      .toBe("url");
    await reloadUntil(page, async () => {
      const ended = page.getByText(`${END_MESSAGES.reason.visitors} ${END_MESSAGES.result.url}`, {
        exact: false,
      });
      await ended
        .or(page.getByRole("heading", { name: "Flash sale" }))
        .first()
        .waitFor();
      return (await ended.count()) > 0;
    });
    const late = await fetch(`${link}?utm_source=flyer`, {
      redirect: "manual",
      headers: { "user-agent": DESKTOP_USER_AGENT, "cf-connecting-ip": visitorAddress(49_600) },
    });
    expect(late.headers.get("location")).toBe(`${site}/over?utm_source=flyer`);
    expect(late.headers.get("set-cookie")).toBeNull();
    const { test } = (await (await page.request.get(`/api/tests/${slug}`)).json()) as {
      test: { endResult: string; stats: { arms: { clicks: number }[] } };
    };
    expect([test.endResult, test.stats.arms.map((arm) => arm.clicks)]).toEqual(["url", [1]]);
    expect(await seriousViolations(page, "a link ended on its after-page at 1280 px")).toEqual([]);
    await screenshot(page, "link-ended-after-page");
  });
});
