import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { startBrowser, WIDTHS } from "./browser";
import { logIn, signUp, signUpOverHttp, verifyEmail } from "./flows";
import { SCREENS, type Screen, type TestData, type Who } from "./screens";

const browser = startBrowser();

/** A test and a custom domain for the signed-in marketer, made through the API as the SPA would. */
async function createData(page: Page): Promise<TestData> {
  const headers = { origin: browser.baseURL, "content-type": "application/json" };
  const domain = `axe-${Date.now()}.localhost`;
  const added = await page.request.post("/api/domains", { headers, data: { domain } });
  expect(added.status()).toBe(201);
  const created = await page.request.post("/api/tests", {
    headers,
    data: { name: "Axe test", urlA: "https://example.com/a", urlB: "https://example.com/b" },
  });
  expect(created.status()).toBe(201);
  const { test } = (await created.json()) as { test: { slug: string } };
  return { slug: test.slug, domain };
}

const screensOf = (who: Who) => SCREENS.filter((screen) => screen.who === who);

/**
 * Opens each screen once, at 375 px, and scans it there and again at 1280 px, resized in place: a
 * screen's state (an open dialog, a shown error) survives the resize, and opening every screen twice
 * was half of this file's time. Answers a line per violation, wrong tab title or screen that did not open.
 */
async function walk(page: Page, screens: Screen[], data: TestData): Promise<string[]> {
  const found: string[] = [];
  for (const screen of screens) {
    await page.setViewportSize(WIDTHS.narrow);
    try {
      await screen.open(page, data);
    } catch (error) {
      found.push(`${screen.name}: could not open the screen: ${String(error).split("\n")[0]}`);
      continue;
    }
    for (const viewport of [WIDTHS.narrow, WIDTHS.wide]) {
      if (viewport !== WIDTHS.narrow) {
        await page.setViewportSize(viewport);
        // Two frames: the layout and what React renders from the resize have settled.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
      }
      found.push(...(await seriousViolations(page, `${screen.name} at ${viewport.width} px`)));
    }
    const title = await page.title();
    if (title !== screen.title) found.push(`${screen.name}: the tab says "${title}", not "${screen.title}"`);
  }
  return found;
}

// Two walks at once, each in its own page and account: the walks mostly wait on the server.
describe.concurrent("accessibility: axe and the tab's title on every screen, at 375 and 1280 px", () => {
  it("has no serious or critical violations signed out, and signed in with a test and a domain", async ({
    expect,
  }) => {
    const page = await browser.newPage(WIDTHS.narrow);
    // Scan the settled screen: mid-animation (a toast fading in) colours are not what anyone reads.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const found = await walk(page, screensOf("signed-out"), { slug: "", domain: "" });
    await signUpOverHttp(page, `axe-data-${Date.now()}@example.com`, { verified: true });
    found.push(...(await walk(page, screensOf("signed-in, with data"), await createData(page))));
    expect(found).toEqual([]);
  }, 900_000);

  it("has no serious or critical violations before the email is verified, and verified with nothing yet", async ({
    expect,
  }) => {
    const page = await browser.newPage(WIDTHS.narrow);
    await page.emulateMedia({ reducedMotion: "reduce" });
    const email = `axe-empty-${Date.now()}@example.com`;
    const none = { slug: "", domain: "" };
    await signUp(page, email);
    await logIn(page, email);
    const found = await walk(page, screensOf("signed-in, unverified"), none);
    await verifyEmail(page, email);
    found.push(...(await walk(page, screensOf("signed-in, empty"), none)));
    expect(found).toEqual([]);
  }, 900_000);
});
