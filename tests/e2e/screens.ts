import type { Page } from "playwright-core";
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  DOMAIN_MESSAGES,
  SLACK_MESSAGES,
  VARIANT_MESSAGES,
  WEBHOOK_MESSAGES,
  WORKSPACE_MESSAGES,
} from "../../contract/messages";
import { PHASE_MESSAGES } from "../../contract/phases";
import { BREAKDOWN_MESSAGES } from "../../web/src/features/test-detail/breakdowns/messages";
import { TWO_FACTOR_SCREEN_MESSAGES } from "../../web/src/lib/auth/two-factor-screen-messages";
import { MEMBER_SCREEN_MESSAGES } from "../../web/src/lib/workspaces/member-screen-messages";
import { createKeyRefusedOnceForPassword, PASSWORD, visibleToast, visitFromNewAddresses } from "./flows";

/**
 * Whose screen it is: a visitor, a marketer who has not verified their email yet, a verified one with
 * nothing yet, or one with a test and a domain.
 */
export type Who = "signed-out" | "signed-in, unverified" | "signed-in, empty" | "signed-in, with data";

export interface Screen {
  name: string;
  who: Who;
  /** The browser tab's title. */
  title: string;
  /** Opens the screen (and its dialog or error state) from wherever the page is. */
  open(page: Page, data: TestData): Promise<void>;
}

export interface TestData {
  slug: string;
  domain: string;
}

const LANDING = "SplitLink — A/B Testing Made Simple";
const titled = (screen: string) => `${screen} — SplitLink`;
/** A section of Settings, e.g. "API keys · Settings — SplitLink". */
const settingsTitled = (section: string) => titled(`${section} · Settings`);

async function visit(page: Page, path: string, ready: string) {
  await page.goto(path);
  await page.getByText(ready).first().waitFor();
}

// Every screen of the SPA, signed out and signed in. A new screen is one entry here.
export const SCREENS: Screen[] = [
  {
    name: "landing",
    who: "signed-out",
    title: LANDING,
    open: (page) => visit(page, "/", "A/B Testing Made Simple"),
  },
  {
    name: "login",
    who: "signed-out",
    title: titled("Log in"),
    open: (page) => visit(page, "/login", "Welcome"),
  },
  {
    name: "login, errors shown",
    who: "signed-out",
    title: titled("Log in"),
    async open(page) {
      await visit(page, "/login", "Welcome");
      await page.getByLabel("Email").fill("someone@example.com");
      await page.getByLabel("Password").fill("wrong password");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.getByText("Invalid login credentials").first().waitFor();
    },
  },
  {
    name: "sign up",
    who: "signed-out",
    title: titled("Sign up"),
    open: (page) => visit(page, "/login?tab=signup", "Create account"),
  },
  {
    name: "sign-up, check your email",
    who: "signed-out",
    title: titled("Sign up"),
    async open(page) {
      await visit(page, "/login?tab=signup", "Create account");
      await page.getByLabel("Email").fill(`axe-check-email-${crypto.randomUUID()}@example.com`);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByRole("heading", { name: "Check your email" }).waitFor();
    },
  },
  {
    name: "404",
    who: "signed-out",
    title: titled("Page not found"),
    open: (page) => visit(page, "/no-such-page", "404"),
  },
  {
    name: "forgot password",
    who: "signed-out",
    title: titled("Reset your password"),
    open: (page) => visit(page, "/forgot-password", "Reset your password"),
  },
  {
    name: "reset password",
    who: "signed-out",
    title: titled("Set a new password"),
    open: (page) => visit(page, "/reset-password?token=not-a-token", "Set a new password"),
  },
  {
    name: "verify email, invalid link",
    who: "signed-out",
    title: titled("Verify your email"),
    open: (page) => visit(page, "/verify-email?token=not-a-token", ACCOUNT_MESSAGES.invalidLink),
  },
  {
    name: "API docs",
    who: "signed-out",
    title: titled("API reference"),
    async open(page) {
      await page.goto("/docs/api");
      await page.getByText("Create a split test").waitFor();
    },
  },
  {
    name: "dashboard, email not verified",
    who: "signed-in, unverified",
    title: titled("Dashboard"),
    open: (page) => visit(page, "/dashboard", "Resend email"),
  },
  {
    name: "domains, email not verified",
    who: "signed-in, unverified",
    title: titled("Custom Domains"),
    open: (page) => visit(page, "/domains", "Resend email"),
  },
  {
    name: "landing, signed in",
    who: "signed-in, empty",
    title: LANDING,
    open: (page) => visit(page, "/", "A/B Testing Made Simple"),
  },
  {
    name: "dashboard, empty",
    who: "signed-in, empty",
    title: titled("Dashboard"),
    open: (page) => visit(page, "/dashboard", "No split tests yet"),
  },
  {
    name: "domains, empty",
    who: "signed-in, empty",
    title: titled("Custom Domains"),
    open: (page) => visit(page, "/domains", "No custom domains yet"),
  },
  {
    name: "add domain dialog",
    who: "signed-in, empty",
    title: titled("Custom Domains"),
    async open(page) {
      await visit(page, "/domains", "No custom domains yet");
      await page.getByRole("button", { name: "Add Your First Domain" }).click();
      const dialog = page.getByRole("dialog", { name: "Add New Custom Domain" });
      await dialog.getByLabel("Domain", { exact: true }).fill("not a domain");
      await dialog.getByRole("button", { name: "Add Domain" }).click();
      await visibleToast(page, DOMAIN_MESSAGES.invalidFormat);
    },
  },
  {
    name: "create test",
    who: "signed-in, empty",
    title: titled("Create a New Split Test"),
    open: (page) => visit(page, "/create-test", "Create a New Split Test"),
  },
  {
    name: "import links",
    who: "signed-in, empty",
    title: titled("Import links"),
    open: (page) => visit(page, "/import", "Choose a CSV file"),
  },
  {
    name: "import links, a file refused",
    who: "signed-in, empty",
    title: titled("Import links"),
    async open(page) {
      await visit(page, "/import", "Choose a CSV file");
      await page.getByTestId("import-file").setInputFiles({
        name: "people.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("email,first_name\nann@shop.example,Ann\n"),
      });
      await page.getByText("The header row matches no format").first().waitFor();
    },
  },
  {
    name: "create test, errors shown",
    who: "signed-in, empty",
    title: titled("Create a New Split Test"),
    async open(page) {
      await visit(page, "/create-test", "Create a New Split Test");
      await page.getByLabel("Test Name").fill("Errors");
      await page.getByLabel("URL A").fill("not a url");
      await page.getByLabel("URL B").fill("also not a url");
      await page.getByRole("button", { name: "Create Test" }).click();
      await page.getByText("Please enter valid URLs").first().waitFor();
    },
  },
  {
    name: "create test, three variants and their weights",
    who: "signed-in, empty",
    title: titled("Create a New Split Test"),
    async open(page) {
      await visit(page, "/create-test", "Create a New Split Test");
      await page.getByRole("button", { name: "Add variant" }).click();
      await page.getByRole("button", { name: "Change split" }).click();
      await page.getByLabel("Weight of variant A").fill("50");
      await page.getByText(VARIANT_MESSAGES.total).first().waitFor();
    },
  },
  {
    name: "create test, errors at the weights",
    who: "signed-in, empty",
    title: titled("Create a New Split Test"),
    async open(page) {
      await visit(page, "/create-test", "Create a New Split Test");
      await page.getByLabel("Test Name").fill("Weights");
      await page.getByLabel("URL A").fill("https://shop.example/a");
      await page.getByLabel("URL B").fill("https://shop.example/b");
      await page.getByRole("button", { name: "Change split" }).click();
      await page.getByLabel("Weight of variant A").fill("60");
      await page.getByRole("button", { name: "Create Test" }).click();
      await page.locator('[aria-label="Weight of variant A"][aria-invalid="true"]').waitFor();
    },
  },
  {
    name: "create test, errors in a rule",
    who: "signed-in, empty",
    title: titled("Create a New Split Test"),
    async open(page) {
      await visit(page, "/create-test", "Create a New Split Test");
      await page.getByLabel("Test Name").fill("Rules");
      await page.getByLabel("URL A").fill("https://shop.example/a");
      await page.getByLabel("URL B").fill("https://shop.example/b");
      await page.getByText("Audience rules (optional)").click();
      await page.getByRole("button", { name: "Add rule" }).click();
      await page.getByRole("button", { name: "Create Test" }).click();
      await page.locator('[aria-label="Rule 1, URL to send to"][aria-invalid="true"]').waitFor();
    },
  },
  {
    name: "create test, the planner",
    who: "signed-in, empty",
    title: titled("Create a New Split Test"),
    async open(page) {
      await visit(page, "/create-test", "Create a New Split Test");
      await page.getByText("How long it takes (optional)").click();
      await page.getByLabel("Visitors a day").fill("2000");
      await page.getByText(/^Each version needs about/).waitFor();
    },
  },
  {
    name: "create test, audience rules",
    who: "signed-in, empty",
    title: titled("Create a New Split Test"),
    async open(page) {
      await visit(page, "/create-test", "Create a New Split Test");
      await page.getByText("Audience rules (optional)").click();
      await page.getByRole("button", { name: "Add rule" }).click();
      await page.getByRole("button", { name: "Add rule" }).click();
      await page.getByLabel("Rule 2, condition 1", { exact: true }).selectOption("query");
      await page.getByLabel("Join the experiment").nth(1).check();
      await page.getByLabel("Fallback URL").waitFor();
    },
  },
  {
    name: "404, signed in",
    who: "signed-in, empty",
    title: titled("Page not found"),
    open: (page) => visit(page, "/no-such-page", "404"),
  },
  {
    name: "settings, account and security",
    who: "signed-in, empty",
    title: settingsTitled("Account and security"),
    open: (page) => visit(page, "/settings/account", TWO_FACTOR_SCREEN_MESSAGES.setUp),
  },
  {
    name: "settings, side navigation (a menu on a phone)",
    who: "signed-in, empty",
    title: settingsTitled("Account and security"),
    async open(page) {
      await visit(page, "/settings/account", TWO_FACTOR_SCREEN_MESSAGES.setUp);
      const nav = page.getByRole("navigation", { name: "Settings" });
      const toggle = nav.getByRole("button", { name: /Settings section/ });
      if (await toggle.isVisible()) await toggle.click();
      await nav.getByRole("link", { name: "Activity" }).waitFor();
    },
  },
  {
    name: "two-factor set-up",
    who: "signed-in, empty",
    title: settingsTitled("Account and security"),
    async open(page) {
      await visit(page, "/settings/account", TWO_FACTOR_SCREEN_MESSAGES.setUp);
      await page.getByRole("button", { name: TWO_FACTOR_SCREEN_MESSAGES.setUp }).click();
      await page.getByRole("img", { name: TWO_FACTOR_SCREEN_MESSAGES.scanIntro }).waitFor();
      await page.getByLabel(TWO_FACTOR_SCREEN_MESSAGES.codeLabel, { exact: true }).waitFor();
    },
  },
  {
    name: "settings, workspace",
    who: "signed-in, empty",
    title: settingsTitled("Workspace"),
    open: (page) => visit(page, "/settings/workspace", "Site tag"),
  },
  {
    name: "settings, members",
    who: "signed-in, empty",
    title: settingsTitled("Members"),
    async open(page) {
      // Not by the text "Members": at 1280 px its first match on the page is one no one sees.
      await page.goto("/settings/members");
      const members = page.getByRole("list", { name: MEMBER_SCREEN_MESSAGES.membersTitle });
      await members.getByRole("listitem").first().waitFor();
    },
  },
  {
    name: "settings, API keys",
    who: "signed-in, empty",
    title: settingsTitled("API keys"),
    open: (page) => visit(page, "/settings/api-keys", "No API keys yet"),
  },
  {
    name: "recent password prompt",
    who: "signed-in, empty",
    title: settingsTitled("API keys"),
    async open(page) {
      await visit(page, "/settings/api-keys", "No API keys yet");
      await createKeyRefusedOnceForPassword(page, "Prompted");
      await page.getByRole("dialog", { name: AUTH_MESSAGES.reauthTitle }).getByLabel("Password").waitFor();
    },
  },
  {
    name: "settings, webhooks",
    who: "signed-in, empty",
    title: settingsTitled("Webhooks"),
    open: (page) => visit(page, "/settings/webhooks", "No webhook endpoints yet"),
  },
  {
    name: "settings, integrations",
    who: "signed-in, empty",
    title: settingsTitled("Integrations"),
    open: (page) => visit(page, "/settings/integrations", SLACK_MESSAGES.notConnectedYet),
  },
  {
    name: "settings, activity",
    who: "signed-in, empty",
    title: settingsTitled("Activity"),
    async open(page) {
      await visit(page, "/settings/activity", "Activity log");
      await page.getByRole("region", { name: "Activity log" }).waitFor();
    },
  },
  {
    name: "workspace menu",
    who: "signed-in, empty",
    title: titled("Dashboard"),
    async open(page) {
      await visit(page, "/dashboard", "Your Split Tests");
      await page.getByRole("button", { name: /^Workspace: / }).click();
      await page.getByRole("menuitem", { name: "New workspace" }).waitFor();
    },
  },
  {
    name: "new workspace dialog, with a message",
    who: "signed-in, empty",
    title: titled("Dashboard"),
    async open(page) {
      await visit(page, "/dashboard", "Your Split Tests");
      await page.getByRole("button", { name: /^Workspace: / }).click();
      await page.getByRole("menuitem", { name: "New workspace" }).click();
      const dialog = page.getByRole("dialog", { name: "New workspace" });
      await dialog.getByRole("button", { name: "Create workspace" }).click();
      await dialog.getByText(WORKSPACE_MESSAGES.nameRequired).waitFor();
    },
  },
  {
    name: "add webhook endpoint dialog, with a message",
    who: "signed-in, empty",
    title: settingsTitled("Webhooks"),
    async open(page) {
      await visit(page, "/settings/webhooks", "No webhook endpoints yet");
      await page.getByRole("button", { name: "Add your first endpoint" }).click();
      const dialog = page.getByRole("dialog", { name: "Add webhook endpoint" });
      await dialog.getByRole("button", { name: "Add endpoint" }).click();
      await dialog.getByText(WEBHOOK_MESSAGES.urlRequired).waitFor();
    },
  },
  {
    name: "create API key dialog",
    who: "signed-in, empty",
    title: settingsTitled("API keys"),
    async open(page) {
      await visit(page, "/settings/api-keys", "No API keys yet");
      await page.getByRole("button", { name: "Create your first API key" }).click();
      await page.getByRole("dialog", { name: "Create API key" }).waitFor();
    },
  },
  {
    name: "dashboard, with a test",
    who: "signed-in, with data",
    title: titled("Dashboard"),
    open: (page) => visit(page, "/dashboard", "Axe test"),
  },
  {
    name: "dashboard, searched and filtered",
    who: "signed-in, with data",
    title: titled("Dashboard"),
    async open(page) {
      await visit(page, "/dashboard", "Axe test");
      await page.getByLabel("Search by name").fill("nothing like it");
      await page.getByLabel("Status").selectOption("paused");
      await page.getByText("No tests found").waitFor();
    },
  },
  {
    name: "test detail",
    who: "signed-in, with data",
    title: titled("Axe test"),
    open: (page, data) => visit(page, `/test/${data.slug}`, "Axe test"),
  },
  {
    name: "test detail, results with the details for statisticians open",
    who: "signed-in, with data",
    title: titled("Axe test"),
    async open(page, data) {
      // A visitor from an address of their own (this signed-in member's clicks are internal), counted
      // through the queue: reload until the results show.
      await visitFromNewAddresses(new URL(`/r/${data.slug}`, page.url()).href, 1, Date.now() % 16_000_000);
      for (let attempt = 0; attempt < 30; attempt++) {
        await visit(page, `/test/${data.slug}`, "Axe test");
        await page.locator("[data-recommendation]").or(page.getByText("No visits yet")).first().waitFor();
        if ((await page.locator("[data-recommendation]").count()) > 0) break;
        await page.waitForTimeout(1000);
      }
      await page.getByText("Details for statisticians").click();
      await page.getByText("These figures do not decide", { exact: false }).waitFor();
    },
  },
  {
    name: "delete test dialog",
    who: "signed-in, with data",
    title: titled("Dashboard"),
    async open(page) {
      await visit(page, "/dashboard", "Axe test");
      // On a narrow screen each test is a card that opens to show its actions.
      const card = page.getByRole("button", { name: "Axe test", exact: true, expanded: false });
      if ((await card.count()) > 0) await card.click();
      await page.getByRole("button", { name: "Delete Axe test" }).click();
      await page.getByRole("alertdialog", { name: "Are you absolutely sure?" }).waitFor();
    },
  },
  {
    name: "promote winner dialog",
    who: "signed-in, with data",
    title: titled("Axe test"),
    async open(page, data) {
      await visit(page, `/test/${data.slug}`, "Axe test");
      // No verdict yet: the quiet "Choose a version" opens the same dialog as "Promote winner".
      await page.getByRole("button", { name: "Choose a version" }).click();
      await page.getByRole("alertdialog", { name: "Send everyone to one version" }).waitFor();
    },
  },
  {
    name: "share dialog, with a link",
    who: "signed-in, with data",
    title: titled("Axe test"),
    async open(page, data) {
      await visit(page, `/test/${data.slug}`, "Axe test");
      await page.getByRole("button", { name: "Share results" }).click();
      const dialog = page.getByRole("dialog", { name: "Share the results" });
      const create = dialog.getByRole("button", { name: "Create a link" });
      const link = dialog.getByLabel("Report link", { exact: true });
      await create.or(link).waitFor();
      if (await create.isVisible()) await create.click();
      await link.waitFor();
    },
  },
  {
    name: "shared report page",
    who: "signed-in, with data",
    title: "Axe test — SplitLink results",
    async open(page, data) {
      const headers = { origin: new URL(page.url()).origin };
      const shared = await page.request.post(`/api/tests/${data.slug}/share`, { headers });
      const { url } = (await shared.json()) as { url: string };
      await visit(page, url, "Recommendation");
    },
  },
  {
    name: "test detail, changing the audience rules",
    who: "signed-in, with data",
    title: titled("Axe test"),
    async open(page, data) {
      await visit(page, `/test/${data.slug}`, "Axe test");
      await page.getByRole("button", { name: "Change rules" }).click();
      await page.getByRole("button", { name: "Add rule" }).click();
      await page.getByRole("button", { name: "Save rules" }).waitFor();
    },
  },
  {
    name: "domains, with a domain",
    who: "signed-in, with data",
    title: titled("Custom Domains"),
    open: (page, data) => visit(page, "/domains", data.domain),
  },
  {
    name: "settings, with a webhook endpoint and its delivery log",
    who: "signed-in, with data",
    title: settingsTitled("Webhooks"),
    async open(page) {
      await page.goto("/settings/webhooks");
      const origin = new URL(page.url()).origin;
      await page.request.post("/api/webhooks", {
        headers: { origin },
        data: {
          url: "https://hooks.example.com/splitlink",
          events: ["test.completed", "conversion.recorded"],
        },
      });
      await visit(page, "/settings/webhooks", "https://hooks.example.com/splitlink");
      await page.getByRole("button", { name: "Delivery log" }).first().click();
      await page.getByText("No deliveries yet").first().waitFor();
    },
  },
  {
    name: "test detail, breakdowns with a visitor",
    who: "signed-in, with data",
    title: titled("Axe test"),
    async open(page, data) {
      // A desktop visitor from an address of their own (this signed-in member's clicks are internal);
      // the count arrives through the queue.
      await visitFromNewAddresses(new URL(`/r/${data.slug}`, page.url()).href, 1, Date.now() % 16_000_000);
      const warning = page.getByText(BREAKDOWN_MESSAGES.warning);
      for (let attempt = 0; attempt < 30 && (await warning.count()) === 0; attempt++) {
        if (attempt > 0) await page.waitForTimeout(500);
        await visit(page, `/test/${data.slug}`, "Axe test");
        await warning.or(page.getByText(BREAKDOWN_MESSAGES.noData)).waitFor();
      }
      if ((await warning.count()) === 0) throw new Error("The visitor was not counted");
      await page.getByRole("tab", { name: "Country" }).click();
    },
  },
  {
    // After the breakdowns' visitor: the test has counted a click, so new URLs start phase 2.
    name: "test detail, a running test's variants editor saying what saving does",
    who: "signed-in, with data",
    title: titled("Axe test"),
    async open(page, data) {
      await visit(page, `/test/${data.slug}`, "Axe test");
      await page.getByRole("button", { name: "Edit variants" }).click();
      await page.getByLabel("Name of variant B (optional)").fill("Red button");
      await page.getByLabel("URL B").fill("https://example.com/b-fixed");
      await page.getByText(PHASE_MESSAGES.newPhase(1)).waitFor();
    },
  },
  {
    name: "test detail, phase 2 with phase 1's results",
    who: "signed-in, with data",
    title: titled("Axe test"),
    async open(page, data) {
      const save = page.getByRole("button", { name: "Save variants" });
      // The editor the screen before left open; opened again if a refresh of the page closed it.
      if (!(await save.isVisible())) {
        await visit(page, `/test/${data.slug}`, "Axe test");
        await page.getByRole("button", { name: "Edit variants" }).click();
        await page.getByLabel("URL B").fill("https://example.com/b-fixed");
      }
      await save.click();
      const phases = page.getByRole("region", { name: "Phase 2" });
      await phases.waitFor();
      // The page as the marketer finds it again, phase 1's results loaded with the analytics.
      await visit(page, `/test/${data.slug}`, "Axe test");
      await phases.getByText(/^Phase 1 results/).click();
      await phases.getByRole("rowheader", { name: "B", exact: true }).waitFor();
    },
  },
  {
    name: "delete domain dialog",
    who: "signed-in, with data",
    title: titled("Custom Domains"),
    async open(page, data) {
      await visit(page, "/domains", data.domain);
      await page.getByRole("button", { name: `Delete ${data.domain}` }).click();
      await page.getByRole("alertdialog", { name: "Delete this domain?" }).waitFor();
    },
  },
];
