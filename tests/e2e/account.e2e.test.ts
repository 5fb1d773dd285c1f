import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../contract/messages";
import { CHECK_EMAIL_MESSAGES } from "../../web/src/lib/auth/auth-messages";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { linkFromOutbox, logIn, PASSWORD, postsOfEnterTwice, signUp, visibleToast } from "./flows";

const browser = startBrowser();
const NEW_PASSWORD = "a brand new passphrase";

describe("email verification", () => {
  it("shows the banner until the link of the sign-up email is followed; a used link says so (wide, then narrow)", async () => {
    const email = `verify-${Date.now()}@example.com`;
    const page = await browser.newPage(WIDTHS.wide);
    await signUp(page, email);
    await page.getByText(CHECK_EMAIL_MESSAGES.sentTo(email)).waitFor();
    // Before following the link, the password signs in: the banner says what is left to do.
    await logIn(page, email);

    const banner = page.getByRole("region", { name: "Email verification" });
    await banner.getByText(`Please verify your email address: we sent a link to ${email}.`).waitFor();
    await screenshot(page, "dashboard-unverified");
    await banner.getByRole("button", { name: "Resend email" }).click();
    await visibleToast(page, "Verification email sent. Please check your inbox.");

    // Custom domains wait for it: the Domains screen says why and cannot add one.
    await page.goto("/domains");
    await page.getByText("Please verify your email address before adding a custom domain.").waitFor();
    expect(await page.getByRole("button", { name: "Add Domain" }).isDisabled()).toBe(true);
    await screenshot(page, "domains-unverified");

    const link = await linkFromOutbox(page, email, "/verify-email");
    await page.goto(link);
    await page.getByText("Your email address is verified.").waitFor();
    await screenshot(page, "email-verified");
    await page.getByRole("link", { name: "Go to dashboard" }).click();
    await page.getByText("Your Split Tests").waitFor();
    expect(await banner.count()).toBe(0);

    // Opened again: its owner is told all is well, anyone else that the link is used up.
    await page.goto(link);
    await page.getByText("Your email address is already verified.").waitFor();
    const stranger = await browser.newPage(WIDTHS.narrow);
    await stranger.goto(link);
    await stranger.getByText("Email link is invalid or has expired").waitFor();
    await stranger.getByRole("link", { name: "Log in" }).waitFor();
    await screenshot(stranger, "email-link-invalid");
  });
});

describe("password reset", () => {
  it.each(Object.entries(WIDTHS))(
    "sets a new password from the emailed link and signs out the other sessions (%s)",
    async (name, viewport) => {
      const email = `reset-${name}-${Date.now()}@example.com`;
      const oldDevice = await browser.newPage(WIDTHS.wide);
      await signUp(oldDevice, email);
      await logIn(oldDevice, email);

      const page = await browser.newPage(viewport);
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.getByRole("heading", { name: "Reset your password" }).waitFor();
      await page.getByLabel("Email").fill(email);
      await screenshot(page, "forgot-password");
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page
        .getByText("If an account exists for that email, we have sent a link to reset your password.")
        .waitFor();
      await screenshot(page, "forgot-password-sent");

      const link = await linkFromOutbox(page, email, "/reset-password");
      await page.goto(link);
      await page.getByRole("heading", { name: "Set a new password" }).waitFor();
      // Sign-up's strength rules, with the reasons.
      await page.getByLabel("New password").fill("short");
      await page.getByRole("button", { name: "Set new password" }).click();
      await visibleToast(page, "Password is too weak");
      await page.getByText("Password should be at least 8 characters.").waitFor();
      await screenshot(page, "reset-password");

      await page.getByLabel("New password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Set new password" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      await visibleToast(page, ACCOUNT_MESSAGES.passwordReset);

      // The session of the other device is gone.
      await oldDevice.reload();
      await oldDevice.waitForURL((url) => url.pathname === "/login");

      // The link works once.
      await page.goto(link);
      await page.getByLabel("New password").fill("yet another passphrase");
      await page.getByRole("button", { name: "Set new password" }).click();
      await page.getByText("Email link is invalid or has expired").waitFor();
      await page.getByRole("link", { name: "Request a new link" }).waitFor();

      // Only the new password logs in.
      const login = await browser.newPage(viewport);
      await login.goto("/login");
      await login.getByLabel("Email").fill(email);
      await login.getByLabel("Password").fill(PASSWORD);
      await login.getByRole("button", { name: "Log in" }).click();
      await visibleToast(login, "Invalid login credentials");
      await login.getByLabel("Password").fill(NEW_PASSWORD);
      await login.getByRole("button", { name: "Log in" }).click();
      await login.waitForURL((url) => url.pathname === "/dashboard");
    },
  );
});

describe("account settings", () => {
  it.each(Object.entries(WIDTHS))(
    "changes the password, then deletes the account with everything in it (%s)",
    async (name, viewport) => {
      const email = `delete-${name}-${Date.now()}@example.com`;
      const page = await browser.newPage(viewport);
      await signUp(page, email);
      await logIn(page, email);
      const slug = await page.evaluate(async () => {
        const response = await fetch("/api/tests", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Doomed", urlA: "https://a.example/", urlB: "https://b.example/" }),
        });
        return ((await response.json()) as { test: { slug: string } }).test.slug;
      });

      await page.getByRole("link", { name: "Settings" }).click();
      await page.waitForURL((url) => url.pathname === "/settings/account");
      await page.getByRole("heading", { name: "Account and security" }).waitFor();
      await screenshot(page, "settings");

      await page.getByLabel("Current password").fill("not my password");
      await page.getByLabel("New password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
      await visibleToast(page, "Your current password is not correct.");
      await page.getByLabel("Current password").fill(PASSWORD);
      // Enter twice: one change goes out (a second would say the current password is wrong).
      expect(await postsOfEnterTwice(page, page.getByLabel("New password"), "/api/account/password")).toBe(1);
      await visibleToast(page, "Password changed. Your other sessions have been signed out.");
      expect(await page.getByLabel("Current password").inputValue()).toBe("");

      await page.getByRole("button", { name: "Delete account" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete your account?" });
      const confirm = dialog.getByRole("button", { name: "Delete my account" });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel(/to confirm/).fill("someone-else@example.com");
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel(/to confirm/).fill(email);
      // The password too: a session alone cannot delete the account (issue #45).
      expect(await confirm.isDisabled()).toBe(true);
      // The new one: the password was changed above.
      await dialog.getByLabel("Your password").fill(NEW_PASSWORD);
      await screenshot(page, "delete-account");
      await confirm.click();

      await page.waitForURL((url) => url.pathname === "/");
      await visibleToast(page, "Your account and all its data have been deleted.");
      await screenshot(page, "account-deleted");

      await page.goto("/dashboard");
      await page.waitForURL((url) => url.pathname === "/login");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Log in" }).click();
      await visibleToast(page, "Invalid login credentials");

      const response = await fetch(`${browser.baseURL}/r/${slug}`, { redirect: "manual" });
      expect(response.status).toBe(404);
    },
  );
});
