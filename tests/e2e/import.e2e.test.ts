import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../contract/imports";
import { visitorAddress } from "../../scripts/splitlink-api";
import { seriousViolations } from "./axe";
import { DESKTOP_USER_AGENT, screenshot, startBrowser, WIDTHS } from "./browser";
import { isFocused, signUpOverHttp } from "./flows";

// Issue #49, point 5 ("Done when"): a Bitly export of 3 links is imported after a dry run, and each
// back-half redirects.

const browser = startBrowser();

describe("import links", () => {
  it("imports a Bitly export of 3 links after a dry run, and each back-half redirects", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `import-${Date.now()}@example.com`);
    const tag = Date.now().toString(36);
    const links = [
      { title: "Spring poster", slug: `spring-${tag}`, url: "https://shop.example/spring" },
      { title: "Summer flyer", slug: `summer-${tag}`, url: "https://shop.example/summer" },
      { title: "Autumn mail", slug: `autumn-${tag}`, url: "https://shop.example/autumn" },
    ];
    const bitlyExport = [
      "title,link,long_url,created_at,tags",
      ...links.map((link) => `${link.title},https://bit.ly/${link.slug},${link.url},2026-03-01,print`),
    ].join("\n");

    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Import links" }).click();
    await page.getByRole("heading", { name: "Import links" }).waitFor();
    expect(await seriousViolations(page, "the Import links screen at 1280 px")).toEqual([]);

    // A file of no known format is refused at its field.
    await page.getByTestId("import-file").setInputFiles({
      name: "people.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("email,first_name\nann@shop.example,Ann\n"),
    });
    await page.getByRole("alert").getByText("The header row matches no format").waitFor();

    // The dry run: each row and what it will become, nothing created yet.
    await page.getByTestId("import-file").setInputFiles({
      name: "bitly-export.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(bitlyExport),
    });
    await page.getByTestId("import-summary").getByText("3 will be created, 0 refused").waitFor();
    await page.getByText("bitly-export.csv · Bitly export").waitFor();
    const table = page.getByTestId("import-outcome");
    for (const link of links) await table.getByText(`/r/${link.slug}`).waitFor();
    expect(await table.locator('tr[data-status="ready"]').count()).toBe(3);
    expect(await seriousViolations(page, "the import's dry run at 1280 px")).toEqual([]);
    await screenshot(page, "import-dry-run");
    const before = await page.request.get("/api/tests");
    expect(((await before.json()) as { tests: unknown[] }).tests).toHaveLength(0);

    // One press creates them, by keyboard: the summary has the focus, the button is next.
    await expect.poll(() => isFocused(page.getByTestId("import-summary"))).toBe(true);
    await page.keyboard.press("Tab");
    expect(await isFocused(page.getByRole("button", { name: "Create 3 links" }))).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByTestId("import-summary").getByText("3 created, 0 refused").waitFor();
    expect(await table.locator('tr[data-status="created"]').count()).toBe(3);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download outcome CSV" }).click();
    const outcome = parseCsv(readFileSync((await (await download).path()) ?? "", "utf8"));
    expect(outcome[0]).toEqual(["row", "name", "urls", "slug", "domain", "tags", "status", "reason", "link"]);
    expect(outcome.slice(1).map((row) => [row[1], row[3], row[6], row[8]])).toEqual(
      links.map((link) => [link.title, link.slug, "created", `${browser.baseURL}/r/${link.slug}`]),
    );

    // Each back-half redirects to its destination.
    for (const [i, link] of links.entries()) {
      const response = await fetch(`${browser.baseURL}/r/${link.slug}`, {
        redirect: "manual",
        headers: { "user-agent": DESKTOP_USER_AGENT, "cf-connecting-ip": visitorAddress(49_500 + i) },
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(new RegExp(`^${link.url}`));
    }

    // At 375 px: the outcome's table fits without sideways scroll.
    const narrow = await browser.newPage(WIDTHS.narrow);
    await narrow.context().addCookies(await page.context().cookies());
    await narrow.goto("/import");
    await narrow.getByTestId("import-file").setInputFiles({
      name: "bitly-export.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(bitlyExport),
    });
    await narrow.getByTestId("import-summary").getByText("0 will be created, 3 refused").waitFor();
    await narrow.getByText("This custom slug is already taken for this domain").first().waitFor();
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      WIDTHS.narrow.width,
    );
    expect(await seriousViolations(narrow, "the import's table at 375 px")).toEqual([]);
    await screenshot(narrow, "import-narrow");

    // The dashboard lists them as links.
    await page.goto("/dashboard");
    for (const link of links)
      await page
        .getByRole("row", { name: new RegExp(link.title) })
        .first()
        .waitFor();
  });

  it("creates a long file in parts, the progress bar moving after each", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `import-long-${Date.now()}@example.com`);
    const rows = Array.from({ length: 30 }, (_, i) => `Flyer ${i + 1},https://shop.example/flyer-${i + 1}`);
    // The second part waits until the bar has been read after the first.
    let releaseSecond = () => {};
    const secondHeld = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    let parts = 0;
    let secondReached = () => {};
    const secondAsked = new Promise<void>((resolve) => {
      secondReached = resolve;
    });
    await page.route("**/api/tests/import", async (route) => {
      if (!route.request().url().includes("dryRun=true") && ++parts === 2) {
        secondReached();
        await secondHeld;
      }
      await route.continue();
    });
    await page.goto("/import");
    await page.getByTestId("import-file").setInputFiles({
      name: "flyers.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(["name,url_a", ...rows].join("\n")),
    });
    await page.getByTestId("import-summary").getByText("30 will be created, 0 refused").waitFor();
    await page.getByRole("button", { name: "Create 30 links" }).click();
    const bar = page.getByRole("progressbar");
    // The first part of 25 takes a few seconds on a slow machine; the bar is read once it is done.
    await secondAsked;
    await expect.poll(() => bar.getAttribute("aria-valuenow")).toBe("25");
    expect(await bar.getAttribute("aria-valuemax")).toBe("30");
    releaseSecond();
    await page.getByTestId("import-summary").getByText("30 created, 0 refused").waitFor();
    expect(parts).toBe(2);
  });
});
