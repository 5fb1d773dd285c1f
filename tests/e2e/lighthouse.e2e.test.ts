import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { freePort } from "../../scripts/local-server";

// Lighthouse's own run (mobile, simulated throttling) on the landing page, offline against wrangler dev.
describe("Lighthouse on the landing page", () => {
  it("scores 100 in every category it measures", async () => {
    const port = await freePort();
    const browser = await chromium.launch({
      executablePath: inject("chromiumPath"),
      args: ["--no-sandbox", "--disable-gpu", `--remote-debugging-port=${port}`],
    });
    try {
      const result = await lighthouse(inject("baseURL"), { port, output: "json", logLevel: "error" });
      if (!result) throw new Error("Lighthouse returned no result");
      const { categories, audits, runtimeError } = result.lhr;
      expect(runtimeError?.message).toBeUndefined();
      const below = Object.values(categories)
        .filter((category) => category.score !== 1)
        .map((category) => {
          const failing = category.auditRefs
            .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score !== 1)
            .map((ref) => `${ref.id} (${audits[ref.id]?.score})`);
          return `${category.title}: ${Math.round((category.score ?? 0) * 100)}, failing ${failing.join(", ")}`;
        });
      expect(below).toEqual([]);
      // Every category of the default run was measured: none left out as unmeasurable.
      expect(Object.keys(categories).sort()).toEqual(
        ["accessibility", "agentic-browsing", "best-practices", "performance", "seo"].sort(),
      );
    } finally {
      await browser.close();
    }
  }, 120_000);
});
