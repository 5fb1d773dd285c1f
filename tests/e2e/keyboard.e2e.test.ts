import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TEST_MESSAGES } from "../../contract/messages";
import { startBrowser, WIDTHS } from "./browser";
import {
  isFocused,
  linkFromOutbox,
  PASSWORD,
  signUp,
  signUpOverHttp,
  verifyEmail,
  visibleToast,
} from "./flows";

const browser = startBrowser();

interface Focused {
  tag: string;
  name: string;
  /** A focus indicator a sighted keyboard user can see: an outline or a ring (box-shadow). */
  visible: boolean;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: "body", name: "", visible: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    const label = (element as HTMLInputElement).labels?.[0]?.textContent;
    const name = element.getAttribute("aria-label") ?? label ?? element.textContent ?? "";
    return { tag: element.tagName.toLowerCase(), name: name.trim(), visible: outline || ring };
  });
}

/** Presses Tab until the focused element's name matches, checking every stop shows where focus is. */
async function tabTo(page: Page, name: RegExp, key = "Tab"): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    expect(now.visible, `focus is visible on <${now.tag}> "${now.name}"`).toBe(true);
    if (name.test(now.name)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

describe("keyboard only", () => {
  it("signs up, creates a test, copies its link and deletes it, with focus always visible and returned", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.baseURL });
    await page.goto("/");
    await page.getByRole("link", { name: /^Get Started/ }).waitFor();

    await tabTo(page, /^Get Started/);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByRole("button", { name: "Create account" }).waitFor();
    const email = `keyboard-${Date.now()}@example.com`;
    await tabTo(page, /^Email$/);
    await page.keyboard.type(email);
    await tabTo(page, /^Password$/);
    await page.keyboard.type(PASSWORD);
    await tabTo(page, /^Create account$/);
    await page.keyboard.press("Enter");
    // The form gives way to where the link went, and focus goes with it.
    const checkEmail = page.getByRole("heading", { name: "Check your email" });
    await checkEmail.waitFor();
    expect(await isFocused(checkEmail)).toBe(true);
    await page.goto(await linkFromOutbox(page, email, "/verify-email"));
    await page.getByText("Your email address is verified.").waitFor();
    await tabTo(page, /^Go to dashboard$/);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByText("No split tests yet").waitFor();

    await tabTo(page, /^Create New Test$/);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/create-test");
    await page.getByLabel("Test Name").waitFor();
    await tabTo(page, /^Test Name/);
    await page.keyboard.type("Keyboard test");
    await tabTo(page, /^URL A/);
    await page.keyboard.type("https://example.com/a");
    await tabTo(page, /^URL B/);
    await page.keyboard.type("https://example.com/b");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/test/"));
    const slug = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.getByRole("button", { name: "Copy link" }).waitFor();

    await tabTo(page, /^Copy link$/);
    await page.keyboard.press("Enter");
    await visibleToast(page, TEST_MESSAGES.linkCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${browser.baseURL}/r/${slug}`);

    await tabTo(page, /Back to Dashboard/, "Shift+Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByRole("button", { name: "Delete Keyboard test" }).waitFor();
    await tabTo(page, /^Delete Keyboard test$/);

    // Escape closes the confirmation and gives focus back to the button that opened it.
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Are you absolutely sure?" });
    await dialog.waitFor();
    // Focus moves once the dialog's open and close animations have run: wait for it.
    await expect.poll(async () => (await focused(page)).visible, { timeout: 5_000 }).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(() => focused(page), { timeout: 5_000 })
      .toMatchObject({ name: "Delete Keyboard test", visible: true });

    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await tabTo(page, /^Delete$/);
    await page.keyboard.press("Enter");
    await visibleToast(page, TEST_MESSAGES.deleted);
    await page.getByText("No split tests yet").waitFor();
    // The button left with its row: focus lands on the page's heading, not on nothing.
    await expect.poll(async () => (await focused(page)).tag, { timeout: 5_000 }).toBe("h1");
  });
});

describe("keyboard only in Settings", () => {
  it("moves between sections with the side navigation, marking the current one (wide)", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `keyboard-settings-${Date.now()}@example.com`);
    await page.goto("/settings");
    await page.waitForURL((url) => url.pathname === "/settings/account");
    const nav = page.getByRole("navigation", { name: "Settings" });
    await nav.getByRole("link", { name: "Account and security" }).waitFor();
    expect(await nav.getByRole("link", { name: "Account and security" }).getAttribute("aria-current")).toBe(
      "page",
    );

    await tabTo(page, /^API keys$/);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/settings/api-keys");
    await page.getByText("No API keys yet").waitFor();
    expect(await nav.getByRole("link", { name: "API keys" }).getAttribute("aria-current")).toBe("page");
    expect(
      await nav.getByRole("link", { name: "Account and security" }).getAttribute("aria-current"),
    ).toBeNull();
  });

  it("opens the section menu on a phone's width, follows a link, and closes it with Escape", async () => {
    const page = await browser.newPage(WIDTHS.narrow);
    await signUpOverHttp(page, `keyboard-settings-narrow-${Date.now()}@example.com`);
    await page.goto("/settings/account");
    const nav = page.getByRole("navigation", { name: "Settings" });
    const toggle = nav.getByRole("button", { name: /Settings section/ });
    await toggle.waitFor();
    // Folded: the links are not in the tab order until the menu opens.
    expect(await nav.getByRole("link", { name: "Webhooks" }).isVisible()).toBe(false);

    await tabTo(page, /^Settings section: Account and security$/);
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect((await focused(page)).name).toBe("Settings section: Account and security");

    await page.keyboard.press("Enter");
    await tabTo(page, /^Webhooks$/);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/settings/webhooks");
    await page.getByText("No webhook endpoints yet").waitFor();
    expect(await toggle.textContent()).toBe("Settings section: Webhooks");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("reduced motion", () => {
  async function dialogAnimation(page: Page): Promise<string> {
    await page.goto("/domains");
    await page.getByRole("button", { name: "Add Your First Domain" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Custom Domain" });
    await dialog.waitFor();
    return dialog.evaluate((element) => getComputedStyle(element).animationName);
  }

  it("animates dialogs only for visitors who have not asked for less motion", async () => {
    const page = await browser.newPage(WIDTHS.narrow);
    // The Add Domain dialog opens for a verified email only.
    const email = `motion-${Date.now()}@example.com`;
    await signUp(page, email);
    await verifyEmail(page, email);

    expect(await dialogAnimation(page)).not.toBe("none");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.keyboard.press("Escape");
    expect(await dialogAnimation(page)).toBe("none");
    const spinnerOrButton = page.getByRole("button", { name: "Add Domain" });
    expect(await spinnerOrButton.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe(
      "0s",
    );
  });
});
