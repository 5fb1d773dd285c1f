// A visitor's time to the destination in headless Chromium: navigation start to the destination's
// load event, through the split link and straight to the same destination, alternating, each visit
// a new visitor (fresh browser context). The destination is a small landing page served locally.
import { createServer } from "node:http";
import { chromium } from "playwright-core";
import { freePort, startLocalServer } from "../scripts/local-server.ts";
import { ApiUser } from "../scripts/splitlink-api.ts";
import { chromiumPath } from "../tests/e2e/chromium-path.ts";
import { fixed, median, printTable } from "./table.ts";

const VISITS = 60;
const WARM_UP = 5;
const TARGET_RATIO = 1.15;
// Not "HeadlessChrome": isbot would rightly call that a bot, and a bot's visit is not a visitor's.
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A landing page with a stylesheet, a script and an image, as the marketer's site would have. */
async function startDestination() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const filler = "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. </p>".repeat(200);
  const files: Record<string, [string, string]> = {
    "/style.css": ["text/css", `body{font-family:sans-serif}${".c{color:#333}".repeat(2000)}`],
    "/app.js": ["text/javascript", `window.ready=1;${"/* landing page script */".repeat(2000)}`],
    "/hero.svg": [
      "image/svg+xml",
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><rect width="800" height="400" fill="#4f46e5"/></svg>`,
    ],
  };
  const page = (
    variant: string,
  ) => `<!doctype html><html><head><meta charset="utf-8"><title>Landing ${variant}</title>
<link rel="stylesheet" href="/style.css"><script src="/app.js" defer></script></head>
<body><h1>Landing ${variant}</h1><img src="/hero.svg" alt="">${filler}</body></html>`;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", origin).pathname;
    const file = files[path];
    const [type, body] = file ?? ["text/html; charset=utf-8", page(path.slice(1))];
    response.writeHead(200, { "content-type": type, "cache-control": "no-store" });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const app = await startLocalServer({
  vars: { JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-000000" },
});
const destination = await startDestination();
const browser = await chromium.launch({
  executablePath: await chromiumPath(),
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
try {
  const user = await ApiUser.signUp(app.url);
  // The same page behind both variants, so both ways end on identical content.
  const test = await user.createTest({ urlA: `${destination.origin}/a`, urlB: `${destination.origin}/a` });
  const splitLink = `${app.url}/r/${test.slug}`;
  const direct = `${destination.origin}/a`;

  /** One new visitor: navigation start to the load event of the page it ends on, in ms. */
  const visit = async (url: string): Promise<number> => {
    const context = await browser.newContext({ userAgent: USER_AGENT });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load" });
    if (!page.url().startsWith(`${destination.origin}/a`)) throw new Error(`landed on ${page.url()}`);
    const loaded = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      return navigation?.loadEventEnd ?? Number.NaN;
    });
    await context.close();
    return loaded;
  };

  for (let i = 0; i < WARM_UP; i++) {
    await visit(splitLink);
    await visit(direct);
  }
  const through: number[] = [];
  const straight: number[] = [];
  for (let i = 0; i < VISITS; i++) {
    through.push(await visit(splitLink));
    straight.push(await visit(direct));
  }
  const ratio = median(through) / median(straight);
  const difference = median(through) - median(straight);
  printTable(
    `Time to destination, headless Chromium: navigation start to the destination's load event, ${VISITS} new visitors each way, alternating`,
    [
      { way: "through the split link (wrangler dev)", "median ms": fixed(median(through), 1) },
      { way: "straight to the destination", "median ms": fixed(median(straight), 1) },
    ],
    `visitor: split link / direct = ${fixed(ratio)}x (target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? "MET" : "MISSED"}), ${difference >= 0 ? "+" : ""}${fixed(difference, 1)} ms through the link`,
  );
} finally {
  await browser.close();
  await destination.close();
  await app.stop();
}
