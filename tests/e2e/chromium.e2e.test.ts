import { chromium } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumPath } from "./chromium-path";

// `npm test` needs no system browser: on a machine without one, the tests drive the Chromium npm installed.
describe("the browser the tests drive", () => {
  it("is the Chromium from npm when the machine has none, and it opens the app", async () => {
    const path = await chromiumPath({ env: {}, systemChromiums: [] });
    const browser = await chromium.launch({ executablePath: path, args: ["--no-sandbox", "--disable-gpu"] });
    try {
      const page = await browser.newPage();
      await page.goto(inject("baseURL"));
      await page.getByRole("heading", { name: "A/B Testing Made Simple" }).waitFor();
    } finally {
      await browser.close();
    }
  });

  it("is the one CHROMIUM_PATH names, and a wrong CHROMIUM_PATH says so", async () => {
    expect(await chromiumPath({ env: { CHROMIUM_PATH: process.execPath } })).toBe(process.execPath);
    await expect(chromiumPath({ env: { CHROMIUM_PATH: "/no/such/chromium" } })).rejects.toThrow(
      "CHROMIUM_PATH is /no/such/chromium, but there is no such file.",
    );
  });
});
