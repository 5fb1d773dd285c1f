import lighthouse, { type RunnerResult } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromium } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { freePort } from "../../scripts/local-server";

// Lighthouse's own run (mobile, simulated throttling) on the landing page, offline against wrangler dev.
// Its performance score comes from timings, and on a shared 2-core machine one run's Total Blocking Time
// swings by a long task (the landing page's HTML and CSS, no JavaScript: 4 to 160 ms measured): so the
// page is judged by the median of three runs, picked as Lighthouse picks it (docs/variability.md, "Run
// Lighthouse multiple times"; three is Lighthouse CI's default).
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
      }
      const { categories, audits }: Report = computeMedianRun(runs);
      const below = Object.values(categories)
        .filter((category) => category.score !== 1)
        .map((category) => {
          const failing = category.auditRefs
            .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score !== 1)
            .map((ref) => `${ref.id} (${audits[ref.id]?.score})`);
          return `${category.title}: ${Math.round((category.score ?? 0) * 100)}, failing ${failing.join(", ")}`;
        });
      const scores = runs.map((lhr) => lhr.categories.performance?.score);
      expect(below, `performance of the ${RUNS} runs: ${scores.join(", ")}`).toEqual([]);
      // Every category of the default run was measured: none left out as unmeasurable.
      expect(Object.keys(categories).sort()).toEqual(
        ["accessibility", "agentic-browsing", "best-practices", "performance", "seo"].sort(),
      );
    } finally {
      await browser.close();
    }
  }, 240_000);
});
