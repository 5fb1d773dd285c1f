import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../contract/messages";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { linkFromOutbox, PASSWORD, signUpOverHttp } from "./flows";

const browser = startBrowser();

/** The scripts the page downloads from now on. */
function scriptsLoadedBy(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  return scripts;
}

describe("public pages", () => {
  it("serves the landing page with security headers on the HTML", async () => {
    const response = await fetch(`${browser.baseURL}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it.each(Object.entries(WIDTHS))("shows the landing page at %s width", async (_, viewport) => {
    const page = await browser.newPage(viewport);
    const scripts = scriptsLoadedBy(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain(
      "A/B Testing Made Simple",
    );
    await page.getByText("How It Works").first().waitFor();
    await page.getByText(`© ${new Date().getFullYear()}`).waitFor();
    await page.getByRole("link", { name: "Get Started — It's Free" }).waitFor();
    await expect(page.getByText(`${new URL(browser.baseURL).host}/r/spring-sale`).count()).resolves.toBe(1);
    // Pre-rendered at build time: the landing page needs no JavaScript.
    expect(scripts).toEqual([]);
    await screenshot(page, "landing");
  });

  it.each(Object.entries(WIDTHS))(
    "shows the 404 page for an unknown route, with a way home (%s)",
    async (_, viewport) => {
      const page = await browser.newPage(viewport);
      await page.goto("/nope");
      await page.getByText("Oops! Page not found").waitFor();
      await screenshot(page, "not-found");
      await page.getByRole("link", { name: "Return to Home" }).click();
      await page.waitForURL((url) => url.pathname === "/");
    },
  );

  it("sends a signed-out visit to /dashboard to /login, replacing the history entry", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/login");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
  });
});

describe("accounts", () => {
  it.each(Object.entries(WIDTHS))("signs up, logs out and logs back in (%s)", async (name, viewport) => {
    const email = `e2e-${name}-${Date.now()}@example.com`;
    const page = await browser.newPage(viewport);

    await page.goto("/");
    await page.getByRole("link", { name: "Sign up" }).first().click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("tab") === "signup");
    await page.getByRole("heading", { name: "Welcome" }).waitFor();
    await screenshot(page, "signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();

    // No one is signed in until the emailed link is opened: the same answer for an email with an account.
    await page
      .getByText("Account created successfully. Please check your email to verify your account.")
      .waitFor();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByText(`We sent a link to ${email}.`, { exact: false }).waitFor();
    await screenshot(page, "signup-check-email");
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.goto(await linkFromOutbox(page, email, "/verify-email"));
    await page.getByText("Your email address is verified.").waitFor();
    await page.getByRole("link", { name: "Go to dashboard" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByText(email).filter({ visible: true }).first().waitFor();
    await page.getByText("Your Split Tests").waitFor();
    await screenshot(page, "dashboard");

    // The session survives a reload.
    await page.reload();
    await page.getByText(email).filter({ visible: true }).first().waitFor();

    // A fresh visit to the landing page gets its signed-in version, still without JavaScript.
    const scripts = scriptsLoadedBy(page);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Go to Dashboard" }).count()).resolves.toBe(2);
    await expect(page.getByRole("link", { name: "Log in" }).count()).resolves.toBe(0);
    expect(scripts).toEqual([]);
    await page.getByRole("link", { name: "View Dashboard" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");

    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByText("Logged out successfully").waitFor();
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/login");

    await page.getByRole("tab", { name: "Login" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await screenshot(page, "login");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByText("Logged in successfully").waitFor();
    await page.getByText(email).filter({ visible: true }).first().waitFor();
  });

  it("asks a browser that did not sign up to log in before its link verifies, then comes back verified", async () => {
    const email = `elsewhere-${Date.now()}@example.com`;
    await signUpOverHttp(await browser.newPage(), email);
    // The link, opened on another device: nothing changes until its user logs in there.
    const phone = await browser.newPage(WIDTHS.narrow);
    const link = await linkFromOutbox(phone, email, "/verify-email");
    await phone.goto(link);
    await phone.getByText(ACCOUNT_MESSAGES.logInToVerify).waitFor();
    expect(await phone.getByText(ACCOUNT_MESSAGES.emailVerified).count()).toBe(0);
    await phone.getByRole("link", { name: "Log in" }).click();
    await phone.getByLabel("Email").fill(email);
    await phone.getByLabel("Password").fill(PASSWORD);
    await phone.getByRole("button", { name: "Log in" }).click();
    await phone.getByText(ACCOUNT_MESSAGES.emailVerified).waitFor();
    expect(phone.url()).toBe(link);
    await phone.getByRole("link", { name: "Go to dashboard" }).click();
    await phone.waitForURL((url) => url.pathname === "/dashboard");
    expect(await phone.getByText("Please verify your email address", { exact: false }).count()).toBe(0);
  });

  it("shows the service's message when the password is wrong", async () => {
    const page = await browser.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Invalid login credentials").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
