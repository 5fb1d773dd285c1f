import { mkdirSync } from "node:fs";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from "playwright-core";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";

// Headless Chromium says "HeadlessChrome", which isbot rightly calls a bot: visitors here are people.
export const DESKTOP_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
export const WIDTHS = { narrow: { width: 375, height: 800 }, wide: { width: 1280, height: 900 } } as const;

/** The most of one page's snapshot a failed test logs. */
const PAGE_LOG_CHARS = 8_000;

/** One browser per test file, a fresh context (cookies, storage) per call of newPage. */
export function startBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: inject("chromiumPath"),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // The site tag's shop (shop-site.ts): two hosts of one registrable domain on this machine, and a
        // payment site of another registrable domain.
        "--host-resolver-rules=MAP *.shop.test 127.0.0.1, MAP *.pay.test 127.0.0.1",
      ],
    });
  });
  // CI keeps no screenshots: a failed test's open pages go to the log as a screen reader reads them,
  // so a failure that does not come back can still be read.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async () => {
      for (const page of contexts.flatMap((context) => context.pages())) {
        const seen = await page
          .locator("body")
          .ariaSnapshot({ timeout: 5_000 })
          .catch((error: unknown) => `(no snapshot: ${error})`);
        console.error(`The page at ${page.url()} when the test failed:\n${seen.slice(0, PAGE_LOG_CHARS)}`);
      }
    });
  });
  afterAll(async () => {
    await browser?.close();
    if (errors.length > 0) throw new Error(`The pages logged errors:\n${errors.join("\n")}`);
  });

  return {
    baseURL: inject("baseURL"),
    errors,
    /** `device`: another browser than the desktop one, such as a phone's user agent and touch screen. */
    async newPage(
      viewport: { width: number; height: number } = WIDTHS.wide,
      device: BrowserContextOptions = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        baseURL: inject("baseURL"),
        viewport,
        userAgent: DESKTOP_USER_AGENT,
        ...device,
      });
      contexts.push(context);
      retryResetConnections(context.request);
      const page = await context.newPage();
      page.on("console", (message) => {
        // The browser logs every 4xx answer; the API answers 4xx by design (wrong password, signed out).
        const expectedHttpError = /Failed to load resource: the server responded with a status of 4\d\d/;
        if (message.type() === "error" && !expectedHttpError.test(message.text())) {
          errors.push(`${page.url()}: ${message.text()}`);
        }
      });
      page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
      return page;
    },
  };
}

/**
 * workerd closes a keep-alive connection after a few idle seconds, and Playwright's API client can write
 * a request on one just as it closes (ECONNRESET: nothing reached the Worker), so that one is sent again.
 * Every method of the client (get, post, …) goes through `fetch`.
 */
function retryResetConnections(request: APIRequestContext): void {
  const send = request.fetch.bind(request);
  request.fetch = (urlOrRequest, options) => send(urlOrRequest, { maxRetries: 2, ...options });
}

/** Saves what a person would see into screenshots/ (git-ignored) for a look. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync("screenshots", { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
}
