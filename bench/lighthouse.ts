// Lighthouse's performance score of the landing page (mobile, simulated throttling), offline against
// wrangler dev. Its five weighted audits are timings, and on a shared 2-core machine one run's Total
// Blocking Time swings with one long task, so the score is measured here, over several runs, and the
// browser tests assert only what does not depend on the machine's speed (tests/e2e/lighthouse.e2e.test.ts).
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { freePort, startLocalServer } from "../scripts/local-server.ts";
import { chromiumPath } from "../tests/e2e/chromium-path.ts";
import { fixed, median, printTable } from "./table.ts";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const METRICS = [
  ["first-contentful-paint", "FCP ms"],
  ["largest-contentful-paint", "LCP ms"],
  ["speed-index", "SI ms"],
  ["total-blocking-time", "TBT ms"],
  ["cumulative-layout-shift", "CLS"],
] as const;

const app = await startLocalServer();
const port = await freePort();
const browser = await chromium.launch({
  executablePath: await chromiumPath(),
  args: ["--no-sandbox", "--disable-gpu", `--remote-debugging-port=${port}`],
});
const rows = [];
const scores: number[] = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    const result = await lighthouse(app.url, { port, output: "json", logLevel: "error" });
    if (!result) throw new Error("Lighthouse returned no result");
    const { audits, categories } = result.lhr;
    const score = Math.round((categories.performance?.score ?? 0) * 100);
    scores.push(score);
    rows.push({
      run,
      performance: score,
      ...Object.fromEntries(
        METRICS.map(([id, label]) => [
          label,
          fixed(audits[id]?.numericValue ?? Number.NaN, id.startsWith("cumulative") ? 3 : 0),
        ]),
      ),
    });
  }
} finally {
  await browser.close();
  await app.stop();
}
printTable(
  `Lighthouse performance of the landing page, ${RUNS} runs`,
  rows,
  `performance median ${median(scores)}, range ${Math.min(...scores)}–${Math.max(...scores)} (target 100 in the median)`,
);
