import { randomInt } from "node:crypto";
import type { Locator, Page, Route } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { TestResponse } from "../../contract/api";
import { AUTH_MESSAGES } from "../../contract/messages";
import { visitorAddress } from "../../scripts/splitlink-api";
import { CHECK_EMAIL_MESSAGES } from "../../web/src/lib/auth/auth-messages";
import { DESKTOP_USER_AGENT, screenshot } from "./browser";
import { startMarketerSite } from "./marketer-site";
import { linkInOutbox } from "./outbox";

export const PASSWORD = "correct horse battery staple";

/** Signs a new marketer up through the Sign Up tab: the form gives way to where the link went. */
export async function signUp(page: Page, email: string): Promise<void> {
  await page.goto("/login?tab=signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("heading", { name: CHECK_EMAIL_MESSAGES.heading }).waitFor();
}

/** Logs in through the Login tab and waits for the dashboard (an account may, before its email is verified). */
export async function logIn(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
}

/**
 * The link to `path` in the newest email to `email`, read from the local outbox page (the app runs
 * without a mail provider). Emails go out in the background: it waits for one to arrive.
 */
export async function linkFromOutbox(
  page: Page,
  email: string,
  path: "/verify-email" | "/reset-password" | "/invitations/",
): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const link = linkInOutbox(await (await page.request.get("/dev/outbox")).text(), email, path);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No ${path} email to ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A new marketer signed in without the sign-up form, for tests whose subject is not sign-up (auth.e2e,
 * account.e2e and the keyboard and accessibility tests go through the form): POST /api/auth/signup as
 * the SPA sends it, from the page's browser context, then the login (unverified) or the verification
 * email's link (`verified`), whose session cookies sign the page in from its next load. No page is
 * loaded: the caller opens the screen it tests.
 */
export async function signUpOverHttp(page: Page, email: string, { verified = false } = {}): Promise<void> {
  // Each marketer signs up from an address of their own, as people do: sign-up and login are limited to
  // 20 a minute per address, which the browser tests' many marketers from this machine would reach.
  const headers = {
    origin: inject("baseURL"),
    "content-type": "application/json",
    "cf-connecting-ip": `198.18.${randomInt(256)}.${randomInt(1, 255)}`,
  };
  const credentials = { email, password: PASSWORD };
  const signedUp = await page.request.post("/api/auth/signup", { headers, data: credentials });
  expect(signedUp.status()).toBe(202);
  if (verified) return verifyEmailOverHttp(page, email);
  const loggedIn = await page.request.post("/api/auth/login", { headers, data: credentials });
  expect(loggedIn.status()).toBe(200);
}

/** Follows the verification link of the sign-up email over HTTP, as the verification page does: signed in. */
export async function verifyEmailOverHttp(page: Page, email: string): Promise<void> {
  const token = new URL(await linkFromOutbox(page, email, "/verify-email")).searchParams.get("token");
  const headers = { origin: inject("baseURL"), "content-type": "application/json" };
  const verified = await page.request.post("/api/account/verify-email", { headers, data: { token } });
  expect(verified.status()).toBe(200);
}

/** Opens the verification link of the sign-up email, as the user would from their inbox: signed in. */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  await page.goto(await linkFromOutbox(page, email, "/verify-email"));
  await page.getByText("Your email address is verified.").waitFor();
}

/** The marketer's website (landing pages A and B, thank-you page) for the test file's lifetime. */
export function marketerSiteFor(appUrl: string) {
  const handle = { site: undefined as Awaited<ReturnType<typeof startMarketerSite>> | undefined };
  beforeAll(async () => {
    handle.site = await startMarketerSite(appUrl);
  });
  afterAll(() => handle.site?.close());
  return () => {
    if (!handle.site) throw new Error("The marketer site is not running");
    return handle.site;
  };
}

/** Only the toast on screen: sonner keeps older ones in the page, hidden. */
export function visibleToast(page: Page, text: string): Promise<void> {
  return page.locator("[data-sonner-toast][data-visible=true]").filter({ hasText: text }).first().waitFor();
}

/** A new visitor (no cookies, a desktop browser) opens a split link: the variant the edge sent them to. */
export async function variantOfVisit(splitLink: string): Promise<string> {
  const headers = { "user-agent": DESKTOP_USER_AGENT };
  const response = await fetch(splitLink, { redirect: "manual", headers });
  return new URL(response.headers.get("location") ?? "").searchParams.get("variant") ?? "";
}

export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/**
 * Reloads the page until the check passes: counts arrive through the queue a moment after the visits.
 * The check waits for what it reads, since the page loads its data after the reload. When it never
 * passes, the page is kept as the `failure` screenshot.
 */
export async function reloadUntil(page: Page, check: () => Promise<boolean>) {
  try {
    await expect
      .poll(
        async () => {
          await page.reload();
          return check();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
  } catch (error) {
    await screenshot(page, "failure");
    throw error;
  }
}

/** New visitors, each from an address of their own (the burst guard counts new sessions per address). */
export async function visitFromNewAddresses(splitLink: string, visitors: number, firstAddress: number) {
  for (let n = 0; n < visitors; n += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, visitors - n) }, (_, i) =>
        fetch(splitLink, {
          redirect: "manual",
          headers: {
            "user-agent": DESKTOP_USER_AGENT,
            "cf-connecting-ip": visitorAddress(firstAddress + n + i),
          },
        }),
      ),
    );
  }
}

/** Creates a two-URL test from the create form, waits for its page and returns its slug. */
export async function createTestFromForm(page: Page, name: string): Promise<string> {
  await page.goto("/create-test");
  await page.getByLabel("Test Name").fill(name);
  await page.getByLabel("URL A").fill("https://example.com/a");
  await page.getByLabel("URL B").fill("https://example.com/b");
  await page.getByRole("button", { name: "Create Test" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/test/"));
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

/**
 * Creating an API key the first time answers 403 `reauth_required`, faked once at the browser's HTTP
 * boundary: sign-up entered the password a moment ago, and the real refusal comes 10 minutes later.
 * Then asks for a key named `name` from the empty API keys card.
 */
export async function createKeyRefusedOnceForPassword(page: Page, name: string): Promise<void> {
  let refused = false;
  await page.route("**/api/keys", (route) => {
    if (route.request().method() !== "POST" || refused) return route.fallback();
    refused = true;
    return route.fulfill({
      status: 403,
      json: { error: { code: "reauth_required", message: AUTH_MESSAGES.reauthRequired } },
    });
  });
  await page.getByRole("button", { name: "Create your first API key" }).click();
  const create = page.getByRole("dialog", { name: "Create API key" });
  await create.getByLabel("Key name").fill(name);
  await create.getByRole("button", { name: "Create key" }).click();
}

/**
 * A `page.route` handler: the API refuses the request, as its rate limit does (429). A 4xx is not
 * retried, so a screen shows its failure at once, and the browser does not log it as a page's error.
 */
export function refuse(route: Route): Promise<void> {
  return route.fulfill({
    status: 429,
    json: { error: { code: "rate_limited", message: "Too many requests. Try again in a minute." } },
  });
}

/**
 * Presses Enter twice in `field`, as an impatient user does, while the form's POST to `path` is held
 * 300 ms; resolves, once it is answered, to how many went out (one, for a form that guards itself).
 */
export async function postsOfEnterTwice(page: Page, field: Locator, path: string): Promise<number> {
  let posts = 0;
  const hold = async (route: Route) => {
    posts += 1;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.fallback();
  };
  await page.route(`**${path}`, hold);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === path);
  await field.press("Enter");
  await field.press("Enter");
  await answered;
  await page.unroute(`**${path}`, hold);
  return posts;
}

/** A test's visitors and conversions across its versions, as the API gives them. */
export async function testTotals(
  page: Page,
  slug: string,
): Promise<{ visitors: number; conversions: number }> {
  const { test } = (await (await page.request.get(`/api/tests/${slug}`)).json()) as TestResponse;
  const sum = (key: "visitors" | "conversions") =>
    test.stats.arms.reduce((total, arm) => total + arm[key], 0);
  return { visitors: sum("visitors"), conversions: sum("conversions") };
}
