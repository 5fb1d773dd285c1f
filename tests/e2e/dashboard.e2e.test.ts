import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { signUpOverHttp } from "./flows";

const browser = startBrowser();

/** Noon UTC in about 90 days: the end date of the third test. */
const END = new Date(Math.floor(Date.now() / 86_400_000 + 90) * 86_400_000 + 43_200_000);

/** Four tests through the API, as the SPA makes them: running, optimising, ending on a date, paused. */
async function createTests(page: Page): Promise<void> {
  const headers = { origin: browser.baseURL, "content-type": "application/json" };
  const urls = { urlA: "https://example.com/a", urlB: "https://example.com/b" };
  const endsAt = END.toISOString();
  const bodies = [
    { name: "Spring sale banner", ...urls },
    { name: "Pricing page headline", ...urls, mode: "optimise" },
    { name: "Checkout button colour with a rather long name", ...urls, endsAt },
    { name: "Newsletter sign-up form", ...urls },
  ];
  for (const data of bodies) {
    const created = await page.request.post("/api/tests", { headers, data });
    expect(created.status(), await created.text()).toBe(201);
    if (data.name.startsWith("Newsletter")) {
      const { test } = (await created.json()) as { test: { id: string } };
      expect((await page.request.post(`/api/tests/${test.id}/pause`, { headers })).status()).toBe(200);
    }
  }
}

const statusOf = (page: Page, name: string) =>
  page.locator(":is(tr, li)", { hasText: name }).locator("[data-status]").first().textContent();

describe("the dashboard", () => {
  for (const [width, size] of Object.entries(WIDTHS)) {
    it(`shows each test's status, searches by name and filters by status (${width})`, async () => {
      const page = await browser.newPage(size);
      await signUpOverHttp(page, `dashboard-${width}-${Date.now()}@example.com`);
      await createTests(page);
      await page.goto("/dashboard");
      await page.getByText("Spring sale banner").first().waitFor();

      expect(await statusOf(page, "Spring sale banner")).toBe("Running");
      expect(await statusOf(page, "Pricing page headline")).toBe("Optimising");
      expect(await statusOf(page, "Checkout button colour")).toBe(
        `Ends on ${new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(END)}`,
      );
      expect(await statusOf(page, "Newsletter sign-up form")).toBe("Paused");
      await screenshot(page, `dashboard-statuses-${width}`);

      // The page never scrolls sideways; the table holds every column, Delete included.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      if (width === "wide") {
        const container = page.locator("[data-slot=table-container]");
        const { scroll, client } = await container.evaluate((element) => ({
          scroll: element.scrollWidth,
          client: element.clientWidth,
        }));
        expect(scroll).toBeLessThanOrEqual(client);
        const row = page.getByRole("row", { name: /Spring sale banner/ });
        const remove = row.getByRole("button", { name: "Delete Spring sale banner" });
        const box = await remove.boundingBox();
        const table = await container.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((table?.x ?? 0) + (table?.width ?? 0));
        // Delete is quiet: no border, and not the colour of a warning until hovered; View keeps its outline.
        const look = (element: Element) => getComputedStyle(element).borderTopWidth;
        expect(await remove.evaluate(look)).toBe("0px");
        expect(await row.getByRole("link", { name: /View/ }).evaluate(look)).not.toBe("0px");
      }

      const search = page.getByLabel("Search by name");
      await search.fill("  pricing ");
      await page.getByText("Spring sale banner").first().waitFor({ state: "detached" });
      const shown = page.locator("[data-status]");
      expect(await shown.count()).toBe(1);
      expect(await statusOf(page, "Pricing page headline")).toBe("Optimising");
      await search.fill("");
      await page.getByLabel("Status").selectOption("paused");
      await page.getByText("Spring sale banner").first().waitFor({ state: "detached" });
      expect(await statusOf(page, "Newsletter sign-up form")).toBe("Paused");
      await page.getByLabel("Status").selectOption("running");
      await page.getByText("Newsletter sign-up form").first().waitFor({ state: "detached" });
      expect(await shown.count()).toBe(3);
      await page.getByLabel("Status").selectOption("ended");
      await page.getByText("No tests found").waitFor();
    });
  }
});
