import { describe, expect, it } from "vitest";
import { startBrowser, WIDTHS } from "./browser";
import { signUpOverHttp, visitFromNewAddresses } from "./flows";

// Issue #48, point 6: a test's results print to one clean page for a deck.

const browser = startBrowser();

/** The pages of a PDF as Chromium writes it: one `/Type /Page` object each (`/Pages` is the tree). */
const pagesOf = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;

describe("printing a test's results", () => {
  it("prints the name, the numbers, the verdict and the chart on one page, without the app around them", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `print-${Date.now()}@example.com`);
    const created = await page.request.post("/api/tests", {
      headers: { origin: browser.baseURL, "content-type": "application/json" },
      data: { name: "Deck-ready headline", urlA: "https://example.com/a", urlB: "https://example.com/b" },
    });
    const { test } = (await created.json()) as { test: { slug: string } };
    await visitFromNewAddresses(`${browser.baseURL}/r/${test.slug}`, 8, 7300);
    await page.goto(`/test/${test.slug}`);
    await page.getByRole("heading", { name: "Deck-ready headline" }).waitFor();
    const verdict = page.locator("[data-recommendation]");
    await verdict.waitFor();

    await page.emulateMedia({ media: "print" });
    // The results stay; the app around them, its buttons and the sections for working on the test go.
    expect(await verdict.isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Deck-ready headline" }).isVisible()).toBe(true);
    expect(await page.getByRole("banner").isVisible()).toBe(false);
    expect(await page.getByRole("button").filter({ visible: true }).count()).toBe(0);
    for (const working of ["How long it takes", "End of the test", "History"])
      expect(await page.getByRole("heading", { name: working, exact: true }).isVisible(), working).toBe(
        false,
      );

    const pdf = await page.pdf({ format: "A4", printBackground: true });
    expect(pagesOf(pdf)).toBe(1);
  });
});
