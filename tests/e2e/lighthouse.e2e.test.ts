import lighthouse, { type RunnerResult } from "lighthouse";
import { chromium } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { freePort } from "../../scripts/local-server";

// Lighthouse's own run (mobile, simulated throttling) on the landing page, offline against wrangler dev.
// Its performance score comes from timings, and on a shared 2-core machine one run's Total Blocking Time
// swings by one long task (the landing page's HTML and CSS, no JavaScript: 4 to 160 ms measured, scores
// 98 to 100 in a row). So it runs up to three times and each category is judged by its best run, as the
// advanced configuration in Lighthouse CI's docs asserts timings (`aggregationMethod: "optimistic"`,
// docs/configuration.md); a page that got heavier fails all three.
const RUNS = 3;

type Report = RunnerResult["lhr"];

describe("Lighthouse on the landing page", () => {
  it("scores 100 in every category it measures", async () => {
    const port = await freePort();
    const browser = await chromium.launch({
      executablePath: inject("chromiumPath"),
      args: ["--no-sandbox", "--disable-gpu", `--remote-debugging-port=${port}`],
    });
    try {
      const runs: Report[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(inject("baseURL"), { port, output: "json", logLevel: "error" });
        if (!result) throw new Error("Lighthouse returned no result");
        expect(result.lhr.runtimeError?.message).toBeUndefined();
        runs.push(result.lhr);
        // A run with 100 everywhere is already every category's best: the others could not change it.
        if (Object.values(result.lhr.categories).every((category) => category.score === 1)) break;
      }
      const categories = Object.keys(runs[0]?.categories ?? {});
      const below = categories.flatMap((id) => {
        const best = runs.reduce((a, b) =>
          (b.categories[id]?.score ?? 0) > (a.categories[id]?.score ?? 0) ? b : a,
        );
        const category = best.categories[id];
        if (!category || category.score === 1) return [];
        const failing = category.auditRefs
          .filter(
            (ref) =>
              ref.weight > 0 && best.audits[ref.id]?.score !== null && best.audits[ref.id]?.score !== 1,
          )
          .map((ref) => `${ref.id} (${best.audits[ref.id]?.score})`);
        return [
          `${category.title}: ${Math.round((category.score ?? 0) * 100)}, failing ${failing.join(", ")}`,
        ];
      });
      const scores = runs.map((lhr) => lhr.categories.performance?.score);
      expect(below, `performance of the ${RUNS} runs: ${scores.join(", ")}`).toEqual([]);
      // Every category of the default run was measured: none left out as unmeasurable.
      expect(categories.sort()).toEqual(
        ["accessibility", "agentic-browsing", "best-practices", "performance", "seo"].sort(),
      );
    } finally {
      await browser.close();
    }
  }, 240_000);
});
