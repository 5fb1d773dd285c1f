import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { WORKSPACE_MESSAGES } from "../../contract/messages";
import { WORKSPACE_HEADER } from "../../contract/workspaces";
import { WORKSPACE_SCREEN_MESSAGES } from "../../web/src/lib/workspaces/workspace-screen-messages";
import { screenshot, startBrowser, WIDTHS } from "./browser";
import { createTestFromForm, signUpOverHttp, visibleToast } from "./flows";

const browser = startBrowser();

/** The header's switcher: its name says the current workspace and the user's role there. */
const switcher = (page: Page) => page.getByRole("button", { name: /^Workspace: / });

/** The current workspace and role as the switcher shows them, e.g. "Acme client Owner". */
async function current(page: Page): Promise<string> {
  const name = (await switcher(page).textContent()) ?? "";
  return name.replace("Workspace:", "").replace(/\s+/g, " ").trim();
}

async function createWorkspaceFromSwitcher(page: Page, name: string): Promise<void> {
  await switcher(page).click();
  await page.getByRole("menuitem", { name: "New workspace" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Workspace name").fill(name);
  await dialog.getByRole("button", { name: "Create workspace" }).click();
  await dialog.waitFor({ state: "detached" });
}

describe("workspaces in the app", () => {
  for (const [width, size] of Object.entries(WIDTHS)) {
    it(`keeps each workspace's tests apart, switched from the header (${width})`, async () => {
      const page = await browser.newPage(size);
      await signUpOverHttp(page, `workspaces-${width}-${Date.now()}@example.com`);
      await page.goto("/dashboard");
      await switcher(page).waitFor();
      expect(await current(page)).toBe("Personal Owner");
      await createTestFromForm(page, "Personal test");

      // The name is checked next to the field before anything is sent.
      await page.goto("/dashboard");
      await switcher(page).click();
      await page.getByRole("menuitem", { name: "New workspace" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Create workspace" }).click();
      await dialog.getByText(WORKSPACE_MESSAGES.nameRequired).waitFor();
      expect(await dialog.getByLabel("Workspace name").getAttribute("aria-invalid")).toBe("true");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      // A new workspace becomes the current one, empty, on the dashboard.
      await createWorkspaceFromSwitcher(page, "Acme client");
      await page.waitForURL((url) => url.pathname === "/dashboard");
      expect(await current(page)).toBe("Acme client Owner");
      await page.getByText("No split tests yet").waitFor();
      expect(await page.getByText("Personal test").count()).toBe(0);
      await screenshot(page, `workspaces-new-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

      await createTestFromForm(page, "Client test");
      await page.goto("/dashboard");
      await page.getByText("Client test").first().waitFor();
      expect(await page.getByText("Personal test").count()).toBe(0);

      // Back in the personal workspace, by keyboard: the client's test is not listed there.
      await switcher(page).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("menuitemradio", { name: /Personal/ }).focus();
      await page.keyboard.press("Enter");
      await page.getByText("Personal test").first().waitFor();
      expect(await page.getByText("Client test").count()).toBe(0);
      expect(await current(page)).toBe("Personal Owner");

      // The choice is remembered by the browser: a reload stays in the workspace chosen last.
      await switcher(page).click();
      await page.getByRole("menuitemradio", { name: /Acme client/ }).click();
      await page.getByText("Client test").first().waitFor();
      await page.reload();
      await page.getByText("Client test").first().waitFor();
      expect(await page.getByText("Personal test").count()).toBe(0);
    });
  }

  it("sends the user back to their personal workspace, and says why, once the current one is gone", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `workspaces-gone-${Date.now()}@example.com`);
    await page.goto("/dashboard");
    await createWorkspaceFromSwitcher(page, "Short lived");
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByText("No split tests yet").waitFor();

    // Deleted elsewhere (another tab, another owner) while this page is open.
    const { workspaces } = (await (await page.request.get("/api/workspaces")).json()) as {
      workspaces: { id: string; name: string }[];
    };
    const gone = workspaces.find((each) => each.name === "Short lived");
    expect(gone).toBeDefined();
    const deleted = await page.request.delete(`/api/workspaces/${gone?.id}`, {
      headers: { origin: browser.baseURL, [WORKSPACE_HEADER]: gone?.id ?? "" },
    });
    expect(deleted.status(), await deleted.text()).toBe(200);

    await page.getByRole("link", { name: "Manage Domains" }).click();
    await visibleToast(page, WORKSPACE_SCREEN_MESSAGES.lostAccess("Short lived"));
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expect(await current(page)).toBe("Personal Owner");
  });

  it("opens a test's link in the workspace that holds it, says so, and shows a stranger no trace of it", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `workspaces-link-${Date.now()}@example.com`);
    const headers = { origin: browser.baseURL, "content-type": "application/json" };
    const made = await page.request.post("/api/workspaces", { headers, data: { name: "Acme client" } });
    expect(made.status()).toBe(201);
    const team = ((await made.json()) as { workspace: { id: string } }).workspace.id;
    const created = await page.request.post("/api/tests", {
      headers: { ...headers, [WORKSPACE_HEADER]: team },
      data: { name: "Client's pricing", urlA: "https://example.com/a", urlB: "https://example.com/b" },
    });
    expect(created.status()).toBe(201);
    const { slug } = ((await created.json()) as { test: { slug: string } }).test;

    // The personal workspace is open (the browser remembers nothing else): the link still opens.
    await page.goto("/dashboard");
    expect(await current(page)).toBe("Personal Owner");
    await page.goto(`/test/${slug}`);
    await visibleToast(page, WORKSPACE_SCREEN_MESSAGES.switchedForLink("Acme client"));
    await page.getByRole("heading", { name: "Client's pricing" }).waitFor();
    expect(await current(page)).toBe("Acme client Owner");
    expect(new URL(page.url()).pathname).toBe(`/test/${slug}`);

    // Someone who is in none of its workspaces sees what a slug no test has shows.
    const stranger = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(stranger, `workspaces-stranger-${Date.now()}@example.com`);
    await stranger.goto(`/test/${slug}`);
    await stranger.getByRole("heading", { name: "Test Not Found" }).waitFor();
    expect(await stranger.getByText("Acme client").count()).toBe(0);
    expect(await stranger.getByText("Client's pricing").count()).toBe(0);
    expect(await current(stranger)).toBe("Personal Owner");
  });

  it("lets the owner rename the workspace and delete it after typing its name", async () => {
    const page = await browser.newPage(WIDTHS.narrow);
    await signUpOverHttp(page, `workspaces-settings-${Date.now()}@example.com`);
    await page.goto("/dashboard");
    await createWorkspaceFromSwitcher(page, "Agency");
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.goto("/settings/workspace");
    const section = page.getByRole("region", { name: "Workspace" });
    await section.getByLabel("Workspace name").fill("Agency team");
    await section.getByRole("button", { name: "Rename" }).click();
    await visibleToast(page, WORKSPACE_SCREEN_MESSAGES.renamed);
    expect(await current(page)).toBe("Agency team Owner");

    await section.getByRole("button", { name: "Delete workspace" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Type Agency team to confirm").fill("Agency");
    await dialog.getByRole("button", { name: "Delete workspace" }).click();
    await dialog.getByText(WORKSPACE_SCREEN_MESSAGES.deleteNameMismatch).waitFor();
    await dialog.getByLabel("Type Agency team to confirm").fill("Agency team");
    await dialog.getByRole("button", { name: "Delete workspace" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expect(await current(page)).toBe("Personal Owner");
    await switcher(page).click();
    expect(await page.getByRole("menuitemradio", { name: /Agency team/ }).count()).toBe(0);

    // The personal workspace has no delete: it goes with the account.
    await page.keyboard.press("Escape");
    await page.goto("/settings/workspace");
    await page.getByRole("region", { name: "Workspace" }).getByLabel("Workspace name").waitFor();
    expect(await page.getByRole("button", { name: "Delete workspace" }).count()).toBe(0);
  });

  it("creates an API key that can only read, and lists it as such", async () => {
    const page = await browser.newPage(WIDTHS.wide);
    await signUpOverHttp(page, `workspaces-keys-${Date.now()}@example.com`);
    await page.goto("/settings/api-keys");
    await page.getByRole("button", { name: "Create your first API key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Key name").fill("Reporting");
    await dialog.getByLabel(/Read only/).check();
    await dialog.getByRole("button", { name: "Create key" }).click();
    const key = (await dialog.getByTestId("new-api-key").textContent())?.trim() ?? "";
    await page.keyboard.press("Escape");
    await page.getByRole("listitem").filter({ hasText: "Reporting" }).getByText("Read only").waitFor();

    // The API agrees: the key reads, and is refused a change.
    const auth = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    expect((await page.request.get("/api/v1/tests", { headers: auth })).status()).toBe(200);
    const change = await page.request.post("/api/v1/tests", {
      headers: auth,
      data: { name: "Nope", urlA: "https://example.com/a", urlB: "https://example.com/b" },
    });
    expect(change.status()).toBe(403);
  });
});
