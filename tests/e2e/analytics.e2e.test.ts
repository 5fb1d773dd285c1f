import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { visitorAddress } from "../../scripts/splitlink-api";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { marketerSiteFor, signUpOverHttp, visibleToast } from "./flows";

const browser = startBrowser();
const marketerSite = marketerSiteFor(browser.baseURL);
const DESKTOP =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A real visit through the split link: answers the variant and session the edge chose. */
let visitorsSent = 0;

/** A new visitor from an address of their own, as Cloudflare would report it. */
async function visit(splitLink: string) {
  const response = await fetch(splitLink, {
    redirect: "manual",
    headers: { "user-agent": DESKTOP, "cf-connecting-ip": visitorAddress(7000 + visitorsSent++) },
  });
  const location = new URL(response.headers.get("location") ?? "");
  return {
    variant: location.searchParams.get("variant") ?? "",
    sessionId: location.searchParams.get("sessionId") ?? "",
  };
}

/** The tracker's beacon, as a thank-you page would send it. */
async function convert(testId: string, visitor: { variant: string; sessionId: string }) {
  const response = await fetch(`${browser.baseURL}/functions/v1/conversions`, {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", origin: marketerSite().origin },
    body: JSON.stringify({ splitTestId: testId, ...visitor }),
  });
  expect(response.status).toBe(202);
}

async function createTest(page: Page, name: string) {
  await page.goto("/create-test");
  await page.getByLabel("Test Name").fill(name);
  await page.getByLabel("URL A").fill(`${marketerSite().origin}/a`);
  await page.getByLabel("URL B").fill(`${marketerSite().origin}/b`);
  await page.getByRole("button", { name: "Create Test" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/test/"));
  const slug = new URL(page.url()).pathname.split("/").pop() ?? "";
  const snippet = (await page.locator("pre", { hasText: "data-test=" }).textContent()) ?? "";
  return {
    slug,
    testId: /data-test="([^"]+)"/.exec(snippet)?.[1] ?? "",
    splitLink: `${browser.baseURL}/r/${slug}`,
  };
}

describe("analytics on the test detail page", () => {
  it("charts real visits and conversions, and exports them", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `analytics-${Date.now()}@example.com`);
    const { slug, testId, splitLink } = await createTest(page, "Pricing page");

    const visitors = [];
    for (let i = 0; i < 24; i++) visitors.push(await visit(splitLink));
    const converting = visitors.filter((_, i) => i % 4 === 0);
    for (const visitor of converting) await convert(testId, visitor);

    // Counts arrive through the queue: reload until the totals show.
    const visitorsA = visitors.filter((v) => v.variant === "A").length;
    for (let attempt = 0; attempt < 30; attempt++) {
      await page.goto(`/test/${slug}`);
      await page.getByTestId("analytics-chart").or(page.getByText("No visits yet")).first().waitFor();
      const text = (await page.getByRole("region", { name: "Version A" }).textContent()) ?? "";
      if (text.includes(String(visitorsA)) && (await page.getByTestId("analytics-chart").count()) > 0) break;
      await page.waitForTimeout(1000);
    }
    const chart = page.getByTestId("analytics-chart");
    for (const series of ["visitorsA", "visitorsB", "conversionsA", "conversionsB"]) {
      await chart.locator(`path[data-series="${series}"]`).first().waitFor();
    }
    // Issue #33: the recommendation comes first; 24 visitors are no verdict, so nothing is a "Winner".
    const recommendation = page.locator("[data-recommendation]");
    expect(await recommendation.getAttribute("data-recommendation")).toBe("collect");
    expect(await recommendation.textContent()).toMatch(/^Keep collecting/);
    const standing = page.locator("[data-standing]");
    expect(await standing.getAttribute("data-standing")).toMatch(/leading|tie|none/);
    expect(await standing.textContent()).not.toMatch(/Winner/);
    expect(await page.getByRole("button", { name: "Promote winner" }).count()).toBe(0);
    // Each challenger against A, in words; the statisticians' numbers fold away and say they do not decide.
    expect(await page.getByTestId("relative-lift").textContent()).toMatch(/^B (converts|against A)/);
    const details = page.getByTestId("statistician-details");
    expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect(await details.getByText("These figures do not decide", { exact: false }).isVisible()).toBe(false);
    await details.getByText("Details for statisticians").click();
    await details.getByText("These figures do not decide", { exact: false }).waitFor();
    await details.getByText(/Chance to beat the other/).waitFor();
    // This hour is not over: drawn as partial, "so far", never as a drop.
    await chart.getByTestId("partial-period").first().waitFor();
    await screenshot(page, "test-analytics");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download events (CSV)" }).click();
    const csv = readFileSync((await (await download).path()) ?? "", "utf8")
      .trim()
      .split("\r\n");
    expect(csv[0]).toBe(
      "event,time,variant,session_id,bot,amount,currency,device,os,country,referrer_host,rule,url,phase,metric,tags",
    );
    expect(csv).toHaveLength(1 + visitors.length + converting.length);

    const narrow = await browser.newPage(WIDTHS.narrow);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto(`/test/${slug}`);
    await narrow.getByTestId("analytics-chart").waitFor();
    await screenshot(narrow, "test-analytics");
  });

  it("pauses, resumes and promotes a winner, and the link obeys at once", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `lifecycle-${Date.now()}@example.com`);
    const { splitLink } = await createTest(page, "Lifecycle");

    await page.getByRole("button", { name: "Pause test" }).click();
    await visibleToast(page, "Test paused");
    await page
      .getByText("Paused: the link sends everyone to version A and no clicks are counted.")
      .first()
      .waitFor();
    for (let i = 0; i < 5; i++) expect((await visit(splitLink)).variant).toBe("A");

    await page.getByRole("button", { name: "Resume test" }).click();
    await visibleToast(page, "Test resumed");
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) seen.add((await visit(splitLink)).variant);
    expect(seen).toEqual(new Set(["A", "B"]));

    // No verdict: the header offers to choose a version, quietly, not to promote a winner.
    expect(await page.getByRole("button", { name: "Promote winner" }).count()).toBe(0);
    await page.getByRole("button", { name: "Choose a version" }).click();
    const dialog = page.getByRole("alertdialog");
    // Nothing is chosen for the marketer, and the dialog says nothing is proven and ending is for good.
    await dialog.getByRole("note").filter({ hasText: "Not proven yet" }).waitFor();
    expect(await dialog.getByText("ends the test for good").count()).toBe(1);
    expect(await dialog.getByRole("radio", { checked: true }).count()).toBe(0);
    await dialog.getByText("Version B").click();
    await dialog.getByRole("button", { name: "Promote version B" }).click();
    await page.getByText("Completed: everyone goes to version B. The results are frozen.").first().waitFor();
    expect(await page.getByRole("button", { name: "Pause test" }).count()).toBe(0);
    for (let i = 0; i < 5; i++) expect((await visit(splitLink)).variant).toBe("B");
    await screenshot(page, "test-completed");
  });
});
