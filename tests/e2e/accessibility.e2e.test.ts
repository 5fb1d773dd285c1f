import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { startBrowser, WIDTHS } from "./browser";
import { logIn, signUp, verifyEmail } from "./flows";
import { SCREENS, type TestData, type Who } from "./screens";

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

// The two widths walk at once, each in its own page: the walk mostly waits on the server.
describe.concurrent("accessibility: axe and the tab's title on every screen", () => {
  for (const [widthName, viewport] of Object.entries(WIDTHS)) {
    it(`has no serious or critical violations at ${viewport.width} px (${widthName})`, async ({ expect }) => {
      const page = await browser.newPage(viewport);
      // Scan the settled screen: mid-animation (a toast fading in) colours are not what anyone reads.
      await page.emulateMedia({ reducedMotion: "reduce" });
      const found: string[] = [];
      let data: TestData = { slug: "", domain: "" };
      const email = `axe-${widthName}-${Date.now()}@example.com`;
      const order: Who[] = [
        "signed-out",
        "signed-in, unverified",
        "signed-in, empty",
        "signed-in, with data",
      ];
      for (const who of order) {
        if (who === "signed-in, unverified") {
          await signUp(page, email);
          await logIn(page, email);
        }
        if (who === "signed-in, empty") await verifyEmail(page, email);
        if (who === "signed-in, with data") data = await createData(page);
        for (const screen of SCREENS.filter((s) => s.who === who)) {
          const label = `${screen.name} at ${viewport.width} px`;
          try {
            await screen.open(page, data);
          } catch (error) {
            found.push(`${label}: could not open the screen: ${String(error).split("\n")[0]}`);
            continue;
          }
          found.push(...(await seriousViolations(page, label)));
          const title = await page.title();
          if (title !== screen.title) found.push(`${label}: the tab says "${title}", not "${screen.title}"`);
        }
      }
      expect(found).toEqual([]);
    }, 900_000);
  }
});
